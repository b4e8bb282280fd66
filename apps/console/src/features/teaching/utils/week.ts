import type { Language } from '@portal/shared/i18n';
import { LOCALE } from '../../../lib/format';

/** A calendar day as `YYYY-MM-DD`. */
export type Day = string;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The day's noon in UTC: day arithmetic on it never crosses a date line or a clock change. */
function noonOf(day: Day): Date {
  const match = DAY.exec(day);
  if (!match) throw new Error(`not a day: ${day}`);
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 12));
}

const dayOf = (date: Date): Day => date.toISOString().slice(0, 10);

export function addDays(day: Day, days: number): Day {
  const date = noonOf(day);
  date.setUTCDate(date.getUTCDate() + days);
  return dayOf(date);
}

/** The day an instant falls on in `timeZone` (the teacher's calendar). */
export function dayIn(timeZone: string, at: Date | string): Day {
  // en-CA writes days as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(at));
}

/** The Monday that starts the week of `day` (weeks run Monday to Sunday). */
export function mondayOf(day: Day): Day {
  const weekday = noonOf(day).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/** The seven days of the week starting `monday`. */
export function weekDays(monday: Day): Day[] {
  return Array.from({ length: 7 }, (_, index) => addDays(monday, index));
}

/** "Monday 23 November" / "11月23日 星期一": a day heading of the week. */
export function formatDayHeading(day: Day, language: Language): string {
  return new Intl.DateTimeFormat(LOCALE[language], {
    timeZone: 'UTC',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
  }).format(noonOf(day));
}

/** A day as "23 Nov 2026" / "2026年11月23日" (the console's medium date). */
export function formatDay(day: Day, language: Language): string {
  return new Intl.DateTimeFormat(LOCALE[language], { timeZone: 'UTC', dateStyle: 'medium' }).format(
    noonOf(day),
  );
}

/** "23 Nov 2026 – 29 Nov 2026": the week switcher's label. */
export function formatWeek(monday: Day, language: Language): string {
  return `${formatDay(monday, language)} – ${formatDay(addDays(monday, 6), language)}`;
}

/** "09:30" in `timeZone`, 24-hour in both languages. */
export function formatTimeIn(at: string, timeZone: string, language: Language): string {
  return new Intl.DateTimeFormat(LOCALE[language], {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(at));
}
