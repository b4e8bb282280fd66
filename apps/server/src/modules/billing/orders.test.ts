import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createGood, createPackage, createPlan } from '../../../test/factories/billing';
import { createSignedInParent } from '../../../test/factories/parents';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import { rowsOf } from '../../db/client';
import { JOBS } from '../../jobs';
import type { LocalPaymentProvider } from '../../providers/payments/local-payments';
import { WEBHOOK_PATH } from '../../http/platform/payments.routes';

/**
 * Decision 029 (issue #18, "Money"): one plan at a time, changes of plan priced to the day, one
 * open order per thing bought, at most five open orders, and unpaid orders expiring with their
 * checkout. Requests are fired in parallel, as the attack did.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
afterEach(() => {
  vi.restoreAllMocks();
  t.clock.set('2026-11-20T08:00:00.000Z');
});

type Headers = Record<string, string>;
const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url, headers });
const post = (url: string, headers: Headers, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, headers, payload });
const payments = () => t.ctx.providers.payments as LocalPaymentProvider;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A paid checkout notification for one of our sessions, signed like the provider's. */
async function deliverPaid(
  session: string,
  order: { order_no: string; amount: number },
  userSn: string,
  options: { id?: string; subscription?: string } = {},
) {
  const payload = JSON.stringify({
    id: options.id ?? `evt_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    type: 'checkout.session.completed',
    data: {
      object: {
        id: session,
        object: 'checkout.session',
        payment_status: 'paid',
        amount_total: order.amount,
        currency: 'usd',
        client_reference_id: order.order_no,
        metadata: { order_no: order.order_no, user_sn: userSn },
        subscription: options.subscription ?? null,
      },
    },
  });
  const res = await t.app.inject({
    method: 'POST',
    url: WEBHOOK_PATH,
    headers: {
      'content-type': 'application/json',
      'stripe-signature': await payments().sign(payload),
    },
    payload,
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.outcome as string;
}

async function ordersOf(parentId: number) {
  return rowsOf<{
    order_no: string;
    kind: string;
    status: string;
    amount_minor: number;
    refund_id: string | null;
  }>(
    await t.ctx.db.execute(
      sql`select order_no, kind, status, amount_minor, refund_id from orders
          where parent_id = ${parentId} order by id`,
    ),
  );
}

async function activePlans(parentId: number) {
  return rowsOf<{ id: number; kids: number; price_minor: number }>(
    await t.ctx.db.execute(
      sql`select id, kids, price_minor from memberships
          where parent_id = ${parentId} and cancelled_at is null
            and starts_at <= ${t.clock.now().toISOString()}
            and ends_at > ${t.clock.now().toISOString()}`,
    ),
  );
}

/** Orders a plan and opens its checkout; answers the order and the session. */
async function planCheckout(headers: Headers, planId: number, change = false) {
  const ordered = await post('/api/buyMember', headers, {
    plan_id: planId,
    ...(change ? { change: 1 } : {}),
  });
  expect(ordered.statusCode).toBe(200);
  const order = ordered.json().data as { order_no: string; order_price: number };
  const session = (await post('/api/stripePayment', headers, { order_no: order.order_no })).json()
    .data as { sessionId: string };
  return { order, sessionId: session.sessionId };
}

const runOrderExpiry = () =>
  JOBS.find((job) => job.name === 'order-expiry')!.run(t.ctx, {
    data: {},
    now: t.clock.now(),
    queue: { send: async () => undefined },
  });

describe('one plan at a time', () => {
  it('gives 10 parallel buyMember clicks one order and one session, then refuses a second plan', async () => {
    const f = await createSignedInParent(t.ctx, { language: 'en' });
    const plan = await createPlan(t.ctx, { kids: 2, priceMinor: 34_900 });
    const other = await createPlan(t.ctx, { kids: 3, priceMinor: 46_900 });

    const clicks = await Promise.all(
      Array.from({ length: 10 }, () => post('/api/buyMember', f.headers, { plan_id: plan.id })),
    );
    expect(clicks.map((res) => res.statusCode)).toEqual(Array(10).fill(200));
    const numbers = new Set(clicks.map((res) => res.json().data.order_no as string));
    expect(numbers.size).toBe(1);
    const [orderNo] = [...numbers];
    expect(await ordersOf(f.parent.id)).toHaveLength(1);

    // Another plan while this one waits for payment: refused, in both languages.
    const second = await post('/api/buyMember', f.headers, { plan_id: other.id });
    expect(second.statusCode).toBe(409);
    expect(second.json().msg).toBe(
      'You already have a plan order waiting for payment. Complete it, or choose again once it expires (within an hour).',
    );
    const secondZh = await post(
      '/api/buyMember',
      { ...f.headers, lang: 'zh_CN' },
      { plan_id: other.id },
    );
    expect(secondZh.json().msg).toBe(
      '您已有一个待支付的月卡订单。请先完成支付，或在其过期后（一小时内）重新选择。',
    );

    // Two tabs opening the payment at once share one session.
    const sessions = await Promise.all(
      Array.from({ length: 10 }, () =>
        post('/api/stripePayment', f.headers, { order_no: orderNo }),
      ),
    );
    expect(new Set(sessions.map((res) => res.json().data.sessionId)).size).toBe(1);
    const sessionId = sessions[0]!.json().data.sessionId as string;
    // Both tabs press Pay: the session is paid once (the second finds it paid, grants nothing).
    const paid = await Promise.all([
      post('/api/local-checkout/pay', f.headers, { session: sessionId }),
      post('/api/local-checkout/pay', f.headers, { session: sessionId }),
    ]);
    expect(paid.every((res) => res.statusCode === 200 || res.statusCode === 409)).toBe(true);
    const outcomes = rowsOf<{ outcome: string }>(
      await t.ctx.db.execute(
        sql`select e.outcome from payment_events e join orders o on o.id = e.order_id
            where o.order_no = ${orderNo!}`,
      ),
    ).map((row) => row.outcome);
    expect(outcomes.filter((o) => o === 'fulfilled')).toHaveLength(1);
    expect(await activePlans(f.parent.id)).toHaveLength(1);

    // Holding a plan, a plain purchase is refused: the screens send the parent to ChangePlan.
    for (const id of [plan.id, other.id]) {
      const again = await post('/api/buyMember', f.headers, { plan_id: id });
      expect(again.statusCode).toBe(409);
      expect(again.json().msg).toBe('You already have an active plan. Change it instead.');
    }
    expect((await ordersOf(f.parent.id)).map((o) => o.status)).toEqual(['paid']);
  });

  it('refunds, exactly once, a plan payment that would stack on a plan from another order', async () => {
    const f = await createSignedInParent(t.ctx);
    const first = await createPlan(t.ctx, { kids: 1, priceMinor: 19_900 });
    const second = await createPlan(t.ctx, { kids: 2, priceMinor: 34_900 });
    const refund = vi.spyOn(payments(), 'refund');

    // Tab 1 opens a checkout and leaves it; once it expired, tab 2 orders and opens another.
    const one = await planCheckout(f.headers, first.id);
    t.clock.advance(61 * 60_000);
    await runOrderExpiry();
    const two = await planCheckout(f.headers, second.id);
    expect(two.order.order_no).not.toBe(one.order.order_no);

    // Both payments went through at the provider at nearly the same moment.
    const outcomes = await Promise.all([
      deliverPaid(
        one.sessionId,
        { order_no: one.order.order_no, amount: 19_900 },
        f.parent.user_sn,
      ),
      deliverPaid(
        two.sessionId,
        { order_no: two.order.order_no, amount: 34_900 },
        f.parent.user_sn,
      ),
    ]);
    expect(outcomes.sort()).toEqual(['fulfilled', 'refunded']);
    expect(await activePlans(f.parent.id)).toHaveLength(1);
    const rows = await ordersOf(f.parent.id);
    expect(rows.map((o) => o.status).sort()).toEqual(['paid', 'refunded']);
    const refunded = rows.find((o) => o.status === 'refunded')!;
    const refundedSession = refunded.order_no === one.order.order_no ? one : two;
    expect(refunded.refund_id).toBe(`lre_${refundedSession.sessionId}`);
    expect(refund).toHaveBeenCalledTimes(1);
    expect(refund).toHaveBeenCalledWith(
      expect.objectContaining({ orderNo: refunded.order_no, amountMinor: refunded.amount_minor }),
    );

    // Replays (same id, or another id for the same session) neither grant nor refund again.
    const replays = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        deliverPaid(
          refundedSession.sessionId,
          { order_no: refunded.order_no, amount: refunded.amount_minor },
          f.parent.user_sn,
          { id: i % 2 ? 'evt_replay_same' : `evt_replay_${i}` },
        ),
      ),
    );
    expect(replays.every((o) => o === 'already_paid' || o === 'duplicate')).toBe(true);
    expect(refund).toHaveBeenCalledTimes(1);
    expect(await activePlans(f.parent.id)).toHaveLength(1);
    const charges = (await get('/api/getChargesList', f.headers)).json().data;
    expect(charges.data_info.map((c: { pay_status: number }) => c.pay_status).sort()).toEqual([
      1, 3,
    ]);
  });

  it('refunds the second payment when two tabs pay one plan order by card and by wallet', async () => {
    const f = await createSignedInParent(t.ctx);
    const plan = await createPlan(t.ctx, { kids: 2, priceMinor: 34_900 });
    const refund = vi.spyOn(payments(), 'refund');
    const { order, sessionId: cardSession } = await planCheckout(f.headers, plan.id);
    // The second tab switches to the mobile wallet: a session of its own for the same order.
    await post('/api/confirmOrder', f.headers, {
      order_no: order.order_no,
      username: 'Wang Fang',
      mobile: '13800138000',
      email: 'wang@example.com',
      pay_method: 2,
    });
    const walletSession = (
      await post('/api/stripePayment', f.headers, { order_no: order.order_no })
    ).json().data.sessionId as string;
    expect(walletSession).not.toBe(cardSession);

    const outcomes = await Promise.all(
      [cardSession, walletSession].map((session) =>
        deliverPaid(session, { order_no: order.order_no, amount: 34_900 }, f.parent.user_sn),
      ),
    );
    expect(outcomes.sort()).toEqual(['fulfilled', 'refunded']);
    expect(await activePlans(f.parent.id)).toHaveLength(1);
    expect((await ordersOf(f.parent.id)).map((o) => o.status)).toEqual(['paid']);
    expect(refund).toHaveBeenCalledTimes(1);
    const paidBy = rowsOf<{ checkout_session_id: string }>(
      await t.ctx.db.execute(
        sql`select checkout_session_id from orders where order_no = ${order.order_no}`,
      ),
    )[0]!.checkout_session_id;
    expect(refund).toHaveBeenCalledWith(
      expect.objectContaining({
        sessionId: paidBy === cardSession ? walletSession : cardSession,
        amountMinor: 34_900,
      }),
    );
  });

  it('prices a change of plan to the day, shows it first, and cancels the old subscription', async () => {
    const f = await createSignedInParent(t.ctx, { language: 'en' });
    const small = await createPlan(t.ctx, { kids: 1, priceMinor: 19_900 });
    const big = await createPlan(t.ctx, { kids: 3, priceMinor: 46_900 });
    const tiny = await createPlan(t.ctx, { kids: 1, priceMinor: 100 });
    const cancel = vi.spyOn(payments(), 'cancelSubscription');
    const bought = await planCheckout(f.headers, small.id);
    expect(
      await deliverPaid(
        bought.sessionId,
        { order_no: bought.order.order_no, amount: 19_900 },
        f.parent.user_sn,
        { subscription: 'sub_small' },
      ),
    ).toBe('fulfilled');

    // 10 days and 1 hour later: 19 whole days of the 30-day month are unused.
    t.clock.advance(10 * DAY + HOUR);
    const change = (await post('/api/getMyChangePlan', f.headers, { plan_id: big.id })).json().data;
    expect(change).toMatchObject({
      current: { kids: 1, price: 199 },
      chosen: { kids: 3, price: 469 },
      price_change: 270,
      kids_change: 2,
      starts_at: '2026-11-30',
      unused_days: 19,
      period_days: 30,
      credit: 126.03, // 199.00 × 19 / 30, rounded down to the cent
      amount_due: 342.97,
      new_expire_at: '2026-12-30',
      can_change: true,
      reason: '',
    });

    // Without the ChangePlan flag it is a second plan: refused.
    expect((await post('/api/buyMember', f.headers, { plan_id: big.id })).statusCode).toBe(409);
    const clicks = await Promise.all(
      Array.from({ length: 10 }, () =>
        post('/api/buyMember', f.headers, { plan_id: big.id, change: 1 }),
      ),
    );
    expect(new Set(clicks.map((res) => res.json().data.order_no)).size).toBe(1);
    const order = clicks[0]!.json().data;
    expect(order).toMatchObject({
      order_price: 342.97,
      order_price_name: '$342.97',
      member_end_at: '2026-12-30',
    });
    expect(order.order_details).toContain('Less the unused part of your current plan: $126.03');
    const session = (
      await post('/api/stripePayment', f.headers, { order_no: order.order_no })
    ).json().data;
    await post('/api/local-checkout/pay', f.headers, { session: session.sessionId });

    expect(await activePlans(f.parent.id)).toEqual([
      expect.objectContaining({ kids: 3, price_minor: 46_900 }),
    ]);
    expect(cancel).toHaveBeenCalledExactlyOnceWith('sub_small');
    expect((await get('/api/getMyPlanList', f.headers)).json().data).toEqual([
      expect.objectContaining({ kids: 3, price: 469, expire_at: '2026-12-30' }),
    ]);

    // The same plan again, or one the unused days more than pay for, cannot be bought now.
    const same = await post('/api/buyMember', f.headers, { plan_id: big.id, change: 1 });
    expect(same.json().msg).toBe('This is already your plan.');
    const down = (await post('/api/getMyChangePlan', f.headers, { plan_id: tiny.id })).json().data;
    expect(down).toMatchObject({ can_change: false, amount_due: 0 });
    expect(down.reason).toBe(
      'The unused part of your plan covers this change. You can choose it when your plan ends on 2026-12-30.',
    );
    const downZh = await post(
      '/api/buyMember',
      { ...f.headers, lang: 'zh_CN' },
      { plan_id: tiny.id, change: 1 },
    );
    expect(downZh.statusCode).toBe(409);
    expect(downZh.json().msg).toBe(
      '您当前月卡未使用的部分已足够抵扣此次变更。您可在当前月卡于 2026-12-30 到期后再选择。',
    );
  });
});

describe('open orders', () => {
  it('gives 60 parallel buyCredit calls one order, and 20 parallel package checkouts one session', async () => {
    const f = await createSignedInParent(t.ctx);
    const good = await createGood(t.ctx, { quantity: 10 });
    const clicks = await Promise.all(
      Array.from({ length: 60 }, () => post('/api/buyCredit', f.headers, { good_id: good.id })),
    );
    expect(clicks.every((res) => res.statusCode === 200)).toBe(true);
    expect(new Set(clicks.map((res) => res.json().data.order_no)).size).toBe(1);

    const pkg = await createPackage(t.ctx, { quantity: 20, extra: 2, priceMinor: 18_900 });
    const checkouts = await Promise.all(
      Array.from({ length: 20 }, () =>
        post('/api/testStripe', f.headers, { lessons_goods_id: pkg.id, type: 'credit' }),
      ),
    );
    expect(checkouts.every((res) => res.statusCode === 200)).toBe(true);
    expect(new Set(checkouts.map((res) => res.json().data.sessionId)).size).toBe(1);
    expect(await ordersOf(f.parent.id)).toHaveLength(2);
    const sessions = rowsOf<{ n: number }>(
      await t.ctx.db.execute(
        sql`select count(*)::int as n from checkout_sessions s join orders o on o.id = s.order_id
            where o.parent_id = ${f.parent.id}`,
      ),
    );
    expect(sessions[0]!.n).toBe(1);

    // One payment, one grant.
    const sessionId = checkouts[0]!.json().data.sessionId as string;
    await post('/api/local-checkout/pay', f.headers, { session: sessionId });
    const account = (await get('/api/accounts?model=lessons', f.headers)).json().data;
    expect(account.balance).toBe(22);
  });

  it('caps open orders at 5 with a translated message', async () => {
    const f = await createSignedInParent(t.ctx);
    const goods = await Promise.all(Array.from({ length: 6 }, () => createGood(t.ctx)));
    const first = await Promise.all(
      goods.slice(0, 5).map((good) => post('/api/buyCredit', f.headers, { good_id: good.id })),
    );
    expect(first.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const sixth = await post('/api/buyCredit', f.headers, { good_id: goods[5]!.id });
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json().msg).toBe(
      'You have 5 orders waiting for payment. Complete or cancel one, or wait until they expire (within an hour).',
    );
    const sixthZh = await post(
      '/api/buyCredit',
      { ...f.headers, lang: 'zh_CN' },
      { good_id: goods[5]!.id },
    );
    expect(sixthZh.json().msg).toBe(
      '您有 5 个待支付的订单。请先完成或取消其中一个，或等待其过期（一小时内）。',
    );
    // The same good again is the open order, not a sixth.
    expect(
      (await post('/api/buyCredit', f.headers, { good_id: goods[0]!.id })).json().data.order_no,
    ).toBe(first[0]!.json().data.order_no);
  });

  it('expires unpaid orders with their checkout (the job run by two instances at once)', async () => {
    const f = await createSignedInParent(t.ctx);
    const good = await createGood(t.ctx, { quantity: 10 });
    const order = (await post('/api/buyCredit', f.headers, { good_id: good.id })).json().data;
    t.clock.advance(30 * 60_000);
    const session = (
      await post('/api/stripePayment', f.headers, { order_no: order.order_no })
    ).json().data;
    // Opening the checkout gave the order the session's hour: still open 59 minutes later.
    t.clock.advance(59 * 60_000);
    await runOrderExpiry();
    expect((await get(`/api/order?order_no=${order.order_no}`, f.headers)).json().data.status).toBe(
      'pending',
    );
    t.clock.advance(2 * 60_000);
    await Promise.all([runOrderExpiry(), runOrderExpiry()]);
    expect((await get(`/api/order?order_no=${order.order_no}`, f.headers)).json().data.status).toBe(
      'expired',
    );
    const pay = await post('/api/local-checkout/pay', f.headers, { session: session.sessionId });
    expect(pay.statusCode).toBe(409);
    expect(
      (await post('/api/stripePayment', f.headers, { order_no: order.order_no })).statusCode,
    ).toBe(409);
    // Expired orders are not charges; a new click makes a new order.
    expect((await get('/api/getChargesList', f.headers)).json().data.total).toBe(0);
    const next = (await post('/api/buyCredit', f.headers, { good_id: good.id })).json().data;
    expect(next.order_no).not.toBe(order.order_no);

    // A payment the provider took just before the session closed is still honoured, once.
    const late = await Promise.all([
      deliverPaid(
        session.sessionId,
        { order_no: order.order_no, amount: 10_900 },
        f.parent.user_sn,
      ),
      deliverPaid(
        session.sessionId,
        { order_no: order.order_no, amount: 10_900 },
        f.parent.user_sn,
      ),
    ]);
    expect(late.sort()).toEqual(['already_paid', 'fulfilled']);
    expect((await get('/api/accounts?model=lessons', f.headers)).json().data.balance).toBe(10);
  });
});
