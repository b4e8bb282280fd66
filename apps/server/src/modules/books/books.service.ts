import {
  monthIndex,
  monthsBetween,
  type BooksCredits,
  type BooksMoney,
  type BooksQuery,
  type BooksTotal,
} from '@portal/shared/staff';
import type { Language } from '@portal/shared/i18n';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { cjkFont, type PdfFont } from '../../lib/pdf-fonts';
import { booksCsv } from './books-csv';
import { booksPdf } from './books-pdf';
import { zonedTimeToUtc } from '../../lib/time';
import {
  countMembershipsByMonth,
  sumLedgerBefore,
  sumLedgerByMonth,
  sumOrdersPaid,
  sumRefundsConfirmed,
  sumRenewalsPaid,
  type CurrencyBucket,
} from './books.repository';

/**
 * The school's books (issue #23, decision 048 item 8): per calendar month of the school's time
 * zone and per currency, the revenue (orders paid + renewals paid − refunds confirmed) and the
 * refunds; per month the credits sold, consumed, taken back and restored by refunds, the credits
 * outstanding at the month's end (the liability), and the plans started and ended. Every figure
 * is one SQL aggregate; they run in parallel. Reads only: nothing is audited.
 */
export interface BooksFigures {
  from: string;
  to: string;
  months: string[];
  currencies: string[];
  money: BooksMoney[];
  credits: BooksCredits[];
  totals: BooksTotal[];
  timeZone: string;
  asOf: Date;
}

/** The instants the months start at in `zone`, then the end of the last month. */
export function monthBounds(months: readonly string[], zone: string): Date[] {
  const last = monthIndex(months.at(-1)!)! + 1;
  const starts = months.map((month) => monthIndex(month)!);
  return [...starts, last].map((index) =>
    zonedTimeToUtc(
      { year: Math.floor(index / 12), month: (index % 12) + 1, day: 1, hour: 0, minute: 0 },
      zone,
    ),
  );
}

const key = (bucket: number, currency: string) => `${bucket}|${currency}`;

function byBucketAndCurrency(rows: CurrencyBucket[]) {
  return new Map(rows.map((row) => [key(row.bucket, row.currency), row]));
}

export async function getBooks(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config'>,
  query: BooksQuery,
): Promise<BooksFigures> {
  const now = ctx.clock.now();
  const zone = ctx.config.schoolTimeZone;
  const months = monthsBetween(query.from, query.to);
  const bounds = monthBounds(months, zone);
  const [orders, renewals, refunds, ledger, before, memberships] = await Promise.all([
    sumOrdersPaid(ctx.db, bounds),
    sumRenewalsPaid(ctx.db, bounds),
    sumRefundsConfirmed(ctx.db, bounds),
    sumLedgerByMonth(ctx.db, bounds),
    sumLedgerBefore(ctx.db, bounds[0]!),
    countMembershipsByMonth(ctx.db, bounds, now),
  ]);

  const currencies = [
    ...new Set([...orders, ...renewals, ...refunds].map((row) => row.currency)),
  ].sort();
  const paid = byBucketAndCurrency(orders);
  const renewed = byBucketAndCurrency(renewals);
  const refunded = byBucketAndCurrency(refunds);

  const money: BooksMoney[] = months.flatMap((month, index) =>
    currencies.map((currency) => {
      const at = key(index + 1, currency);
      const order = paid.get(at);
      const renewal = renewed.get(at);
      const refund = refunded.get(at);
      const ordersMinor = order?.minor ?? 0;
      const renewalsMinor = renewal?.minor ?? 0;
      const refundsMinor = refund?.minor ?? 0;
      return {
        month,
        currency,
        ordersCount: order?.count ?? 0,
        ordersMinor,
        renewalsCount: renewal?.count ?? 0,
        renewalsMinor,
        refundsCount: refund?.count ?? 0,
        refundsMinor,
        revenueMinor: ordersMinor + renewalsMinor - refundsMinor,
      };
    }),
  );

  let outstanding = before;
  const credits: BooksCredits[] = months.map((month, index) => {
    const flows = ledger.get(index + 1);
    outstanding += flows?.net ?? 0;
    return {
      month,
      sold: flows?.sold ?? 0,
      consumed: flows?.consumed ?? 0,
      takenBack: flows?.takenBack ?? 0,
      restored: flows?.restored ?? 0,
      outstanding,
      membershipsStarted: memberships.started.get(index + 1) ?? 0,
      membershipsEnded: memberships.ended.get(index + 1) ?? 0,
    };
  });

  const totals: BooksTotal[] = currencies.map((currency) => {
    const rows = money.filter((row) => row.currency === currency);
    const sum = (field: keyof Omit<BooksTotal, 'currency'>) =>
      rows.reduce((total, row) => total + row[field], 0);
    return {
      currency,
      ordersCount: sum('ordersCount'),
      ordersMinor: sum('ordersMinor'),
      renewalsCount: sum('renewalsCount'),
      renewalsMinor: sum('renewalsMinor'),
      refundsCount: sum('refundsCount'),
      refundsMinor: sum('refundsMinor'),
      revenueMinor: sum('revenueMinor'),
    };
  });

  return {
    from: months[0]!,
    to: months.at(-1)!,
    months,
    currencies,
    money,
    credits,
    totals,
    timeZone: zone,
    asOf: now,
  };
}

type BooksCtx = Pick<AppContext, 'db' | 'clock' | 'config'>;

/** The books' download name: `books-2026-01-2026-06.csv`. */
export const booksFileName = (books: Pick<BooksFigures, 'from' | 'to'>, extension: 'csv' | 'pdf') =>
  `books-${books.from}-${books.to}.${extension}`;

/** The books as CSV in `language` (RFC 4180, UTF-8 with BOM). */
export async function getBooksCsv(ctx: BooksCtx, query: BooksQuery, language: Language) {
  const books = await getBooks(ctx, query);
  return { fileName: booksFileName(books, 'csv'), body: booksCsv(books, language) };
}

/**
 * The books as PDF in `language`, written with the CJK font (lib/pdf-fonts.ts). Without the
 * font file: 503 `booksPdfFontMissing`, before any figure is read.
 */
export async function getBooksPdf(
  ctx: BooksCtx,
  query: BooksQuery,
  language: Language,
  fontOf: () => PdfFont | undefined = cjkFont,
) {
  const font = fontOf();
  if (!font) throw new AppError('UNAVAILABLE', 'booksPdfFontMissing');
  const books = await getBooks(ctx, query);
  return { fileName: booksFileName(books, 'pdf'), body: await booksPdf(books, language, font) };
}
