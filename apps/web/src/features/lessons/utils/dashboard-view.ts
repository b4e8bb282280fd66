const DASHBOARD_TABS = ['schedule', 'course', 'completed'] as const;
type DashboardTab = (typeof DASHBOARD_TABS)[number];

/**
 * What `/index` shows, read from its URL (spec §2 /index): the child filter, the open tab
 * (`tab`, or the old `type=1` for the course tab; the schedule otherwise) and the list page.
 */
export function dashboardView(params: URLSearchParams): {
  studentSn: string | undefined;
  tab: DashboardTab;
  page: number;
} {
  const named = params.get('tab') ?? '';
  const tab: DashboardTab = (DASHBOARD_TABS as readonly string[]).includes(named)
    ? (named as DashboardTab)
    : params.get('type') === '1'
      ? 'course'
      : 'schedule';
  return {
    studentSn: params.get('student') || undefined,
    tab,
    page: Math.max(1, Number(params.get('page')) || 1),
  };
}
