import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { memberOf, ok, renderWithProviders, stubFetch } from '../../../test/render';
import { FeedbackPage } from './feedback-page';
import { LeaveRequestsPage } from './leave-requests-page';

function serve() {
  return stubFetch((url) => {
    if (url.startsWith('/api/ops/feedback'))
      return ok({
        average: 4.25,
        count: 2,
        byMonth: [
          { month: '2026-10', average: 4, count: 1 },
          { month: '2026-11', average: 4.5, count: 1 },
        ],
        items: [
          {
            lessonSn: 'L1',
            startsAt: '2026-11-03T10:00:00.000Z',
            courseTitle: 'Reading · Level 2',
            teacherName: 'Emma Li',
            rating: 4.5,
            comment: 'Mia loved the story.',
            nickname: 'Mia',
            createdAt: '2026-11-03T11:00:00.000Z',
          },
        ],
        total: 2,
      });
    if (url.startsWith('/api/ops/leave-requests'))
      return ok({
        items: [
          {
            lessonSn: 'L2',
            startsAt: '2026-11-05T10:00:00.000Z',
            courseTitle: 'Reading · Level 2',
            studentSn: 'S1',
            nickname: 'Mia',
            userSn: 'U100001',
            parentName: 'Li Na',
            requestedAt: '2026-11-04T08:00:00.000Z',
            creditsReturned: 1,
          },
          {
            lessonSn: 'L3',
            startsAt: '2026-11-06T10:00:00.000Z',
            courseTitle: 'Reading · Level 2',
            studentSn: 'S2',
            nickname: 'Leo',
            userSn: 'U100001',
            parentName: 'Li Na',
            requestedAt: '2026-11-04T08:05:00.000Z',
            creditsReturned: 0,
          },
        ],
        total: 42,
      });
    if (url.startsWith('/api/ops/catalogue/courses')) return ok({ items: [] });
    if (url === '/api/ops/teachers') return ok({ teachers: [] });
    return { status: 404, body: { code: 404, msg: 'not found', data: null } };
  });
}

beforeEach(async () => {
  await changeLanguage('en');
});

describe('feedback and leave requests', () => {
  it('gives the average and count of every match and asks the server with the address filters', async () => {
    const calls = serve();
    renderWithProviders(<FeedbackPage />, {
      me: memberOf('admin'),
      route: '/timetable/feedback?teacherSn=T1&from=2026-10-01&to=2026-11-30&page=2',
    });
    expect(await screen.findByTestId('feedback-average')).toHaveTextContent('4.25');
    expect(screen.getByText('2 ratings')).toBeInTheDocument();
    expect(screen.getByText('Mia loved the story.')).toBeInTheDocument();
    expect(screen.getByText('4.5 / 5')).toBeInTheDocument();
    expect(
      calls.some(
        (call) =>
          call.url ===
          '/api/ops/feedback?page=2&pageSize=20&teacherSn=T1&from=2026-10-01&to=2026-11-30',
      ),
    ).toBe(true);
  });

  it('lists leave with whether credits went back, paged by the server, in Chinese', async () => {
    await changeLanguage('zh_CN');
    const calls = serve();
    renderWithProviders(<LeaveRequestsPage />, {
      me: memberOf('admin'),
      route: '/timetable/leave-requests?page=3',
    });
    expect(await screen.findByText('已退回 1 课时')).toBeInTheDocument();
    expect(screen.getByText('未退回课时')).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.map((call) => call.url)).toContain('/api/ops/leave-requests?page=3&pageSize=20'),
    );
    expect(screen.getByText('第 41–42 条，共 42 条')).toBeInTheDocument();
  });
});
