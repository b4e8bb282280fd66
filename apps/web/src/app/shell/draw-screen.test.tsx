import { QueryClient, hydrate } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DRAWN_SCREENS } from '../pwa/drawn-screens';
import { profileQueryOptions } from '../../api/profile';
import { upcomingGroupsQueryOptions } from '../../features/lessons/api/schedule-queries';
import { profileFixture } from '../../test/profile';
import { scheduledLesson } from '../../test/lessons';
import { drawScreen, SHELL_PAGES } from './render';

/**
 * The server's drawing of a signed-in screen with the parent's data (decision 056), as the
 * server runs it: in Node (no window), the API answered by the server (here: `answers`).
 */
const UPCOMING = SHELL_PAGES.find((page) => page.path === '/home/children/AttendClassNow')!;

function answersFor(parent: string, child: string, lessons: string[]) {
  const asked: string[] = [];
  const data = (url: string): unknown => {
    const { pathname } = new URL(url, 'http://portal.invalid');
    if (pathname === '/api/user/profile')
      return profileFixture({
        name: parent,
        student_info: {
          student_sn: child,
          avatar: '',
          nickname: child,
          month_complete: 0,
          month_pending: 0,
          month_no_show: 0,
        },
      });
    if (pathname === '/api/accounts')
      return {
        balance: 35,
        balance_valid: 35,
        purchased_credit: 35,
        reward_credit: 0,
        member_expire_show: '',
        member_type: 0,
        language: 'en',
      };
    if (pathname === '/api/students')
      return [
        { student_sn: child, nickname: child, birth_date: '2018-01-01', avatar: '', id: 1, age: 8 },
      ];
    if (pathname === '/api/userSchedukeForStudentSeven')
      return [
        {
          title: 'Friday, November 20',
          data: lessons.map((title, index) =>
            scheduledLesson({ lesson_sn: `L${index}`, student_sn: child, subject_title: title }),
          ),
        },
      ];
    throw new Error(`not answered: ${url}`);
  };
  const answer = async (url: string) => {
    asked.push(url);
    await new Promise((resolve) => setTimeout(resolve, 5));
    return Response.json({
      code: 200,
      msg: 'ok',
      data: data(url),
      total: lessons.length,
      now_status: 0,
    });
  };
  return { answer, asked };
}

/** A zone as the server gives it: its name and its offsets (here fixed). */
const inZone = (name: string, offset: number) => ({ name, offsetAt: () => offset });

/** In Node, as the server draws. */
function asServer() {
  vi.stubGlobal('window', undefined);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("a signed-in screen drawn on the server with the parent's data (decision 056)", () => {
  it("draws the current child's first lessons, in the visitor's zone, with the answers for the app", async () => {
    const { answer, asked } = answersFor('Li Wei', 'S 1', ['Phonics', 'Reading']);
    asServer();
    const url = new URL('http://portal.invalid/home/children/AttendClassNow');
    const drawn = await drawScreen('en', UPCOMING, url, inZone('Asia/Kolkata', 330), answer);
    vi.unstubAllGlobals();

    expect(drawn).toBeDefined();
    const container = document.createElement('div');
    container.innerHTML = drawn!.markup;
    const cards = container.querySelectorAll('[data-testid="lesson-card"]');
    expect([...cards].map((card) => card.textContent)).toEqual([
      expect.stringContaining('Phonics'),
      expect.stringContaining('Reading'),
    ]);
    // Asked in the visitor's zone (UTC+05:30), not the server's.
    expect(drawn!.timeDiff).toBe(330);
    expect(asked).toContain('/api/user/profile?time_diff=330');
    expect(asked.some((one) => /student_sn=S\+1&time_diff=330&/.test(one))).toBe(true);

    // The app's cache takes the answers: its own queries find them, nothing to ask.
    const client = new QueryClient();
    hydrate(client, JSON.parse(JSON.stringify(drawn!.state)));
    expect(client.getQueryData(profileQueryOptions().queryKey)?.name).toBe('Li Wei');
    expect(client.getQueryData(upcomingGroupsQueryOptions('S 1').queryKey)?.data).toHaveLength(1);
  });

  it('draws in the language asked for', async () => {
    const { answer } = answersFor('Li Wei', 'S 1', ['Phonics']);
    asServer();
    const url = new URL('http://portal.invalid/home/children/AttendClassNow');
    const drawn = await drawScreen('zh_CN', UPCOMING, url, inZone('Asia/Shanghai', 480), answer);
    vi.unstubAllGlobals();
    expect(drawn!.markup).toContain('即将上课');
    expect(drawn!.timeDiff).toBe(480);
  });

  it('draws nothing when an answer is refused (an ended session): the server sends the frame', async () => {
    asServer();
    const refused = async () =>
      Response.json({ code: 10001, msg: 'expired', data: null }, { status: 401 });
    const url = new URL('http://portal.invalid/home/children/AttendClassNow');
    expect(
      await drawScreen('en', UPCOMING, url, inZone('Asia/Shanghai', 480), refused),
    ).toBeUndefined();
  });

  it("never mixes two visitors' answers drawn at the same time", async () => {
    const ann = answersFor('Ann', 'S A', ['Ann lesson']);
    const bo = answersFor('Bo', 'S B', ['Bo lesson']);
    asServer();
    const url = new URL('http://portal.invalid/home/children/AttendClassNow');
    const [forAnn, forBo] = await Promise.all([
      drawScreen('en', UPCOMING, url, inZone('Asia/Shanghai', 480), ann.answer),
      drawScreen('zh_CN', UPCOMING, url, inZone('America/New_York', -300), bo.answer),
    ]);
    expect(forAnn!.markup).toContain('Ann lesson');
    expect(forAnn!.markup).not.toContain('Bo lesson');
    expect(forBo!.markup).toContain('Bo lesson');
    expect(forBo!.markup).not.toContain('Ann lesson');
    expect(forBo!.markup).toContain('即将上课');
    expect(forAnn!.timeDiff).toBe(480);
    expect(ann.asked.every((one) => !one.includes('S+B'))).toBe(true);
    expect(bo.asked.every((one) => !one.includes('S+A'))).toBe(true);
  });

  it('are the screens whose documents the service worker sends to the server', () => {
    expect([...DRAWN_SCREENS]).toEqual(
      SHELL_PAGES.filter((page) => page.prefetch).map((page) => page.path),
    );
  });
});
