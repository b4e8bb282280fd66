import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TeachingChild, TeachingClass, TeachingWeek } from '@portal/shared/staff';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { memberOf, ok, renderWithProviders, stubFetch } from '../../../test/render';
import { TeachingPage } from './teaching-page';

const MINUTE = 60_000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

function child(overrides: Partial<TeachingChild>): TeachingChild {
  return {
    lessonSn: 'L1',
    nickname: 'Mia',
    age: 6,
    entered: false,
    attendance: null,
    note: null,
    onLeave: false,
    cancelled: false,
    ...overrides,
  };
}

function lesson(overrides: Partial<TeachingClass>): TeachingClass {
  return {
    lessonSn: 'L1',
    courseTitle: 'Reading · Level 2',
    startsAt: at(-10 * MINUTE),
    endsAt: at(20 * MINUTE),
    cancelled: false,
    canEnter: true,
    settled: false,
    teacherEnteredAt: null,
    substitute: false,
    children: [],
    ...overrides,
  };
}

/** Running now: Mia entered the room, Leo did not; Ann is on leave. */
const running = lesson({
  lessonSn: 'L10',
  children: [
    child({ lessonSn: 'L10', nickname: 'Mia', age: 6, entered: true }),
    child({ lessonSn: 'L11', nickname: 'Leo', age: 1 }),
    child({ lessonSn: 'L12', nickname: 'Ann', age: 7, onLeave: true }),
  ],
});
/** Tomorrow: the classroom is not open yet. */
const later = lesson({
  lessonSn: 'L20',
  courseTitle: 'Maths · Level 1',
  startsAt: at(24 * 60 * MINUTE),
  endsAt: at(24 * 60 * MINUTE + 30 * MINUTE),
  canEnter: false,
  children: [child({ lessonSn: 'L20', nickname: 'Zoe', age: null })],
});
/** Two days ago, settled: the teacher marked Sam absent with a note. */
const settled = lesson({
  lessonSn: 'L30',
  courseTitle: 'Science · Level 3',
  startsAt: at(-48 * 60 * MINUTE),
  endsAt: at(-48 * 60 * MINUTE + 30 * MINUTE),
  canEnter: false,
  settled: true,
  teacherEnteredAt: at(-48 * 60 * MINUTE - 2 * MINUTE),
  children: [
    child({
      lessonSn: 'L30',
      nickname: 'Sam',
      age: 8,
      entered: true,
      attendance: 'absent',
      note: 'Left after five minutes.',
    }),
  ],
});

const week = (overrides: Partial<TeachingWeek> = {}): TeachingWeek => ({
  timeZone: 'Asia/Shanghai',
  from: '2026-11-23',
  to: '2026-11-29',
  classes: [later, running, settled],
  ...overrides,
});

const bodyOf = (call: { init?: RequestInit }) => JSON.parse(String(call.init?.body)) as unknown;
const teacher = memberOf('teacher', { name: 'Tia Teacher' });

function serve(
  answer: (
    url: string,
    init?: RequestInit,
  ) => { status?: number; body: unknown } | undefined = () => undefined,
) {
  return stubFetch((url, init) => {
    const given = answer(url, init);
    if (given) return given;
    if (url.startsWith('/api/ops/teaching/week')) return ok(week());
    if (url.endsWith('/enter')) return ok({ url: 'https://meet.example.com/room-abc?jwt=x' });
    if (url.endsWith('/attendance')) {
      const body = bodyOf({ init }) as { attendance: string; note?: string | null };
      return ok({ attendance: body.attendance, note: body.note ?? null });
    }
    return ok(null);
  });
}

const card = (course: string) => screen.getByRole('article', { name: new RegExp(course) });

beforeEach(async () => {
  await changeLanguage('en');
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe("a teacher's week", () => {
  it('lists the classes by day with the children’s nickname and age, in the teacher’s zone', async () => {
    const calls = serve();
    renderWithProviders(<TeachingPage />, { route: '/teaching', me: teacher });
    expect(await screen.findByText('Reading · Level 2')).toBeInTheDocument();
    expect(screen.getByText(/at the times of Asia\/Shanghai/)).toBeInTheDocument();
    expect(screen.getByText('Week of 23 Nov 2026 – 29 Nov 2026')).toBeInTheDocument();
    const now = within(card('Reading'));
    expect(now.getByText('Mia')).toBeInTheDocument();
    expect(now.getByText('6 years')).toBeInTheDocument();
    expect(now.getByText('1 year')).toBeInTheDocument();
    expect(now.getByText('On leave')).toBeInTheDocument();
    expect(now.getByText('Entered the room')).toBeInTheDocument();
    expect(within(card('Maths')).getByText('Age not given')).toBeInTheDocument();
    // Days in time order: the settled class first, tomorrow's last.
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toHaveLength(3);
    const articles = screen.getAllByRole('article').map((a) => a.textContent);
    expect(articles[0]).toContain('Science');
    expect(articles[2]).toContain('Maths');
    expect(calls[0]!.url).toBe('/api/ops/teaching/week');
  });

  it('enables "Enter classroom" only in the window and says why not', async () => {
    serve();
    renderWithProviders(<TeachingPage />, { route: '/teaching', me: teacher });
    await screen.findByText('Reading · Level 2');
    expect(
      within(card('Reading')).getByRole('button', { name: /Enter the classroom/ }),
    ).toBeEnabled();
    const tomorrow = within(card('Maths'));
    expect(tomorrow.getByRole('button', { name: /Enter the classroom/ })).toBeDisabled();
    expect(
      tomorrow.getByText('The classroom opens 5 minutes before the lesson starts.'),
    ).toBeInTheDocument();
    const past = within(card('Science'));
    expect(past.getByRole('button', { name: /Enter the classroom/ })).toBeDisabled();
    expect(past.getByText('This lesson has ended.')).toBeInTheDocument();
    expect(past.getByText(/You entered at/)).toBeInTheDocument();
  });

  it('records the entry and opens the room in a new tab', async () => {
    const user = userEvent.setup();
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const calls = serve();
    renderWithProviders(<TeachingPage />, { route: '/teaching', me: teacher });
    await user.click(
      await screen.findByRole('button', { name: /Enter the classroom of Reading · Level 2/ }),
    );
    await waitFor(() => expect(tab.location.href).toBe('https://meet.example.com/room-abc?jwt=x'));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    const enter = calls.find((call) => call.url.endsWith('/enter'))!;
    expect(enter.url).toBe('/api/ops/teaching/lessons/L10/enter');
    expect(enter.init?.method).toBe('POST');
  });

  it('closes the tab and shows the message when the server refuses the entry', async () => {
    const user = userEvent.setup();
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    serve((url) =>
      url.endsWith('/enter')
        ? { status: 400, body: { code: 400, msg: 'This lesson has ended.', data: null } }
        : undefined,
    );
    renderWithProviders(<TeachingPage />, { route: '/teaching', me: teacher });
    await user.click(
      await screen.findByRole('button', { name: /Enter the classroom of Reading · Level 2/ }),
    );
    await waitFor(() => expect(tab.close).toHaveBeenCalled());
    expect(tab.location.href).toBe('');
  });

  it('marks a child absent with a note for the parent', async () => {
    const user = userEvent.setup();
    const calls = serve();
    renderWithProviders(<TeachingPage />, { route: '/teaching', me: teacher });
    const leo = await screen.findByRole('form', { name: 'Attendance of Leo' });
    await user.click(within(leo).getByRole('button', { name: 'Save the attendance of Leo' }));
    expect(await within(leo).findByText('Choose attended or absent.')).toBeInTheDocument();
    expect(calls.some((call) => call.url.endsWith('/attendance'))).toBe(false);

    await user.click(within(leo).getByRole('radio', { name: 'Absent' }));
    await user.type(within(leo).getByLabelText('Note for the parent of Leo'), 'Hope Leo is well.');
    expect(within(leo).getByText(/17\/500/)).toBeInTheDocument();
    await user.click(within(leo).getByRole('button', { name: 'Save the attendance of Leo' }));
    expect(await screen.findByText('Saved for Leo.')).toBeInTheDocument();
    const save = calls.find((call) => call.url.endsWith('/attendance'))!;
    expect(save.url).toBe('/api/ops/teaching/lessons/L11/attendance');
    expect(bodyOf(save)).toEqual({ attendance: 'absent', note: 'Hope Leo is well.' });
    // No form for the child on leave.
    expect(screen.queryByRole('form', { name: 'Attendance of Ann' })).not.toBeInTheDocument();
  });

  it('refuses a note over 500 characters before asking the server', async () => {
    const user = userEvent.setup();
    const calls = serve();
    renderWithProviders(<TeachingPage />, { route: '/teaching', me: teacher });
    const mia = await screen.findByRole('form', { name: 'Attendance of Mia' });
    await user.click(within(mia).getByRole('radio', { name: 'Attended' }));
    fireEvent.change(within(mia).getByLabelText('Note for the parent of Mia'), {
      target: { value: 'x'.repeat(501) },
    });
    await user.click(within(mia).getByRole('button', { name: 'Save the attendance of Mia' }));
    expect(
      await within(mia).findByText('The note can be at most 500 characters.'),
    ).toBeInTheDocument();
    expect(calls.some((call) => call.url.endsWith('/attendance'))).toBe(false);
  });

  it('shows the server’s refusal in the child’s form', async () => {
    const user = userEvent.setup();
    serve((url) =>
      url.endsWith('/attendance')
        ? {
            status: 409,
            body: {
              code: 409,
              msg: 'This lesson is settled: ask for a credit correction.',
              data: null,
            },
          }
        : undefined,
    );
    renderWithProviders(<TeachingPage />, { route: '/teaching', me: teacher });
    const mia = await screen.findByRole('form', { name: 'Attendance of Mia' });
    await user.click(within(mia).getByRole('radio', { name: 'Attended' }));
    await user.click(within(mia).getByRole('button', { name: 'Save the attendance of Mia' }));
    expect(await within(mia).findByRole('status')).toHaveTextContent(
      'This lesson is settled: ask for a credit correction.',
    );
  });

  it('shows a settled lesson’s mark read-only with the credit-correction hint', async () => {
    serve();
    renderWithProviders(<TeachingPage />, { route: '/teaching', me: teacher });
    await screen.findByText('Science · Level 3');
    const past = within(card('Science'));
    expect(past.getByText('Settled')).toBeInTheDocument();
    expect(past.getByText('Marked: Absent')).toBeInTheDocument();
    expect(past.getByText('Note: Left after five minutes.')).toBeInTheDocument();
    expect(past.getByText(/ask the school for a credit correction/)).toBeInTheDocument();
    expect(past.queryByRole('radio')).not.toBeInTheDocument();
    expect(past.queryByRole('button', { name: /Save/ })).not.toBeInTheDocument();
    // Not started yet: nothing to mark.
    expect(within(card('Maths')).queryByRole('radio')).not.toBeInTheDocument();
    expect(
      within(card('Maths')).getByText('You can mark attendance once the class has started.'),
    ).toBeInTheDocument();
  });

  it('moves to the next and previous week through the URL', async () => {
    const user = userEvent.setup();
    const calls = serve((url) =>
      url.includes('from=2026-11-30')
        ? ok(week({ from: '2026-11-30', to: '2026-12-06', classes: [] }))
        : undefined,
    );
    renderWithProviders(<TeachingPage />, { route: '/teaching', me: teacher });
    await screen.findByText('Reading · Level 2');
    expect(screen.getByRole('button', { name: 'This week' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: /Next week/ }));
    expect(await screen.findByText('No classes this week.')).toBeInTheDocument();
    expect(screen.getByText('Week of 30 Nov 2026 – 6 Dec 2026')).toBeInTheDocument();
    expect(calls.at(-1)!.url).toBe('/api/ops/teaching/week?from=2026-11-30');
    await user.click(screen.getByRole('button', { name: /Previous week/ }));
    await waitFor(() => expect(calls.at(-1)!.url).toBe('/api/ops/teaching/week?from=2026-11-23'));
    await user.click(screen.getByRole('button', { name: 'This week' }));
    expect(await screen.findByText('Reading · Level 2')).toBeInTheDocument();
  });

  it('reads in Chinese', async () => {
    await changeLanguage('zh_CN');
    serve();
    renderWithProviders(<TeachingPage />, { route: '/teaching', me: teacher });
    expect(await screen.findByRole('heading', { level: 1, name: '我的课表' })).toBeInTheDocument();
    await screen.findByText('Reading · Level 2');
    const now = within(card('Reading'));
    expect(now.getByText('6 岁')).toBeInTheDocument();
    expect(now.getByRole('button', { name: /进入.*教室/ })).toHaveTextContent('进入教室');
    expect(now.getByText('已请假')).toBeInTheDocument();
    expect(now.getAllByRole('radio', { name: '缺席' })).toHaveLength(2);
    expect(now.getByRole('form', { name: 'Mia 的出勤' })).toBeInTheDocument();
    const past = within(card('Science'));
    expect(past.getByText('已标记：缺席')).toBeInTheDocument();
    expect(past.getByText(/课时调整/)).toBeInTheDocument();
    expect(screen.getByText(/2026年11月23日/)).toBeInTheDocument();
  });
});
