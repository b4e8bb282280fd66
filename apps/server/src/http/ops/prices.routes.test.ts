import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PriceListSchema,
  type PriceGoodBody,
  type PricePackageBody,
  type PricePlanBody,
  type StaffRole,
} from '@portal/shared/staff';
import type { MessageKey } from '@portal/shared/i18n';
import { rowsOf } from '../../db/client';
import { translate } from '../../lib/catalogue';
import type { TestApp } from '../../../test/helpers/app';
import { buildOpsTestApp, STAFF_IDS, staffHeaders } from '../../../test/helpers/ops';
import { pricesRoutes } from './prices.routes';

/**
 * The prices' ops routes through `inject` (issue #23): admins list, create, edit and retire;
 * advisers and teachers are refused on every route; bad input (bad prices, currencies, an offer
 * ending before it starts) and unknown ids change nothing, with the message in the caller's
 * language; every write is audited.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildOpsTestApp({ routes: [pricesRoutes] });
  t.clock.set('2026-11-22T02:00:00Z');
});
afterAll(() => t.close());

type Who = StaffRole | 'none';

function call(
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
  who: Who = 'admin',
  lang = 'en',
) {
  return t.app.inject({
    method,
    url: `/api/ops${url}`,
    headers: { ...(who === 'none' ? {} : staffHeaders(who)), lang },
    ...(payload ? { payload } : method === 'POST' ? { payload: {} } : {}),
    remoteAddress: '10.9.0.8',
  });
}

async function ok(method: 'GET' | 'POST', url: string, payload?: object) {
  const response = await call(method, url, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

async function count(table: string): Promise<number> {
  const [row] = rowsOf<{ n: number | string }>(
    await t.ctx.db.execute(sql`select count(*) as n from ${sql.identifier(table)}`),
  );
  return Number(row!.n);
}

/** Row counts, and every price, of what the routes write. */
const snapshot = async () => ({
  counts: await Promise.all(['recharge_packages', 'plans', 'credit_goods', 'audit_log'].map(count)),
  prices: rowsOf(
    await t.ctx.db.execute(
      sql`select 'p' || id || ':' || price_minor || currency || is_active as v from recharge_packages
          union all select 'l' || id || ':' || price_minor || currency || coalesce(retired_at::text, '') from plans
          union all select 'g' || id || ':' || price_minor || currency || is_hidden from credit_goods
          order by 1`,
    ),
  ),
});

const PACKAGE: PricePackageBody = {
  titleEn: '40 credits',
  titleZh: '40 课时',
  quantity: 40,
  extraQuantity: 4,
  priceMinor: 35_900,
  currency: 'USD',
  sort: 3,
};

const PLAN: PricePlanBody = {
  titleEn: 'Holiday offer · 2 kids',
  titleZh: '假日特惠 · 2 个孩子',
  remarksEn: 'First month at a special price',
  remarksZh: '首月特价',
  descriptionEn: 'The 2-kids monthly pass at 14% off.',
  descriptionZh: '2 个孩子的月卡限时 86 折。',
  detailsEn: 'Unlimited lessons',
  detailsZh: '不限课时',
  tagsEn: 'Limited time',
  tagsZh: '限时',
  color: '#7048e8',
  showsIcon: false,
  kids: 2,
  priceMinor: 29_900,
  currency: 'USD',
  discount: 14,
  sort: 99,
  isOffer: true,
  offerStartsAt: '2026-11-23T00:00:00Z',
  offerEndsAt: '2026-11-30T00:00:00Z',
};

const GOOD: PriceGoodBody = {
  quantity: 30,
  descriptionEn: 'Offer: 30 credits',
  descriptionZh: '特惠：30 课时',
  priceMinor: 24_900,
  currency: 'CNY',
  sort: 0,
};

async function auditOf(targetType: string, targetId: number) {
  return rowsOf<{ action: string; staff_id: number; ip: string; after: unknown }>(
    await t.ctx.db.execute(
      sql`select action, staff_id, ip, after from audit_log
          where target_type = ${targetType} and target_id = ${String(targetId)} order by id`,
    ),
  );
}

describe('an admin', () => {
  it('creates, lists, edits and retires a package, a plan (offer) and a good, each audited', async () => {
    const pkg = (await ok('POST', '/prices/packages', PACKAGE)) as { id: number };
    const plan = (await ok('POST', '/prices/plans', PLAN)) as { id: number };
    const good = (await ok('POST', '/prices/goods', GOOD)) as { id: number };

    const list = PriceListSchema.parse(await ok('GET', '/prices'));
    expect(list.packages.find((row) => row.id === pkg.id)).toMatchObject({
      ...PACKAGE,
      isActive: true,
      providerPriceId: null,
    });
    expect(list.plans.find((row) => row.id === plan.id)).toMatchObject({
      isOffer: true,
      kids: 2,
      priceMinor: 29_900,
      offerStartsAt: '2026-11-23T00:00:00.000Z',
      offerEndsAt: '2026-11-30T00:00:00.000Z',
      retiredAt: null,
      state: 'scheduled',
    });
    expect(list.goods.find((row) => row.id === good.id)).toMatchObject({
      ...GOOD,
      isActive: true,
    });

    await ok('POST', `/prices/packages/${pkg.id}`, { ...PACKAGE, priceMinor: 36_900 });
    await ok('POST', `/prices/plans/${plan.id}`, { ...PLAN, offerStartsAt: null });
    await ok('POST', `/prices/goods/${good.id}`, { ...GOOD, quantity: 35 });
    const edited = PriceListSchema.parse(await ok('GET', '/prices'));
    expect(edited.packages.find((row) => row.id === pkg.id)?.priceMinor).toBe(36_900);
    expect(edited.plans.find((row) => row.id === plan.id)).toMatchObject({
      offerStartsAt: null,
      state: 'on-sale',
    });
    expect(edited.goods.find((row) => row.id === good.id)?.quantity).toBe(35);

    for (const [kind, id] of [
      ['packages', pkg.id],
      ['plans', plan.id],
      ['goods', good.id],
    ] as const)
      expect(await ok('POST', `/prices/${kind}/${id}/retire`)).toEqual({ id });
    const retired = PriceListSchema.parse(await ok('GET', '/prices'));
    expect(retired.packages.find((row) => row.id === pkg.id)?.isActive).toBe(false);
    expect(retired.plans.find((row) => row.id === plan.id)).toMatchObject({
      state: 'retired',
      retiredAt: '2026-11-22T02:00:00.000Z',
    });
    expect(retired.goods.find((row) => row.id === good.id)?.isActive).toBe(false);

    for (const [type, id] of [
      ['package', pkg.id],
      ['plan', plan.id],
      ['credit-good', good.id],
    ] as const) {
      const entries = await auditOf(type, id);
      expect(entries.map((entry) => entry.action)).toEqual([
        'price.created',
        'price.updated',
        'price.retired',
      ]);
      expect(entries[0]).toMatchObject({ staff_id: STAFF_IDS.admin, ip: '10.9.0.8' });
    }
    expect((await auditOf('package', pkg.id))[1]!.after).toMatchObject({ price: 36_900 });
    expect((await auditOf('plan', plan.id))[1]!.after).toMatchObject({ offerStartsAt: null });
  });

  it('gets 409 editing or retiring a retired item, and 404 for unknown ids, changing nothing', async () => {
    const { id } = (await ok('POST', '/prices/packages', PACKAGE)) as { id: number };
    await ok('POST', `/prices/packages/${id}/retire`);
    const before = await snapshot();
    const again = await call('POST', `/prices/packages/${id}/retire`);
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('This item is retired and can no longer be changed.');
    expect((await call('POST', `/prices/packages/${id}`, PACKAGE)).statusCode).toBe(409);
    for (const url of ['/prices/packages/999999', '/prices/plans/999999', '/prices/goods/999999']) {
      const body = url.includes('packages') ? PACKAGE : url.includes('plans') ? PLAN : GOOD;
      const response = await call('POST', url, body);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().msg).toBe('There is no such item.');
      expect((await call('POST', `${url}/retire`)).statusCode, url).toBe(404);
    }
    // An id that cannot be one fails the route's schema (400) with the same message.
    for (const url of ['/prices/packages/abc', '/prices/plans/0/retire']) {
      const response = await call('POST', url, url.includes('packages') ? PACKAGE : undefined);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().msg).toBe('There is no such item.');
    }
    const zh = await call('POST', '/prices/goods/999999/retire', undefined, 'admin', 'zh_CN');
    expect(zh.json().msg).toBe('没有这个商品。');
    expect(await snapshot()).toEqual(before);
  });
});

describe('bad input', () => {
  const cases: [string, string, object, string][] = [
    ['a price of 0', '/prices/packages', { ...PACKAGE, priceMinor: 0 }, 'priceAmountInvalid'],
    ['a negative price', '/prices/goods', { ...GOOD, priceMinor: -100 }, 'priceAmountInvalid'],
    [
      'a fractional minor price',
      '/prices/packages',
      { ...PACKAGE, priceMinor: 99.5 },
      'priceAmountInvalid',
    ],
    [
      'a price below the smallest charge',
      '/prices/plans',
      { ...PLAN, priceMinor: 49 },
      'priceAmountInvalid',
    ],
    ['a huge price', '/prices/plans', { ...PLAN, priceMinor: 100_000_001 }, 'priceAmountInvalid'],
    ['a price as text', '/prices/packages', { ...PACKAGE, priceMinor: '10' }, 'priceAmountInvalid'],
    [
      'a lower-case currency',
      '/prices/packages',
      { ...PACKAGE, currency: 'usd' },
      'priceCurrencyInvalid',
    ],
    [
      'a currency of 4 letters',
      '/prices/goods',
      { ...GOOD, currency: 'USDT' },
      'priceCurrencyInvalid',
    ],
    [
      'an offer ending before it starts',
      '/prices/plans',
      { ...PLAN, offerEndsAt: '2026-11-22T00:00:00Z' },
      'priceOfferEndBeforeStart',
    ],
    [
      'an offer ending as it starts',
      '/prices/plans',
      { ...PLAN, offerEndsAt: PLAN.offerStartsAt },
      'priceOfferEndBeforeStart',
    ],
    [
      'an offer without an end',
      '/prices/plans',
      { ...PLAN, offerEndsAt: null },
      'priceOfferEndRequired',
    ],
    [
      'a regular plan with offer times',
      '/prices/plans',
      { ...PLAN, isOffer: false },
      'priceOfferTimesOnlyForOffers',
    ],
    [
      'an offer time that is no time',
      '/prices/plans',
      { ...PLAN, offerEndsAt: 'next week' },
      'priceOfferTimeInvalid',
    ],
    ['no kids', '/prices/plans', { ...PLAN, kids: 0 }, 'priceKidsInvalid'],
    ['a colour name', '/prices/plans', { ...PLAN, color: 'red' }, 'priceColorInvalid'],
    ['no English title', '/prices/packages', { ...PACKAGE, titleEn: '  ' }, 'priceTitleEnRequired'],
    ['no credits', '/prices/goods', { ...GOOD, quantity: 0 }, 'priceCreditsInvalid'],
    [
      'negative extra credits',
      '/prices/packages',
      { ...PACKAGE, extraQuantity: -1 },
      'priceCreditsInvalid',
    ],
  ];

  it.each(cases)(
    '%s is refused with its message and changes nothing',
    async (_name, url, body, key) => {
      const before = await snapshot();
      const response = await call('POST', url, body);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().msg).toBe(translate('en', key as MessageKey));
      expect(await snapshot()).toEqual(before);
    },
  );

  it('answers the message in Chinese', async () => {
    const response = await call(
      'POST',
      '/prices/plans',
      { ...PLAN, offerEndsAt: '2026-11-22T00:00:00Z' },
      'admin',
      'zh_CN',
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toBe('优惠结束时间须晚于开始时间。');
  });
});

describe('other roles', () => {
  const routes: [string, string, object?][] = [
    ['GET', '/prices'],
    ['POST', '/prices/packages', PACKAGE],
    ['POST', '/prices/packages/1', PACKAGE],
    ['POST', '/prices/packages/1/retire'],
    ['POST', '/prices/plans', PLAN],
    ['POST', '/prices/plans/1', PLAN],
    ['POST', '/prices/plans/1/retire'],
    ['POST', '/prices/goods', GOOD],
    ['POST', '/prices/goods/1', GOOD],
    ['POST', '/prices/goods/1/retire'],
  ];

  it.each(['adviser', 'teacher', 'none'] as const)(
    '%s is refused everywhere, nothing changes',
    async (who) => {
      const before = await snapshot();
      for (const [method, url, body] of routes) {
        const response = await call(method as 'GET' | 'POST', url, body, who);
        expect(response.statusCode, `${who} ${method} ${url}`).toBe(who === 'none' ? 401 : 403);
      }
      expect(await snapshot()).toEqual(before);
    },
  );
});
