import type { Prefetch } from '@portal/web-kit/query-client';
import { prefetchAccountHeader } from '../../../api/account-header';
import { childrenQueryOptions } from '../../../api/children';
import { profileQueryOptions } from '../../../api/profile';
import { dashboardView } from '../utils/dashboard-view';
import { schedulePageQueryOptions, upcomingGroupsQueryOptions } from './schedule-queries';

/** `/index`: header, children and, on the schedule tab, its count and the page shown. */
export const prefetchDashboard: Prefetch = (client, url) => {
  prefetchAccountHeader(client);
  void client.prefetchQuery(childrenQueryOptions());
  const { studentSn, tab, page } = dashboardView(url.searchParams);
  if (tab !== 'schedule') return;
  void client.prefetchQuery(schedulePageQueryOptions(studentSn, 1));
  if (page !== 1) void client.prefetchQuery(schedulePageQueryOptions(studentSn, page));
};

/**
 * `AttendClassNow`: header, children (the switcher), then the current child's upcoming lessons
 * (the profile names the child).
 */
export const prefetchUpcoming: Prefetch = async (client) => {
  prefetchAccountHeader(client);
  void client.prefetchQuery(childrenQueryOptions());
  // Joins the header's profile request in flight.
  const profile = await client.fetchQuery(profileQueryOptions());
  const studentSn = profile.student_info?.student_sn;
  if (studentSn) await client.prefetchQuery(upcomingGroupsQueryOptions(studentSn));
};
