import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { memberOf, ok, renderWithProviders, stubFetch } from '../../../test/render';
import { catalogueCourse } from '../testing/fixtures';
import { CourseEnrolmentsPage } from './course-enrolments-page';

const ENROLMENTS = {
  enrollments: [
    {
      enrollmentSn: 'E1',
      studentSn: 'S1',
      nickname: 'Mia',
      userSn: 'U100001',
      parentName: 'Li Na',
      startsAt: '2026-11-03T10:00:00.000Z',
      endedAt: null,
      lessonsDone: 6,
      lessonsTotal: 24,
    },
    {
      enrollmentSn: 'E2',
      studentSn: 'S4',
      nickname: 'Ben',
      userSn: 'U100004',
      parentName: 'Zhang Wei',
      startsAt: '2026-09-01T10:00:00.000Z',
      endedAt: '2026-10-01T10:00:00.000Z',
      lessonsDone: 8,
      lessonsTotal: 24,
    },
  ],
  capacity: 6,
  running: 1,
  retired: false,
};

function serve() {
  return stubFetch((url, init) => {
    if (url === '/api/ops/courses/7/enrollments') return ok(ENROLMENTS);
    if (url.startsWith('/api/ops/catalogue/courses')) return ok({ items: [catalogueCourse()] });
    if (url === '/api/ops/enrollments/E1/end-preview')
      return ok({
        lessons: [
          { lessonSn: 'L20', startsAt: '2026-12-01T10:00:00.000Z' },
          { lessonSn: 'L21', startsAt: '2026-12-03T10:00:00.000Z' },
        ],
        credits: 2,
      });
    if (url === '/api/ops/enrollments/E1/end' && init?.method === 'POST')
      return ok({ lessonsCancelled: 2, creditsReleased: 2 });
    return { status: 404, body: { code: 404, msg: 'not found', data: null } };
  });
}

const open = () =>
  renderWithProviders(<CourseEnrolmentsPage />, {
    me: memberOf('admin'),
    route: '/timetable/courses/7',
    path: '/timetable/courses/:courseId',
  });

beforeEach(async () => {
  await changeLanguage('en');
});

describe("a course's enrolments", { timeout: 20_000 }, () => {
  it('shows the places and the enrolments, and ends one after showing what it cancels', async () => {
    const user = userEvent.setup();
    const calls = serve();
    open();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Reading · Level 2' }),
    ).toBeInTheDocument();
    expect(await screen.findByTestId('course-places')).toHaveTextContent('1 of 6 places taken');
    expect(screen.getByRole('link', { name: 'Li Na' })).toHaveAttribute(
      'href',
      '/families/U100001',
    );
    expect(screen.getByText('6 of 24')).toBeInTheDocument();
    // An ended enrolment cannot be ended again.
    expect(screen.queryByRole('button', { name: 'End the enrolment of Ben' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'End the enrolment of Mia' }));
    const dialog = await screen.findByRole('dialog', { name: 'End the enrolment of Mia' });
    expect(
      await within(dialog).findByText('2 future lessons will be cancelled:'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('2 reserved credits will be released.')).toBeInTheDocument();
    expect(calls.some((call) => call.init?.method === 'POST')).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: 'End the enrolment' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((call) => call.init?.method === 'POST').map((call) => call.url)).toEqual([
      '/api/ops/enrollments/E1/end',
    ]);
    expect(
      await screen.findByText('Enrolment ended: 2 lessons cancelled, 2 credits released.'),
    ).toBeInTheDocument();
  });

  it('reads in Chinese', async () => {
    await changeLanguage('zh_CN');
    serve();
    open();
    expect(
      await screen.findByRole('heading', { level: 1, name: '阅读 · 二级' }),
    ).toBeInTheDocument();
    expect(await screen.findByTestId('course-places')).toHaveTextContent('已占 1 / 6 个名额');
    expect(screen.getByRole('button', { name: '为孩子报名' })).toBeEnabled();
  });
});
