import type { Language } from '@portal/shared/i18n';
import { LOCALE } from '../../../lib/format';

// Calendar days are "YYYY-MM-DD" strings; arithmetic on them runs in UTC so no zone or
// daylight-saving change moves a day.

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function dayToUtc(day: string): Date {
  const match = ISO_DAY.exec(day);
  if (!match) throw new Error(`not a day: ${day}`);
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
}

const utcToDay = (date: Date) => date.toISOString().slice(0, 10);

/** The day `days` after `day` (before when negative). */
export function addDays(day: string, days: number): string {
  const date = dayToUtc(day);
  date.setUTCDate(date.getUTCDate() + days);
  return utcToDay(date);
}

/** The Monday of the week holding `day` (weeks start on Monday, as the school's timetable). */
export function mondayOf(day: string): string {
  const weekday = dayToUtc(day).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/** Today on the browser's calendar, "YYYY-MM-DD". */
export function today(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The weekday of a day, Sun 0 … Sat 6. */
export function weekdayOf(day: string): number {
  return dayToUtc(day).getUTCDay();
}

/** A calendar day with its weekday: "Tue 24 Nov 2026" / "2026年11月24日周二". */
export function formatDay(day: string, language: Language): string {
  return new Intl.DateTimeFormat(LOCALE[language], {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(dayToUtc(day));
}

/** A week from its Monday: "23 – 29 Nov 2026" / "2026年11月23日至29日". */
export function formatWeek(monday: string, language: Language): string {
  const sunday = addDays(monday, 6);
  if (language === 'zh_CN') {
    // Chinese ICU writes a range with slashes ("2026/11/23 – 2026/11/29"): spelled out, and what
    // the end shares with the start said once, so it fits the week field on one line.
    const [y1, m1, d1] = monday.split('-').map(Number);
    const [y2, m2, d2] = sunday.split('-').map(Number);
    const end = y1 !== y2 ? `${y2}年${m2}月${d2}日` : m1 !== m2 ? `${m2}月${d2}日` : `${d2}日`;
    return `${y1}年${m1}月${d1}日至${end}`;
  }
  const format = new Intl.DateTimeFormat(LOCALE[language], {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return format.formatRange(dayToUtc(monday), dayToUtc(sunday));
}

/** The name of a weekday (Sun 0): "Monday" / "星期一". */
export function weekdayName(weekday: number, language: Language): string {
  // 2026-11-22 is a Sunday.
  return new Intl.DateTimeFormat(LOCALE[language], { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2026, 10, 22 + weekday)),
  );
}

/** "HH:mm" of an instant in the browser's zone. */
export function timeOf(value: string | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}

/**
 * A class's time in the browser's zone: "Tue 24 Nov, 09:30–09:55" / "11月24日周二 09:30–09:55".
 */
export function formatClassTime(startsAt: string, endsAt: string, language: Language): string {
  const start = new Date(startsAt);
  const day = new Intl.DateTimeFormat(LOCALE[language], {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
  }).format(start);
  const separator = language === 'zh_CN' ? ' ' : ', ';
  return `${day}${separator}${timeOf(start)}–${timeOf(endsAt)}`;
}

/** "2026-11" as a month label: "Nov 2026" / "2026年11月". */
export function formatMonth(month: string, language: Language): string {
  return new Intl.DateTimeFormat(LOCALE[language], {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(dayToUtc(`${month}-01`));
}

/** A course's weekly slots on its own clock: "Mon 18:00, Wed 18:00" / "周一 18:00、周三 18:00". */
export function formatSlots(
  slots: readonly { weekday: number; time: string }[],
  language: Language,
): string {
  const day = new Intl.DateTimeFormat(LOCALE[language], { weekday: 'short', timeZone: 'UTC' });
  return slots
    .map((slot) => `${day.format(new Date(Date.UTC(2026, 10, 22 + slot.weekday)))} ${slot.time}`)
    .join(language === 'zh_CN' ? '、' : ', ');
}
