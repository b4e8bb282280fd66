import { z } from 'zod';

/**
 * The school's books (issue #23, decision 048 item 8): the wire shapes of `GET /api/ops/books`
 * (and the `.csv` / `.pdf` downloads of the same query), used by the server's routes, the
 * console's screen and the tests. Months are calendar months of the school's time zone; amounts
 * are integers in minor units of their `currency` (ISO 4217). Messages are keys of
 * `books-messages.ts`.
 */

/** The longest range the books cover, in months (both ends included). */
export const BOOKS_MONTHS_MAX = 24;

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** "YYYY-MM" → a month count since year 0 (for ranges); undefined when malformed. */
export function monthIndex(month: string): number | undefined {
  const match = MONTH.exec(month);
  if (!match) return undefined;
  return Number(match[1]) * 12 + Number(match[2]) - 1;
}

/** The "YYYY-MM" of a month index. */
export function monthOfIndex(index: number): string {
  const year = Math.floor(index / 12);
  return `${String(year).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** Every month from `from` to `to`, both included ("YYYY-MM"). */
export function monthsBetween(from: string, to: string): string[] {
  const start = monthIndex(from);
  const end = monthIndex(to);
  if (start === undefined || end === undefined || end < start) return [];
  return Array.from({ length: end - start + 1 }, (_, offset) => monthOfIndex(start + offset));
}

const MonthSchema = z
  .string({ error: 'booksMonthInvalid' })
  .trim()
  .regex(MONTH, 'booksMonthInvalid')
  .refine((month) => Number(month.slice(0, 4)) >= 2000, 'booksMonthInvalid');

/** GET /api/ops/books?from=YYYY-MM&to=YYYY-MM: both months included, at most 24. */
export const BooksQuerySchema = z
  .object({ from: MonthSchema, to: MonthSchema })
  .refine((query) => monthIndex(query.to)! >= monthIndex(query.from)!, {
    error: 'booksRangeInvalid',
    path: ['to'],
  })
  .refine((query) => monthIndex(query.to)! - monthIndex(query.from)! < BOOKS_MONTHS_MAX, {
    error: 'booksRangeTooLong',
    path: ['to'],
  });
export type BooksQuery = z.infer<typeof BooksQuerySchema>;

/** One month's money in one currency. */
export const BooksMoneySchema = z.object({
  /** "YYYY-MM" (school time zone). */
  month: z.string(),
  currency: z.string(),
  /** Orders paid in the month (by their payment time) and their amounts. */
  ordersCount: z.number().int(),
  ordersMinor: z.number().int(),
  /** Plan renewals paid at the provider in the month. */
  renewalsCount: z.number().int(),
  renewalsMinor: z.number().int(),
  /** Refunds the provider confirmed in the month. */
  refundsCount: z.number().int(),
  refundsMinor: z.number().int(),
  /** ordersMinor + renewalsMinor − refundsMinor. */
  revenueMinor: z.number().int(),
});
export type BooksMoney = z.infer<typeof BooksMoneySchema>;

/** One month's credits (all currencies) and plans. */
export const BooksCreditsSchema = z.object({
  month: z.string(),
  /** Credits bought (paid) plus the free extra credits of those orders. */
  sold: z.number().int(),
  /** Credits lessons used (paid and reward). */
  consumed: z.number().int(),
  /** Credits taken back by staff refunds. */
  takenBack: z.number().int(),
  /** Credits given back because a refund failed. */
  restored: z.number().int(),
  /** Paid and reward credits held by parents at the month's end (the school's liability). */
  outstanding: z.number().int(),
  /** Plans that started in the month. */
  membershipsStarted: z.number().int(),
  /** Plans that ended in the month (cancelled or ran out, whichever came first; not later than now). */
  membershipsEnded: z.number().int(),
});
export type BooksCredits = z.infer<typeof BooksCreditsSchema>;

/** One currency's sums over the range. */
export const BooksTotalSchema = BooksMoneySchema.omit({ month: true });
export type BooksTotal = z.infer<typeof BooksTotalSchema>;

export const BooksSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Every month of the range, oldest first. */
  months: z.array(z.string()),
  /** The currencies that have any figure in the range (sorted). */
  currencies: z.array(z.string()),
  /** Every month × every currency (months oldest first, then currencies in order). */
  money: z.array(BooksMoneySchema),
  /** One row per month, oldest first. */
  credits: z.array(BooksCreditsSchema),
  /** One row per currency, in the order of `currencies`. */
  totals: z.array(BooksTotalSchema),
  /** The school's calendar zone the months are counted in (IANA). */
  timeZone: z.string(),
  /** When the figures were computed (ISO). */
  asOf: z.string(),
});
export type Books = z.infer<typeof BooksSchema>;
