import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthsBetween, STAFF_ROLES, type StaffRole } from '@portal/shared/staff';
import { BOOKS_NOW, expectedBooks, seedBooks, type BooksRaw } from '../../../test/factories/books';
import { createSignedInParent } from '../../../test/factories/parents';
import { TestClock, type TestApp } from '../../../test/helpers/app';
import { buildOpsTestApp, staffHeaders } from '../../../test/helpers/ops';
import { booksRoutes } from './books.routes';

let t: TestApp;
let raw: BooksRaw;
beforeAll(async () => {
  t = await buildOpsTestApp({ routes: [booksRoutes], clock: new TestClock(new Date(BOOKS_NOW)) });
  raw = await seedBooks(t.ctx, 7);
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });
const allowed: Record<StaffRole, boolean> = { admin: true, adviser: false, teacher: false };
const QUERY = 'from=2026-01&to=2026-06';

describe('GET /api/ops/books', () => {
  for (const role of STAFF_ROLES) {
    it(`${allowed[role] ? 'answers' : 'refuses'} the ${role}`, async () => {
      const response = await get(`/api/ops/books?${QUERY}`, staffHeaders(role));
      if (allowed[role]) {
        expect(response.statusCode).toBe(200);
        const expected = expectedBooks(
          raw,
          monthsBetween('2026-01', '2026-06'),
          new Date(BOOKS_NOW),
        );
        expect(response.json()).toEqual({
          code: 200,
          msg: 'ok',
          data: {
            from: '2026-01',
            to: '2026-06',
            ...expected,
            timeZone: 'Asia/Shanghai',
            asOf: BOOKS_NOW,
          },
        });
      } else {
        expect(response.statusCode).toBe(403);
        expect(response.json()).toMatchObject({ code: 403, data: null });
      }
    });
  }

  it('answers 401 without a session and to a parent', async () => {
    expect((await get(`/api/ops/books?${QUERY}`)).statusCode).toBe(401);
    const { headers } = await createSignedInParent(t.ctx);
    expect((await get(`/api/ops/books?${QUERY}`, headers)).statusCode).toBe(401);
  });

  it('accepts 24 months and one month', async () => {
    const long = await get('/api/ops/books?from=2025-01&to=2026-12', staffHeaders('admin'));
    expect(long.statusCode).toBe(200);
    expect(long.json().data.months).toHaveLength(24);
    const one = await get('/api/ops/books?from=2026-03&to=2026-03', staffHeaders('admin'));
    expect(one.json().data.months).toEqual(['2026-03']);
  });

  const refusals: [string, string, string][] = [
    ['from=2026-13&to=2026-14', 'booksMonthInvalid', 'Choose a month (YYYY-MM).'],
    ['from=2026-1&to=2026-02', 'booksMonthInvalid', 'Choose a month (YYYY-MM).'],
    ['from=abc&to=2026-02', 'booksMonthInvalid', 'Choose a month (YYYY-MM).'],
    ['to=2026-02', 'booksMonthInvalid', 'Choose a month (YYYY-MM).'],
    [
      'from=2026-05&to=2026-04',
      'booksRangeInvalid',
      'The last month must not come before the first.',
    ],
    ['from=2025-01&to=2027-01', 'booksRangeTooLong', 'Choose at most 24 months.'],
  ];
  for (const [query, key, message] of refusals) {
    it(`refuses ${query} (${key}) in both languages`, async () => {
      for (const path of ['/api/ops/books', '/api/ops/books.csv', '/api/ops/books.pdf']) {
        const response = await get(`${path}?${query}`, staffHeaders('admin'));
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ msg: message, data: null });
      }
      const chinese = await get(`/api/ops/books?${query}`, {
        ...staffHeaders('admin'),
        lang: 'zh_CN',
      });
      expect(chinese.json().msg).toMatch(/[月个]/);
    });
  }
});

describe('GET /api/ops/books.csv', () => {
  for (const role of STAFF_ROLES) {
    it(`${allowed[role] ? 'sends' : 'refuses'} the ${role}`, async () => {
      const response = await get(`/api/ops/books.csv?${QUERY}`, staffHeaders(role));
      expect(response.statusCode).toBe(allowed[role] ? 200 : 403);
    });
  }

  it('is an attachment, UTF-8 with BOM, in the staff member’s language', async () => {
    const response = await get(`/api/ops/books.csv?${QUERY}`, {
      ...staffHeaders('admin'),
      lang: 'zh_CN',
    });
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="books-2026-01-2026-06.csv"',
    );
    expect([...response.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parse(response.rawPayload, { bom: true, columns: true }) as Record<
      string,
      string
    >[];
    expect(rows.map((row) => row['月份'])).toEqual([
      ...monthsBetween('2026-01', '2026-06'),
      '合计',
    ]);
  });
});

describe('GET /api/ops/books.pdf', () => {
  for (const role of STAFF_ROLES) {
    it(`${allowed[role] ? 'sends' : 'refuses'} the ${role}`, async () => {
      const response = await get(`/api/ops/books.pdf?${QUERY}`, staffHeaders(role));
      expect(response.statusCode).toBe(allowed[role] ? 200 : 403);
    });
  }

  it('is a PDF attachment', async () => {
    const response = await get(`/api/ops/books.pdf?${QUERY}`, staffHeaders('admin'));
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="books-2026-01-2026-06.pdf"',
    );
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('answers a translated 503 when the font file is missing', async () => {
    const before = process.env.PDF_CJK_FONT;
    process.env.PDF_CJK_FONT = '/nonexistent/font.ttc';
    try {
      const response = await get(`/api/ops/books.pdf?${QUERY}`, {
        ...staffHeaders('admin'),
        lang: 'zh_CN',
      });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({
        code: 503,
        msg: '暂时无法生成 PDF（未安装所需字体），请改为下载 CSV。',
        data: null,
      });
    } finally {
      if (before === undefined) delete process.env.PDF_CJK_FONT;
      else process.env.PDF_CJK_FONT = before;
    }
  });
});
