import { twoDigits } from '@portal/shared/api';
import { DASHBOARD_LEAVE_RATE_DAYS } from '@portal/shared/staff';
import type { AppContext } from '../../app-context';
import { localParts, zonedTimeToUtc } from '../../lib/time';
import {
  countActiveMembers,
  countFirstPurchasesByWeek,
  countLeaves,
  countLessonsStarting,
  countRegistrationsByWeek,
  sumBalances,
  sumCreditFlowsByWeek,
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

const DAY_MS = 24 * 3600_000;

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

const isoDay = (day: CalendarDay) => `${day.year}-${twoDigits(day.month)}-${twoDigits(day.day)}`;
const midnight = (day: CalendarDay, zone: string) =>
  zonedTimeToUtc({ ...day, hour: 0, minute: 0 }, zone);

/**
 * Today and the last `weeks` weeks (the current one last) on the calendar of `zone`: the
 * instants they start at, and the end of today and of the current week.
 */
export function calendarOf(now: Date, zone: string, weeks: number) {
  const local = localParts(now, zone);
  const today: CalendarDay = { year: local.year, month: local.month, day: local.day };
  // Weekdays count from Sunday (0); weeks start on Monday.
  const monday = addDays(today, -((local.weekday + 6) % 7));
  const weekStarts = Array.from({ length: weeks }, (_, index) =>
    addDays(monday, -7 * (weeks - 1 - index)),
  );
  return {
    today: { from: midnight(today, zone), to: midnight(addDays(today, 1), zone) },
    weekStarts: weekStarts.map(isoDay),
    /** `weeks + 1` instants: each week's start, then the end of the current week. */
    weekBounds: [...weekStarts, addDays(monday, 7)].map((day) => midnight(day, zone)),
  };
}

export async function getDashboard(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config'>,
  weeks: number,
): Promise<DashboardFigures> {
  const now = ctx.clock.now();
  const zone = ctx.config.schoolTimeZone;
  const calendar = calendarOf(now, zone, weeks);
  const [today, registrations, firstPurchases, flows, activeMembers, leaves, balances] =
    await Promise.all([
      countLessonsStarting(ctx.db, calendar.today, now),
      countRegistrationsByWeek(ctx.db, calendar.weekBounds),
      countFirstPurchasesByWeek(ctx.db, calendar.weekBounds),
      sumCreditFlowsByWeek(ctx.db, calendar.weekBounds),
      countActiveMembers(ctx.db, now),
      countLeaves(ctx.db, {
        from: new Date(now.getTime() - DASHBOARD_LEAVE_RATE_DAYS * DAY_MS),
        to: now,
      }),
      sumBalances(ctx.db),
    ]);
  return {
    today,
    weeks: calendar.weekStarts.map((weekStart, index) => ({
      weekStart,
      registrations: registrations.get(index + 1) ?? 0,
      firstPurchases: firstPurchases.get(index + 1) ?? 0,
      creditsSold: flows.sold.get(index + 1) ?? 0,
      creditsConsumed: flows.consumed.get(index + 1) ?? 0,
    })),
    activeMembers,
    leaveRate: {
      ...leaves,
      rate: leaves.lessons === 0 ? 0 : leaves.leaves / leaves.lessons,
    },
    creditsOutstanding: { ...balances, total: balances.paid + balances.reward },
    asOf: now,
    timeZone: zone,
  };
}
