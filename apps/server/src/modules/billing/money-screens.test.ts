import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import { createGood, createPackage, createPlan } from '../../../test/factories/billing';
import { createSignedInParent } from '../../../test/factories/parents';
import {
  appendLedger,
  releaseLessonCredits,
  reserveLessonCredits,
} from '../credits/ledger.service';

// Decision 034: the money screens agree with each other.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url, headers });
const post = (url: string, headers: Headers, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, headers, payload });

/** Orders a plan and pays it through the local checkout. */
async function holdPlan(headers: Headers, planId: number) {
  const ordered = (await post('/api/buyMember', headers, { plan_id: planId })).json().data;
  const session = (await post('/api/stripePayment', headers, { order_no: ordered.order_no })).json()
    .data;
  await post('/api/local-checkout/pay', headers, { session: session.sessionId });
  return ordered as { order_no: string };
}

describe('the time-limited offer (decision 034)', () => {
  it('is a discount of the regular plan, gone once the parent holds it or a larger one', async () => {
    const one = await createPlan(t.ctx, { kids: 1, priceMinor: 19_900 });
    const two = await createPlan(t.ctx, { kids: 2, priceMinor: 34_900 });
    const three = await createPlan(t.ctx, { kids: 3, priceMinor: 46_900 });
    const ends = new Date(t.clock.now().getTime() + 3_600_000);
    const offer = await createPlan(t.ctx, { kids: 2, priceMinor: 29_900, offerEndsAt: ends });
    await createGood(t.ctx, { quantity: 30, hidden: true });

    const fresh = await createSignedInParent(t.ctx);
    expect((await get('/api/getHidePlanList', fresh.headers)).json().data).toMatchObject({
      is_show: true,
      plan_info: { id: offer.id, price: 299 },
      regular_price: 349,
    });

    // A 1-kid plan is smaller: the 2-kids offer is still worth showing.
    const small = await createSignedInParent(t.ctx);
    await holdPlan(small.headers, one.id);
    expect((await get('/api/getHidePlanList', small.headers)).json().data.is_show).toBe(true);

    for (const held of [two, three]) {
      const member = await createSignedInParent(t.ctx);
      await holdPlan(member.headers, held.id);
      expect((await get('/api/getHidePlanList', member.headers)).json().data).toMatchObject({
        is_show: false,
        plan_info: null,
        regular_price: null,
      });
      // The plan list can mark the plan held.
      expect((await get('/api/getMyPlanList', member.headers)).json().data[0].plan_id).toBe(
        held.id,
      );
    }

    // Holding the offer itself hides it too.
    const taker = await createSignedInParent(t.ctx);
    await holdPlan(taker.headers, offer.id);
    expect((await get('/api/getHidePlanList', taker.headers)).json().data.is_show).toBe(false);
    t.clock.set('2026-11-20T08:00:00.000Z');
  });
});

describe('one price list of credits (decision 034)', () => {
  it('sells on "Pay as You Go" exactly the packages of /recharge, at their price', async () => {
    const f = await createSignedInParent(t.ctx);
    await createPackage(t.ctx, { quantity: 10, extra: 0, priceMinor: 9_900 });
    await createGood(t.ctx, { quantity: 10 }); // a stray credit good is no second price
    const recharge = (await get('/api/recharge/quantity', f.headers)).json().data.list as {
      id: number;
      price: number;
      quantity: number;
      extra_quantity: number;
    }[];
    const goods = (await get('/api/getCreatPlanList', f.headers)).json().data.goods as {
      id: number;
      price: number;
      quantity: number;
    }[];
    expect(goods).toEqual(
      recharge.map((pkg) =>
        expect.objectContaining({
          id: pkg.id,
          price: pkg.price,
          quantity: pkg.quantity + pkg.extra_quantity,
        }),
      ),
    );
    expect(goods.some((good) => good.quantity === 10 && good.price === 109)).toBe(false);
  });
});

describe('CompletePayment (decision 034)', () => {
  it('states whether the order renews, and Cancel gives up only the parent’s own pending order', async () => {
    const f = await createSignedInParent(t.ctx);
    const other = await createSignedInParent(t.ctx);
    const plan = await createPlan(t.ctx, { kids: 1, priceMinor: 19_900 });
    const ordered = (await post('/api/buyMember', f.headers, { plan_id: plan.id })).json().data;
    expect(ordered).toMatchObject({
      is_recurring: true,
      renewal_price: 199,
      date: '2026-11-20',
      member_end_at: '2026-12-20',
    });

    // Another parent's order number is refused and the order stays payable.
    const foreign = await post('/api/cancelOrder', other.headers, { order_no: ordered.order_no });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().msg).toBe('This order was not found.');
    expect((await get(`/api/order?order_no=${ordered.order_no}`, other.headers)).statusCode).toBe(
      404,
    );

    const cancelled = await post('/api/cancelOrder', f.headers, { order_no: ordered.order_no });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().msg).toBe('The order was cancelled. Nothing was charged.');
    expect(
      (await get(`/api/order?order_no=${ordered.order_no}`, f.headers)).json().data.status,
    ).toBe('cancelled');
    // The cancelled plan order no longer blocks another plan (decision 029's one open order).
    const bigger = await createPlan(t.ctx, { kids: 2, priceMinor: 34_900 });
    expect((await post('/api/buyMember', f.headers, { plan_id: bigger.id })).statusCode).toBe(200);
    expect(
      (await post('/api/cancelOrder', f.headers, { order_no: ordered.order_no })).statusCode,
    ).toBe(409);
    expect((await post('/api/cancelOrder', {}, { order_no: ordered.order_no })).statusCode).toBe(
      401,
    );
  });

  it('a package is paid once, with nothing renewing', async () => {
    const f = await createSignedInParent(t.ctx);
    const pkg = await createPackage(t.ctx);
    const res = await post('/api/testStripe', f.headers, { lessons_goods_id: pkg.id });
    const session = res.json().data.sessionId as string;
    const page = (await get(`/api/local-checkout/session?session=${session}`, f.headers)).json()
      .data;
    expect(page.order).toMatchObject({ is_recurring: false, renewal_price: 0, kind: 'package' });
  });
});

describe('credit history (decision 034)', () => {
  it('shows what each row does to available and held credits, and the balance after it', async () => {
    const f = await createSignedInParent(t.ctx);
    const id = f.parent.id;
    const at = (minutes: number) => new Date(t.clock.now().getTime() + minutes * 60_000);
    await appendLedger(t.ctx.db, {
      parent_id: id,
      event: 'purchase',
      paid_delta: 20,
      title_en: 'Purchased 20 credits',
      title_zh: '购买 20 课时',
      idempotency_key: `test:${id}:buy`,
      created_at: at(1),
    });
    await appendLedger(t.ctx.db, {
      parent_id: id,
      event: 'reward',
      reward_delta: 2,
      title_en: '2 free credits',
      title_zh: '赠送 2 课时',
      idempotency_key: `test:${id}:extra`,
      created_at: at(1),
    });
    t.clock.advance(2 * 60_000);
    const lesson = {
      parentId: id,
      lessonId: 900_000 + id,
      credits: 3,
      label: { en: 'Reading', zh: '阅读' },
    };
    await t.ctx.db.transaction((tx) => reserveLessonCredits(tx, lesson, t.clock.now()));
    t.clock.advance(60_000);
    await t.ctx.db.transaction((tx) => releaseLessonCredits(tx, lesson, t.clock.now()));

    const log = (await get('/api/account-logs/creditPC?pagesize=10', f.headers)).json();
    const rows = log.data as {
      event: string;
      quantity: number;
      available_change: number;
      held_change: number;
      balance_after: number;
      available_after: number;
    }[];
    // Newest first.
    expect(rows.map((row) => row.event)).toEqual(['release', 'reserve', 'reward', 'purchase']);
    expect(rows.map(({ event, ...rest }) => ({ event, ...rest }))).toEqual([
      expect.objectContaining({
        quantity: 0,
        available_change: 3,
        held_change: -3,
        balance_after: 22,
        available_after: 22,
      }),
      expect.objectContaining({
        quantity: 0,
        available_change: -3,
        held_change: 3,
        balance_after: 22,
        available_after: 19,
      }),
      expect.objectContaining({
        quantity: 2,
        available_change: 2,
        held_change: 0,
        balance_after: 22,
        available_after: 22,
      }),
      expect.objectContaining({
        quantity: 20,
        available_change: 20,
        held_change: 0,
        balance_after: 20,
        available_after: 20,
      }),
    ]);

    // A filtered page keeps the real running balance.
    const spent = (
      await get('/api/account-logs/creditPC?type=reserve&pagesize=10', f.headers)
    ).json().data;
    expect(spent).toEqual([expect.objectContaining({ balance_after: 22, available_after: 19 })]);

    // Another parent sees none of it.
    const other = await createSignedInParent(t.ctx);
    expect((await get('/api/account-logs/creditPC', other.headers)).json().total).toBe(0);
    t.clock.set('2026-11-20T08:00:00.000Z');
  });
});
