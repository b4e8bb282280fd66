import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settleEndedLessons } from '../scheduling/scheduling.service';
import {
  createChild,
  createCourse,
  createEnrollment,
  grantCredits,
} from '../../../test/factories/lessons';
import { createSignedInParent } from '../../../test/factories/parents';
import { buildTestApp, TestClock, type TestApp } from '../../../test/helpers/app';

/**
 * Decision 035: one lesson shows one time on every screen. The parent's stored zone
 * (America/New_York), the client's offset (Shanghai, +480) and UTC all differ, so a call that
 * used the wrong one would show another time.
 */
let t: TestApp;
let headers: Record<string, string>;
let studentSn: string;
const clock = new TestClock(new Date('2026-11-02T00:00:00.000Z'));

beforeAll(async () => {
  t = await buildTestApp({ clock });
  const me = await createSignedInParent(t.ctx, { time_zone: 'America/New_York' });
  headers = me.headers;
  const child = await createChild(t.ctx, me.parent.id, 'Mia');
  studentSn = child.student_sn;
  await grantCredits(t.ctx, me.parent.id, { paid: 20 });
  // Tuesdays 12:30 UTC: 20:30 in Shanghai, 07:30 in New York (EST, after 1 November).
  const course = await createCourse(t.ctx, { slots: [[2, '12:30']], zone: 'UTC' });
  await createEnrollment(t.ctx, {
    parentId: me.parent.id,
    studentId: child.id,
    courseId: course.id,
    weeks: 2,
  });
  // The first lesson (Tue 3 Nov) ends; the second (Tue 10 Nov) is upcoming.
  clock.set('2026-11-05T00:00:00.000Z');
  await settleEndedLessons(t.ctx, clock.now());
});
afterAll(() => t.close());

async function timesSeen(query: string) {
  const get = async (url: string, method: 'GET' | 'POST' = 'GET') => {
    const res = await t.app.inject({ method, url, headers });
    expect(res.statusCode, url).toBe(200);
    return res.json().data;
  };
  const upcoming = await get(`/api/userSchedukeForStudent?student_sn=${studentSn}${query}`);
  const completed = await get(`/api/getCompletedLessonPC?student_sn=${studentSn}${query}`);
  const courses = await get(`/api/myCourse?student_sn=${studentSn}${query}`, 'POST');
  const statement = await get(`/api/getStudentLessonLog?month=2026-11${query}`);
  return {
    upcoming: `${upcoming[0].start_date} ${upcoming[0].start_time}`,
    completed: `${completed[0].start_date} ${completed[0].start_time}`,
    weekly: courses[0].settingFormat[0].start_at,
    statement: statement.data_info.map((row: { datetime: string }) => row.datetime).sort(),
  };
}

describe('one time zone for every call (decision 035, issue #19)', () => {
  it('uses time_diff when the client sends it, on every screen', async () => {
    expect(await timesSeen('&time_diff=480')).toEqual({
      upcoming: '2026-11-10 20:30',
      completed: '2026-11-03 20:30',
      weekly: '20:30',
      statement: ['2026-11-03 20:30', '2026-11-10 20:30'],
    });
  });

  it("uses the parent's stored zone when it does not, on every screen", async () => {
    expect(await timesSeen('')).toEqual({
      upcoming: '2026-11-10 07:30',
      completed: '2026-11-03 07:30',
      weekly: '07:30',
      statement: ['2026-11-03 07:30', '2026-11-10 07:30'],
    });
  });

  it('keeps the stored zone current through POST /api/user/timeZone, only with real names', async () => {
    const post = (time_zone: string, lang = 'en') =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/timeZone',
        headers: { ...headers, lang },
        payload: { time_zone },
      });
    for (const bad of ['Invalid/Zone', '<script>', '+08:00']) {
      const res = await post(bad, 'zh_CN');
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('这不是有效的时区。');
    }
    expect((await timesSeen('')).upcoming).toBe('2026-11-10 07:30');
    const ok = await post('asia/shanghai');
    expect(ok.json()).toMatchObject({ code: 200, data: { time_zone: 'Asia/Shanghai' } });
    expect((await timesSeen('')).upcoming).toBe('2026-11-10 20:30');
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/user/timeZone',
      payload: { time_zone: 'Europe/Berlin' },
    });
    expect(other.statusCode).toBe(401);
  });
});
