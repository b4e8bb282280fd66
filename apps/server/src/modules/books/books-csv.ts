import { stringify } from 'csv-stringify/sync';
import type { Language } from '@portal/shared/i18n';
import { labelsOf, majorAmount } from './books-labels';
import type { BooksFigures } from './books.service';

/**
 * The books as CSV (RFC 4180: CRLF line ends, fields quoted when they need it; UTF-8 with a BOM
 * so spreadsheet programs read Chinese right): one row per month, then a total row. Money
 * columns come per currency, in major units ("1234.50"); credit columns after them.
 */
export function booksCsv(books: BooksFigures, language: Language): string {
  const l = labelsOf(language);
  const moneyColumns = books.currencies.flatMap((currency) =>
    [
      l.orders,
      l.ordersAmount,
      l.renewals,
      l.renewalsAmount,
      l.refunds,
      l.refundsAmount,
      l.revenue,
    ].map((label) => `${label} (${currency})`),
  );
  const header = [
    l.month,
    ...moneyColumns,
    l.sold,
    l.consumed,
    l.takenBack,
    l.restored,
    l.outstanding,
    l.started,
    l.ended,
  ];
  const moneyCells = (month: string | undefined) =>
    books.currencies.flatMap((currency) => {
      const row =
        month === undefined
          ? books.totals.find((total) => total.currency === currency)!
          : books.money.find((money) => money.month === month && money.currency === currency)!;
      return [
        String(row.ordersCount),
        majorAmount(row.ordersMinor, currency),
        String(row.renewalsCount),
        majorAmount(row.renewalsMinor, currency),
        String(row.refundsCount),
        majorAmount(row.refundsMinor, currency),
        majorAmount(row.revenueMinor, currency),
      ];
    });
  const rows = books.credits.map((credits) => [
    credits.month,
    ...moneyCells(credits.month),
    String(credits.sold),
    String(credits.consumed),
    String(credits.takenBack),
    String(credits.restored),
    String(credits.outstanding),
    String(credits.membershipsStarted),
    String(credits.membershipsEnded),
  ]);
  const sum = (
    field:
      'sold' | 'consumed' | 'takenBack' | 'restored' | 'membershipsStarted' | 'membershipsEnded',
  ) => String(books.credits.reduce((total, row) => total + row[field], 0));
  const total = [
    l.total,
    ...moneyCells(undefined),
    sum('sold'),
    sum('consumed'),
    sum('takenBack'),
    sum('restored'),
    // The liability at the end of the range (a balance, not a flow).
    String(books.credits.at(-1)?.outstanding ?? 0),
    sum('membershipsStarted'),
    sum('membershipsEnded'),
  ];
  return stringify([header, ...rows, total], { bom: true, record_delimiter: 'windows' });
}
