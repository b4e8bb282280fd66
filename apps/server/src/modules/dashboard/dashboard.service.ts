import { twoDigits } from '@portal/shared/api';
import { DASHBOARD_LEAVE_RATE_DAYS, DASHBOARD_WEEKS_MAX } from '@portal/shared/staff';
import type { AppContext } from '../../app-context';
import { localParts, zonedTimeToUtc } from '../../lib/time';
import { SETTLE_MS, settledHistory, sumKeptDays } from './dashboard-history';
import {
  countActiveMembers,
  countFirstPurchasesByWeek,
  countLessonsByBucket,
  countLessonsStarting,
  countRegistrationsByWeek,
  sumLedgerByBucket,
  type DayLessonCounts,
} from './dashboard.repository';

/**
 * The school's dashboard (issue #21, decision 045): today's lessons, weekly registrations, first
 * purchases and credit flows, active members, the leave rate and the credits outstanding. Days
 * and weeks (Monday to Sunday) are those of the school's calendar (`SCHOOL_TIME_ZONE`). Every
 * figure is one SQL aggregate; they run in parallel.
 */
export interface DashboardWeekFigures {
  /** "YYYY-MM-DD", the Monday the week starts on. */
  weekStart: string;
  registrations: number;
  firstPurchases: number;
  creditsSold: number;
  creditsConsumed: number;
}

export interface DashboardFigures {
  today: DayLessonCounts;
  /** Oldest first; the last is the current week. */
  weeks: DashboardWeekFigures[];
  activeMembers: number;
  leaveRate: { leaves: number; lessons: number; rate: number };
  creditsOutstanding: { paid: number; reward: number; total: number };
  asOf: Date;
  timeZone: string;
}

interface CalendarDay {
  year: number;
  month: number;
  day: number;
}

/** The calendar day `offset` days after `day` (months and years roll over). */
function addDays(day: CalendarDay, offset: number): CalendarDay {
  const date = new Date(Date.UTC(day.year, day.month - 1, day.day + offset));
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

const dayOf = (instant: Date, zone: string): CalendarDay => {
  const local = localParts(instant, zone);
  return { year: local.year, month: local.month, day: local.day };
};
const isoDay = (day: CalendarDay) => `${day.year}-${twoDigits(day.month)}-${twoDigits(day.day)}`;
const midnight = (day: CalendarDay, zone: string) =>
  zonedTimeToUtc({ ...day, hour: 0, minute: 0 }, zone);
const daysBetween = (from: CalendarDay, to: CalendarDay) =>
  Math.round(
    (Date.UTC(to.year, to.month - 1, to.day) - Date.UTC(from.year, from.month - 1, from.day)) /
      (24 * 3600_000),
  );

/**
 * The school's calendar at `now` in `zone`: today, the last `weeks` weeks (Monday to Sunday, the
 * current one last), the leave rate's window (the last 30 days, today included) and the
 * midnights of the settled days the history keeps (from the oldest week the dashboard can show
 * up to the last midnight at least `SETTLE_MS` ago).
 */
export function calendarOf(now: Date, zone: string, weeks: number) {
  const today = dayOf(now, zone);
  // Weekdays count from Sunday (0); weeks start on Monday.
  const monday = addDays(today, -((localParts(now, zone).weekday + 6) % 7));
  const weekStarts = Array.from({ length: weeks }, (_, index) =>
    addDays(monday, -7 * (weeks - 1 - index)),
  );
  const oldest = addDays(monday, -7 * (DASHBOARD_WEEKS_MAX - 1));
  const settled = dayOf(new Date(now.getTime() - SETTLE_MS), zone);
  return {
    today: { from: midnight(today, zone), to: midnight(addDays(today, 1), zone) },
    weekStarts: weekStarts.map(isoDay),
    /** `weeks + 1` instants: each week's start, then the end of the current week. */
    weekBounds: [...weekStarts, addDays(monday, 7)].map((day) => midnight(day, zone)),
    leaveFrom: midnight(addDays(today, 1 - DASHBOARD_LEAVE_RATE_DAYS), zone),
    /** The kept days' midnights: `[oldest, …, settled]` (the last one bounds the last day). */
    settledMidnights: Array.from({ length: daysBetween(oldest, settled) + 1 }, (_, index) =>
      midnight(addDays(oldest, index), zone),
    ),
  };
}

export async function getDashboard(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config'>,
  weeks: number,
): Promise<DashboardFigures> {
  const now = ctx.clock.now();
  const zone = ctx.config.schoolTimeZone;
  const calendar = calendarOf(now, zone, weeks);
  const { weekBounds } = calendar;
  // Settled days come from the history; the live part is read since the last settled midnight.
  const settled = calendar.settledMidnights.at(-1)!;
  const liveLeaveFrom = new Date(Math.max(settled.getTime(), calendar.leaveFrom.getTime()));
  const [today, registrations, firstPurchases, activeMembers, history, liveLedger, liveLessons] =
    await Promise.all([
      countLessonsStarting(ctx.db, calendar.today, now),
      countRegistrationsByWeek(ctx.db, weekBounds),
      countFirstPurchasesByWeek(ctx.db, weekBounds),
      countActiveMembers(ctx.db, now),
      settledHistory(ctx.db, zone, calendar.settledMidnights),
      sumLedgerByBucket(ctx.db, weekBounds, { from: settled }),
      countLessonsByBucket(ctx.db, [liveLeaveFrom, now], { from: liveLeaveFrom, to: now }),
    ]);
  const kept = (from: Date, to: Date) =>
    sumKeptDays(history, { from, to: new Date(Math.min(to.getTime(), settled.getTime())) });

  const live = [...liveLedger.values()];
  const paid =
    history.base.paid +
    kept(history.from, settled).paid +
    live.reduce((sum, totals) => sum + totals.paid, 0);
  const reward =
    history.base.reward +
    kept(history.from, settled).reward +
    live.reduce((sum, totals) => sum + totals.reward, 0);
  const keptLeaves = kept(calendar.leaveFrom, now);
  const leaves = keptLeaves.leaves + (liveLessons.get(1)?.leaves ?? 0);
  const lessons = keptLeaves.lessons + (liveLessons.get(1)?.lessons ?? 0);

  return {
    today,
    weeks: calendar.weekStarts.map((weekStart, index) => {
      const keptWeek = kept(weekBounds[index]!, weekBounds[index + 1]!);
      const liveWeek = liveLedger.get(index + 1);
      return {
        weekStart,
        registrations: registrations.get(index + 1) ?? 0,
        firstPurchases: firstPurchases.get(index + 1) ?? 0,
        creditsSold: keptWeek.sold + (liveWeek?.sold ?? 0),
        creditsConsumed: keptWeek.consumed + (liveWeek?.consumed ?? 0),
      };
    }),
    activeMembers,
    leaveRate: { leaves, lessons, rate: lessons === 0 ? 0 : leaves / lessons },
    creditsOutstanding: { paid, reward, total: paid + reward },
    asOf: now,
    timeZone: zone,
  };
}
