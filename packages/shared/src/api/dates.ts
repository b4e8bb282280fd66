import { z } from 'zod';

/**
 * Dates a request may carry: calendar days from 1970 through 2100. Nothing the product shows
 * lies outside that span (lessons, orders, children's birthdays), and the database refuses some
 * dates JavaScript accepts ("0000-01-01"), so they are refused here with the validation message
 * instead of reaching a query (issue #18 item 7).
 */
export const MIN_DATE_YEAR = 1970;
export const MAX_DATE_YEAR = 2100;

/** Is (y, m, d) a real day inside the span? Months and days are 1-based. */
export function isCalendarDayInRange(year: number, month: number, day: number): boolean {
  if (!Number.isInteger(year) || year < MIN_DATE_YEAR || year > MAX_DATE_YEAR) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

/** "YYYY-MM-DD" of a real day inside the span. */
export function isIsoDateInRange(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  return isCalendarDayInRange(y, m, d);
}

/** "YYYY-MM" of a month inside the span. */
export function isIsoMonthInRange(value: string): boolean {
  const match = /^(\d{4})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [, y, m] = match.map(Number) as [number, number, number];
  return isCalendarDayInRange(y, m, 1);
}

/** An optional "YYYY-MM-DD" query field (an empty value means "not sent"). */
export function optionalIsoDate(messageKey: string) {
  return z
    .string()
    .refine(isIsoDateInRange, { message: messageKey })
    .optional()
    .or(z.literal('').transform(() => undefined));
}

/** An optional "YYYY-MM" query field (an empty value means "not sent"). */
export function optionalIsoMonth(messageKey: string) {
  return z
    .string()
    .refine(isIsoMonthInRange, { message: messageKey })
    .optional()
    .or(z.literal('').transform(() => undefined));
}

/**
 * A clock or calendar number on two digits ("07"): hours, minutes, months and days as both the
 * server and the web write them (use it rather than a local `pad`).
 */
export function twoDigits(value: number): string {
  return String(value).padStart(2, '0');
}
