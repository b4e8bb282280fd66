import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthsBetween } from '@portal/shared/staff';
import { BOOKS_NOW, expectedBooks, seedBooks, type BooksRaw } from '../../../test/factories/books';
import { buildTestApp, TestClock, type TestApp } from '../../../test/helpers/app';
import { cjkFont } from '../../lib/pdf-fonts';
import { majorAmount } from './books-labels';
import { booksCsv } from './books-csv';
import { booksPdf } from './books-pdf';
import { getBooks, getBooksPdf, monthBounds } from './books.service';

let t: TestApp;
let raw: BooksRaw;
beforeAll(async () => {
  t = await buildTestApp({ clock: new TestClock(new Date(BOOKS_NOW)) });
  raw = await seedBooks(t.ctx);
});
afterAll(() => t.close());

describe('monthBounds', () => {
  it('starts each month at midnight of the school zone', () => {
    expect(
      monthBounds(['2025-12', '2026-01'], 'Asia/Shanghai').map((d) => d.toISOString()),
    ).toEqual(['2025-11-30T16:00:00.000Z', '2025-12-31T16:00:00.000Z', '2026-01-31T16:00:00.000Z']);
  });
});

describe('getBooks reconciles with the raw rows', () => {
  const ranges = [
    ['2025-10', '2026-09'],
    ['2026-01', '2026-06'],
    ['2026-02', '2026-02'],
    ['2026-03', '2026-04'],
    ['2024-01', '2025-12'],
  ] as const;
  for (const [from, to] of ranges) {
    it(`${from} to ${to}`, async () => {
      const books = await getBooks(t.ctx, { from, to });
      const months = monthsBetween(from, to);
      const expected = expectedBooks(raw, months, new Date(BOOKS_NOW));
      expect(books).toEqual({
        from,
        to,
        ...expected,
        timeZone: 'Asia/Shanghai',
        asOf: new Date(BOOKS_NOW),
      });
    });
  }

  it('has something to reconcile: two currencies, refunds, renewals, every credit flow', async () => {
    const books = await getBooks(t.ctx, { from: '2025-10', to: '2026-09' });
    expect(books.currencies).toEqual(['CNY', 'USD']);
    for (const total of books.totals) {
      expect(total.ordersCount).toBeGreaterThan(0);
      expect(total.refundsCount).toBeGreaterThan(0);
      expect(total.renewalsCount).toBeGreaterThan(0);
    }
    const sum = (field: 'sold' | 'consumed' | 'takenBack' | 'restored' | 'membershipsEnded') =>
      books.credits.reduce((total, row) => total + row[field], 0);
    for (const field of ['sold', 'consumed', 'takenBack', 'restored', 'membershipsEnded'] as const)
      expect(sum(field)).toBeGreaterThan(0);
    // Months outside the data: zeros, and the balance carried.
    const later = await getBooks(t.ctx, { from: '2026-10', to: '2026-11' });
    expect(later.currencies).toEqual([]);
    expect(later.credits.map((row) => row.outstanding)).toEqual([
      books.credits.at(-1)!.outstanding,
      books.credits.at(-1)!.outstanding,
    ]);
  });
});

describe('the CSV', () => {
  it('parses back with the right columns and figures, BOM first, CRLF lines', async () => {
    const books = await getBooks(t.ctx, { from: '2026-01', to: '2026-06' });
    const text = booksCsv(books, 'en');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(text).toContain('\r\n');
    const rows = parse(text, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(7);
    expect(Object.keys(rows[0]!)).toEqual([
      'Month',
      ...['CNY', 'USD'].flatMap((currency) =>
        [
          'Orders paid',
          'Orders amount',
          'Renewals paid',
          'Renewals amount',
          'Refunds',
          'Refunds amount',
          'Revenue',
        ].map((label) => `${label} (${currency})`),
      ),
      'Credits sold',
      'Credits consumed',
      'Credits taken back',
      'Credits restored',
      'Credits outstanding at month end',
      'Plans started',
      'Plans ended',
    ]);
    books.months.forEach((month, index) => {
      const row = rows[index]!;
      expect(row.Month).toBe(month);
      for (const money of books.money.filter((entry) => entry.month === month)) {
        expect(row[`Revenue (${money.currency})`]).toBe(
          majorAmount(money.revenueMinor, money.currency),
        );
        expect(row[`Orders paid (${money.currency})`]).toBe(String(money.ordersCount));
        expect(Number(row[`Refunds amount (${money.currency})`]) * 100).toBeCloseTo(
          money.refundsMinor,
          6,
        );
      }
      expect(row['Credits outstanding at month end']).toBe(
        String(books.credits[index]!.outstanding),
      );
      expect(row['Credits sold']).toBe(String(books.credits[index]!.sold));
    });
    const total = rows[6]!;
    expect(total.Month).toBe('Total');
    for (const sum of books.totals)
      expect(total[`Revenue (${sum.currency})`]).toBe(majorAmount(sum.revenueMinor, sum.currency));
  });

  it('keeps Chinese headers intact', async () => {
    const books = await getBooks(t.ctx, { from: '2026-01', to: '2026-02' });
    const buffer = Buffer.from(booksCsv(books, 'zh_CN'), 'utf8');
    expect([...buffer.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parse(buffer, { bom: true, columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0]!)).toContain('月份');
    expect(Object.keys(rows[0]!)).toContain('收入 (USD)');
    expect(Object.keys(rows[0]!)).toContain('月末未用课时');
    expect(rows.at(-1)!['月份']).toBe('合计');
  });
});

describe('majorAmount', () => {
  it('writes minor units as exact major units', () => {
    expect(majorAmount(123_450, 'USD')).toBe('1234.50');
    expect(majorAmount(-305, 'CNY')).toBe('-3.05');
    expect(majorAmount(7, 'USD')).toBe('0.07');
    expect(majorAmount(0, 'USD')).toBe('0.00');
    expect(majorAmount(500, 'JPY')).toBe('500');
  });
});

describe('the PDF', () => {
  const dir = mkdtempSync(join(tmpdir(), 'books-pdf-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const textOf = (pdf: Buffer, name: string) => {
    const file = join(dir, name);
    writeFileSync(file, pdf);
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  };

  it('reads back with the figures, in English and in Chinese', async () => {
    const font = cjkFont();
    expect(font).toBeDefined();
    const books = await getBooks(t.ctx, { from: '2026-01', to: '2026-06' });
    const pdf = await booksPdf(books, 'en', font!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const english = textOf(pdf, 'en.pdf');
    expect(english).toContain('Books');
    expect(english).toContain('Money (USD)');
    for (const money of books.money) {
      expect(english).toContain(majorAmount(money.revenueMinor, money.currency));
    }
    for (const total of books.totals)
      expect(english).toContain(majorAmount(total.revenueMinor, total.currency));
    for (const credits of books.credits) expect(english).toContain(String(credits.outstanding));

    const chinese = textOf(await booksPdf(books, 'zh_CN', font!), 'zh.pdf');
    expect(chinese).toContain('账目');
    expect(chinese).toContain('收支（CNY）');
    expect(chinese).toContain('合计');
  });

  it('answers 503 booksPdfFontMissing without the font', async () => {
    await expect(
      getBooksPdf(t.ctx, { from: '2026-01', to: '2026-02' }, 'en', () =>
        cjkFont({ path: '/nonexistent.ttc' }),
      ),
    ).rejects.toMatchObject({ errorCode: 'UNAVAILABLE', messageKey: 'booksPdfFontMissing' });
  });
});
