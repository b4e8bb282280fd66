import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

interface Country {
  id: number;
  title: string;
  country_code: string;
  iso: string;
}

async function countries(query: string, lang = 'en'): Promise<Country[]> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/dict/countries?${query}`,
    headers: { lang },
  });
  expect(response.statusCode).toBe(200);
  return response.json().data as Country[];
}

describe('GET /api/dict/countries', () => {
  it('lists every region with a calling code, mainland China first', async () => {
    const list = await countries('page=1&pagesize=999');
    expect(list.length).toBeGreaterThan(200);
    expect(list[0]).toEqual({ id: 156, title: 'China', country_code: '86', iso: 'CN' });
    expect(list.find((c) => c.iso === 'US')?.country_code).toBe('1');
    expect(new Set(list.map((c) => c.id)).size).toBe(list.length);
  });

  it('names regions in the request language', async () => {
    const list = await countries('country_code=86', 'zh_CN');
    expect(list).toEqual([{ id: 156, title: '中国', country_code: '86', iso: 'CN' }]);
  });

  it.each([
    ['keywords=united', ['AE', 'GB', 'US']],
    ['keywords=%E6%97%A5%E6%9C%AC', ['JP']], // 日本
    ['keywords=%2B852', ['HK']],
    ['country_code=%2B1&keywords=canada', ['CA']],
    ['country_code=999', []],
  ])('filters %s', async (query, isos) => {
    const list = await countries(query);
    expect(list.map((c) => c.iso).sort()).toEqual(expect.arrayContaining(isos));
    if (isos.length === 0) expect(list).toEqual([]);
    if (query.includes('country_code')) expect(list.every((c) => isos.includes(c.iso))).toBe(true);
  });

  it('pages', async () => {
    const first = await countries('page=1&pagesize=5');
    const second = await countries('page=2&pagesize=5');
    expect(first).toHaveLength(5);
    expect(second[0]?.iso).not.toBe(first[0]?.iso);
  });

  it.each([
    ['pagesize=0', 'invalidField'],
    ['country_code=abc', 'countryCodeError'],
    [`keywords=${'x'.repeat(60)}`, 'keywordsTooLong'],
  ])('refuses %s', async (query) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/dict/countries?${query}` });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe(400);
    expect(typeof response.json().msg).toBe('string');
  });
});
