import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { memberOf, ok, renderWithProviders, stubFetch } from '../../../test/render';
import {
  catalogueCourse,
  enrollmentPreview,
  familyDetail,
  familySummary,
} from '../testing/fixtures';
import { today } from '../utils/dates';
import { EnrolChildAction } from './enrol-child-action';
import { EnrolDialog } from './enrol-dialog';

type Answer = { status?: number; body: unknown };
const refused = (msg: string, status = 409): Answer => ({
  status,
  body: { code: status, msg, data: null },
});
const bodyOf = (call: { init?: RequestInit }) => JSON.parse(String(call.init?.body)) as unknown;

/** The reads the dialog makes; `writes` answers the POSTs by URL. */
function serve(writes: (url: string) => Answer | undefined) {
  return stubFetch((url, init) => {
    if (init?.method === 'POST') return writes(url) ?? refused('unexpected', 500);
    if (url.startsWith('/api/ops/catalogue/courses'))
      return ok({
        items: [
          catalogueCourse(),
          catalogueCourse({
            id: 8,
            titleEn: 'Maths · Level 1',
            titleZh: '数学 · 一级',
            retiredAt: '2026-10-01T00:00:00.000Z',
          }),
        ],
      });
    if (url.startsWith('/api/ops/families?')) return ok({ items: [familySummary()], total: 1 });
    if (url === '/api/ops/families/U100001') return ok(familyDetail());
    return refused('not found', 404);
  });
}

const posts = (calls: { url: string; init?: RequestInit }[], url: string) =>
  calls.filter((call) => call.url === url && call.init?.method === 'POST');

/** The course page's button and its dialog (the course chosen already). */
function FromCourse() {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpened(true)}>
        open enrol
      </button>
      <EnrolDialog opened={opened} onClose={() => setOpened(false)} courseId={7} />
    </>
  );
}

/** A dialog walked through by a user: several renders of Mantine's pickers each (happy-dom). */
const JOURNEY = { timeout: 20_000 };

beforeEach(async () => {
  await changeLanguage('en');
});

describe("enrolling from a child's row", JOURNEY, () => {
  it('previews the lessons in the parent’s zone with the credits, then enrols that body', async () => {
    const user = userEvent.setup();
    const calls = serve((url) =>
      url === '/api/ops/enrollments/preview'
        ? ok(enrollmentPreview())
        : url === '/api/ops/enrollments'
          ? ok({ enrollmentSn: 'E1' })
          : undefined,
    );
    renderWithProviders(<EnrolChildAction userSn="U100001" studentSn="S1" nickname="Mia" />, {
      me: memberOf('admin'),
    });
    await user.click(screen.getByRole('button', { name: 'Enrol Mia in a course' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enrol Mia in a course' });
    expect(within(dialog).getByText('Mia of family U100001')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('combobox', { name: /Course/ }));
    // Retired courses take no enrolments: only the open one is offered.
    expect(screen.queryByRole('option', { name: /Maths/ })).toBeNull();
    await user.click(
      await screen.findByRole('option', { name: 'Reading · Level 2 (Tue 18:00, Thu 18:00)' }),
    );
    expect(
      within(dialog).getByText(/Weekly: Tue 18:00, Thu 18:00 \(Asia\/Shanghai\) · 2 of 6/),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Preview the lessons' }));

    // The preview: each lesson with its date and time in the parent's zone, and the money.
    expect(
      await within(dialog).findByText('Dates and times in the parent’s time zone (Asia/Shanghai).'),
    ).toBeInTheDocument();
    const rows = within(dialog).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^1.*1 Dec 2026.*18:00.*Emma Li.*1$/),
        expect.stringMatching(/^2.*3 Dec 2026.*18:00/),
        expect.stringMatching(/^3.*8 Dec 2026.*18:00/),
        'Credits needed3',
        'Credits available1',
      ]),
    );
    expect(within(dialog).getByText(/Short by 2 credits/)).toBeInTheDocument();
    const sent = { userSn: 'U100001', studentSn: 'S1', courseId: 7, startWeek: today() };
    expect(posts(calls, '/api/ops/enrollments/preview').map(bodyOf)).toEqual([sent]);

    await user.click(within(dialog).getByRole('button', { name: 'Enrol' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Enrol Mia in a course' })).toBeNull(),
    );
    expect(posts(calls, '/api/ops/enrollments').map(bodyOf)).toEqual([sent]);
    expect(
      await screen.findByText('Mia is enrolled in Reading · Level 2. The family is told.'),
    ).toBeInTheDocument();
  });

  it('asks for the course before any preview', async () => {
    const user = userEvent.setup();
    const calls = serve(() => undefined);
    renderWithProviders(<EnrolChildAction userSn="U100001" studentSn="S1" nickname="Mia" />, {
      me: memberOf('admin'),
    });
    await user.click(screen.getByRole('button', { name: 'Enrol Mia in a course' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Preview the lessons' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: /Course/ })).toHaveAccessibleDescription(
        'Choose a course.',
      ),
    );
    expect(calls.filter((call) => call.init?.method === 'POST')).toHaveLength(0);
  });

  it('shows the refusal of the enrolment in the dialog and keeps it open', async () => {
    const user = userEvent.setup();
    serve((url) =>
      url === '/api/ops/enrollments/preview'
        ? ok(enrollmentPreview({ shortBy: 0, available: 5 }))
        : url === '/api/ops/enrollments'
          ? refused('This course is full: every place is taken.')
          : undefined,
    );
    renderWithProviders(<EnrolChildAction userSn="U100001" studentSn="S1" nickname="Mia" />, {
      me: memberOf('admin'),
    });
    await user.click(screen.getByRole('button', { name: 'Enrol Mia in a course' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('combobox', { name: /Course/ }));
    await user.click(await screen.findByRole('option', { name: /Reading/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Preview the lessons' }));
    expect(
      await within(dialog).findByText('The family’s credits cover these lessons.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Enrol' }));
    expect(
      await within(dialog).findByText('This course is full: every place is taken.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});

describe("enrolling from a course's page, in Chinese", JOURNEY, () => {
  it('finds the family, picks the child, and will not enrol into a full course or a conflict', async () => {
    await changeLanguage('zh_CN');
    const user = userEvent.setup();
    const calls = serve((url) =>
      url === '/api/ops/enrollments/preview'
        ? ok(
            enrollmentPreview({
              full: true,
              conflicts: [{ startsAt: '2026-12-03T10:00:00.000Z', kind: 'child-busy' }],
            }),
          )
        : undefined,
    );
    renderWithProviders(<FromCourse />, { me: memberOf('admin') });
    await user.click(screen.getByRole('button', { name: 'open enrol' }));
    const dialog = await screen.findByRole('dialog', { name: '为孩子报名' });
    expect(within(dialog).getByText('阅读 · 二级')).toBeInTheDocument();

    await user.type(within(dialog).getByRole('combobox', { name: /家庭/ }), '138');
    await user.click(
      await screen.findByRole('option', { name: 'Li Na · +86 138****8000 · U100001' }),
    );
    expect(calls.some((call) => call.url === '/api/ops/families?q=138&pageSize=10')).toBe(true);
    await user.click(within(dialog).getByRole('combobox', { name: /孩子/ }));
    await user.click(await screen.findByRole('option', { name: 'Leo (S2)' }));
    await user.click(within(dialog).getByRole('button', { name: '预览课程' }));

    expect(await within(dialog).findByText('该课程班已满，没有空余名额。')).toBeInTheDocument();
    expect(
      within(dialog).getByText(/2026年12月3日.* 18:00：孩子在这个时间有其他课。/),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText('还差 2 课时：家长需要购买更多课时才能预约全部课程。'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: '确认报名' })).toBeDisabled();
    expect(posts(calls, '/api/ops/enrollments/preview').map(bodyOf)).toEqual([
      { userSn: 'U100001', studentSn: 'S2', courseId: 7, startWeek: today() },
    ]);

    // Back to the form: the choices are kept.
    await user.click(within(dialog).getByRole('button', { name: '← 返回' }));
    expect(within(dialog).getByRole('combobox', { name: /孩子/ })).toHaveValue('Leo (S2)');
  });
});
