import { z } from 'zod';

/**
 * The console's dashboard (issue #21): the wire shapes of `GET /api/ops/dashboard`, used by the
 * server's route, the console's screen and the tests. Messages are keys of
 * `dashboard-messages.ts`.
 */

/** How many weeks of history the weekly figures cover (the current week included). */
export const DASHBOARD_WEEKS_MIN = 4;
export const DASHBOARD_WEEKS_MAX = 26;
export const DASHBOARD_WEEKS_DEFAULT = 12;
/** The leave rate covers the last 30 days of the school's calendar, today included. */
export const DASHBOARD_LEAVE_RATE_DAYS = 30;

export const DashboardQuerySchema = z.object({
  weeks: z.coerce
    .number({ error: 'dashboardWeeksInvalid' })
    .int('dashboardWeeksInvalid')
    .min(DASHBOARD_WEEKS_MIN, 'dashboardWeeksInvalid')
    .max(DASHBOARD_WEEKS_MAX, 'dashboardWeeksInvalid')
    .default(DASHBOARD_WEEKS_DEFAULT),
});
export type DashboardQuery = z.infer<typeof DashboardQuerySchema>;

/** Today's lessons (a calendar day in the school's time zone) by state. */
export const DashboardTodaySchema = z.object({
  upcoming: z.number().int(),
  inProgress: z.number().int(),
  done: z.number().int(),
  noShow: z.number().int(),
});
export type DashboardToday = z.infer<typeof DashboardTodaySchema>;

/** One week, Monday to Sunday in the school's time zone. */
export const DashboardWeekSchema = z.object({
  /** "YYYY-MM-DD", a Monday. */
  weekStart: z.string(),
  /** Parents who registered that week. */
  registrations: z.number().int(),
  /** Parents whose first paid order was paid that week. */
  firstPurchases: z.number().int(),
  /** Paid credits bought that week. */
  creditsSold: z.number(),
  /** Credits consumed by lessons that week. */
  creditsConsumed: z.number(),
});
export type DashboardWeek = z.infer<typeof DashboardWeekSchema>;

export const DashboardSchema = z.object({
  today: DashboardTodaySchema,
  /** Oldest first; the last one is the current week. */
  weeks: z.array(DashboardWeekSchema),
  /** Parents whose plan is active now. */
  activeMembers: z.number().int(),
  /**
   * Over the last 30 days (today included): lessons the parent called off (leave) ÷ lessons that
   * started in the window, the school's cancellations left out.
   */
  leaveRate: z.object({
    leaves: z.number().int(),
    lessons: z.number().int(),
    /** 0…1; 0 when there were no lessons. */
    rate: z.number(),
  }),
  /** Credits bought and not yet used (paid) and granted (reward), over all parents. */
  creditsOutstanding: z.object({
    paid: z.number(),
    reward: z.number(),
    total: z.number(),
  }),
  /** When the figures were computed (ISO). */
  asOf: z.string(),
  /** The school's calendar zone the days and weeks are counted in (IANA, e.g. "Asia/Shanghai"). */
  timeZone: z.string(),
});
export type Dashboard = z.infer<typeof DashboardSchema>;
