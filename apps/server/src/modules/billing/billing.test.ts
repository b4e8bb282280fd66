import { sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import { createGood, createPackage, createPlan } from '../../../test/factories/billing';
import { createChild, createCourse, createEnrollment } from '../../../test/factories/lessons';
import { createSignedInParent } from '../../../test/factories/parents';
import { rowsOf } from '../../db/client';
import type { LocalPaymentProvider } from '../../providers/payments/local-payments';
import { settleEndedLessons } from '../scheduling/scheduling.service';
import { WEBHOOK_PATH } from '../../http/platform/payments.routes';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url, headers });
const post = (url: string, headers: Headers, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, headers, payload });
const account = async (headers: Headers) =>
  (await get('/api/accounts?model=lessons', headers)).json().data as {
    balance: number;
    purchased_credit: number;
    reward_credit: number;
    member_expire_show: string;
    member_type: number;
  };
const provider = () => t.ctx.providers.payments as LocalPaymentProvider;

/** A Stripe-format event for a session, signed by the local provider (or not). */
async function deliver(event: object, signature?: string) {
  const payload = JSON.stringify(event);
  return t.app.inject({
    method: 'POST',
    url: WEBHOOK_PATH,
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signature ?? (await provider().sign(payload)),
    },
    payload,
  });
}

function completed(
  session: string,
  over: {
    amount?: number;
    currency?: string;
    orderNo: string;
    userSn: string;
    id?: string;
    status?: string;
  },
) {
  return {
    id: over.id ?? `evt_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    type: 'checkout.session.completed',
    data: {
      object: {
        id: session,
        object: 'checkout.session',
        payment_status: over.status ?? 'paid',
        amount_total: over.amount ?? 18_900,
        currency: (over.currency ?? 'usd').toLowerCase(),
        client_reference_id: over.orderNo,
        metadata: { order_no: over.orderNo, user_sn: over.userSn },
      },
    },
  };
}

async function startPackageCheckout(headers: Headers, packageId: number) {
  const res = await post('/api/testStripe', headers, {
    lessons_goods_id: packageId,
    type: 'credit',
  });
  expect(res.statusCode).toBe(200);
  const { sessionId, url } = res.json().data as { sessionId: string; url: string };
  const page = await get(`/api/local-checkout/session?session=${sessionId}`, headers);
  return { sessionId, url, order: page.json().data.order as { order_no: string; status: string } };
}

const eventCount = async () =>
  rowsOf<{ n: number }>(
    await t.ctx.db.execute(sql`select count(*)::int as n from payment_events`),
  )[0]!.n;

describe('credit packages through the local checkout', () => {
  it('lists packages, pays, and grants paid and free credits once', async () => {
    const f = await createSignedInParent(t.ctx, { language: 'en' });
    const pkg = await createPackage(t.ctx, { quantity: 20, extra: 2, priceMinor: 18_900 });
    const list = (await get('/api/recharge/quantity', f.headers)).json().data;
    expect(list.balance).toBe(0);
    expect(list.list).toContainEqual({
      id: pkg.id,
      title: pkg.title_en,
      price: 189,
      currency: 'USD',
      quantity: 20,
      extra_quantity: 2,
    });

    const { sessionId, url, order } = await startPackageCheckout(f.headers, pkg.id);
    expect(sessionId).toMatch(/^lcs_[0-9a-f]{32}$/);
    expect(url).toBe(`/checkout/local?session=${sessionId}`);
    expect(order.status).toBe('pending');
    // The browser coming back alone grants nothing.
    expect((await get(`/api/order?order_no=${order.order_no}`, f.headers)).json().data.status).toBe(
      'pending',
    );
    expect((await account(f.headers)).balance).toBe(0);

    const paid = await post('/api/local-checkout/pay', f.headers, { session: sessionId });
    expect(paid.json().data).toEqual({ redirect: `/paySuccess?order_no=${order.order_no}` });
    expect(await account(f.headers)).toMatchObject({
      balance: 22,
      purchased_credit: 20,
      reward_credit: 2,
    });
    expect((await get(`/api/order?order_no=${order.order_no}`, f.headers)).json().data.status).toBe(
      'paid',
    );
    expect(
      (await post('/api/local-checkout/pay', f.headers, { session: sessionId })).statusCode,
    ).toBe(409);

    const charges = (await get('/api/getChargesList?pagesize=10&page=1', f.headers)).json().data;
    expect(charges.total).toBe(1);
    expect(charges.data_info[0]).toMatchObject({
      order_no: order.order_no,
      amount: 189,
      currency: 'USD',
      currency_symbol: '$',
      pay_status: 1,
    });
    const credit = (
      await get('/api/account-logs/creditPC?pagesize=10&page=1&time_diff=480', f.headers)
    ).json();
    expect(credit.total).toBe(2);
    expect(
      credit.data.map((row: { event: string; quantity: number }) => [row.event, row.quantity]),
    ).toEqual(
      expect.arrayContaining([
        ['purchase', 20],
        ['reward', 2],
      ]),
    );
    const onlyRewards = (await get('/api/account-logs/creditPC?type=reward', f.headers)).json();
    expect(onlyRewards.total).toBe(1);
    const spent = (await get('/api/account-logs/creditPC?credit_value=2', f.headers)).json();
    expect(spent.total).toBe(0);
    const recharge = (await get('/api/account-logs/recharge?pagesize=10&page=1', f.headers)).json();
    expect(recharge.data[0]).toMatchObject({ order_no: order.order_no, price: 189, quantity: 22 });
  });

  it('grants once when the same notification arrives 10 times at once', async () => {
    const f = await createSignedInParent(t.ctx);
    const pkg = await createPackage(t.ctx, { quantity: 10, extra: 0, priceMinor: 9_900 });
    const { sessionId, order } = await startPackageCheckout(f.headers, pkg.id);
    const event = completed(sessionId, {
      amount: 9_900,
      orderNo: order.order_no,
      userSn: f.parent.user_sn,
    });
    const before = await eventCount();
    const results = await Promise.all(Array.from({ length: 10 }, () => deliver(event)));
    expect(results.every((res) => res.statusCode === 200)).toBe(true);
    const outcomes = results.map((res) => res.json().data.outcome).sort();
    expect(outcomes.filter((o) => o === 'fulfilled')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(9);
    expect((await account(f.headers)).balance).toBe(10);
    expect(await eventCount()).toBe(before + 1);
    // A second event id for the same paid session does not pay twice either.
    const again = await deliver({ ...event, id: 'evt_other_delivery' });
    expect(again.json().data.outcome).toBe('already_paid');
    expect((await account(f.headers)).balance).toBe(10);
  });

  it('refuses a bad or stale signature and writes nothing', async () => {
    const f = await createSignedInParent(t.ctx);
    const pkg = await createPackage(t.ctx);
    const { sessionId, order } = await startPackageCheckout(f.headers, pkg.id);
    const event = completed(sessionId, { orderNo: order.order_no, userSn: f.parent.user_sn });
    const payload = JSON.stringify(event);
    const before = await eventCount();
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_not_ours' });
    const stale = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: (await provider().sign(payload)) && (await localSecret()),
      timestamp: Math.floor(Date.now() / 1000) - 600,
    });
    for (const signature of [forged, stale, 'garbage']) {
      const res = await deliver(event, signature);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('The payment notification could not be verified.');
    }
    const missing = await t.app.inject({
      method: 'POST',
      url: WEBHOOK_PATH,
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(missing.statusCode).toBe(400);
    expect(await eventCount()).toBe(before);
    expect((await account(f.headers)).balance).toBe(0);
  });

  it('grants nothing when amount, currency, order or parent do not match, and logs it', async () => {
    const f = await createSignedInParent(t.ctx);
    const pkg = await createPackage(t.ctx, { priceMinor: 18_900 });
    const { sessionId, order } = await startPackageCheckout(f.headers, pkg.id);
    const base = { orderNo: order.order_no, userSn: f.parent.user_sn };
    for (const over of [
      { amount: 100 },
      { currency: 'eur' },
      { orderNo: 'O-someone-else' },
      { userSn: 'P-someone-else' },
      { status: 'unpaid' },
    ]) {
      const res = await deliver(completed(sessionId, { ...base, ...over }));
      expect(res.statusCode).toBe(200);
      expect(['mismatch', 'not_paid']).toContain(res.json().data.outcome);
    }
    const unknown = await deliver(completed('lcs_not_a_session_of_ours', base));
    expect(unknown.json().data.outcome).toBe('unknown_session');
    expect((await account(f.headers)).balance).toBe(0);
    expect(t.logText()).toContain('payment notification refused');
  });

  it('a cancelled checkout leaves the order unpaid and cannot be paid afterwards', async () => {
    const f = await createSignedInParent(t.ctx, { language: 'zh_CN' });
    const pkg = await createPackage(t.ctx);
    const { sessionId, order } = await startPackageCheckout(f.headers, pkg.id);
    const cancel = await post('/api/local-checkout/cancel', f.headers, { session: sessionId });
    expect(cancel.json().data.redirect).toBe(`/payError?order_no=${order.order_no}&cancelled=1`);
    expect((await get(`/api/order?order_no=${order.order_no}`, f.headers)).json().data.status).toBe(
      'cancelled',
    );
    const pay = await post(
      '/api/local-checkout/pay',
      { ...f.headers, lang: 'zh_CN' },
      { session: sessionId },
    );
    expect(pay.statusCode).toBe(409);
    expect(pay.json().msg).toBe('该订单已无法支付。');
    expect((await account(f.headers)).balance).toBe(0);
    expect((await get('/api/getChargesList', f.headers)).json().data.data_info[0].pay_status).toBe(
      2,
    );
  });
});

/** The local secret, read back through a signature (tests only). */
async function localSecret(): Promise<string> {
  const rows = rowsOf<{ value: string }>(
    await t.ctx.db.execute(
      sql`select value from app_meta where key = 'local_payment_webhook_secret'`,
    ),
  );
  return rows[0]!.value;
}

describe('plans', () => {
  it('orders, confirms, pays and shows the membership everywhere', async () => {
    const f = await createSignedInParent(t.ctx, { name: 'Wang Fang', email: 'wang@example.com' });
    const plan = await createPlan(t.ctx, { kids: 2, priceMinor: 34_900 });
    const kids = (await get('/api/getKidsTypeList', f.headers)).json().data;
    expect(kids).toContainEqual({ kids: 2 });
    const forTwo = (await get('/api/getPlanList?kids=2', f.headers)).json().data;
    expect(forTwo.map((p: { id: number }) => p.id)).toContain(plan.id);
    expect(forTwo.find((p: { id: number }) => p.id === plan.id)).toMatchObject({
      price: 349,
      plan_details: ['Unlimited lessons', 'All subjects'],
      tags: ['Popular'],
    });

    const ordered = (await post('/api/buyMember', f.headers, { plan_id: plan.id })).json().data;
    expect(ordered).toMatchObject({
      kind: 'plan',
      status: 'pending',
      order_price: 349,
      order_price_name: '$349.00',
      username: 'Wang Fang',
      email: 'wang@example.com',
      member_end_at: '2026-12-20',
    });
    const bad = await post('/api/confirmOrder', f.headers, {
      order_no: ordered.order_no,
      username: '',
      mobile: '13800138000',
      email: 'wang@example.com',
      pay_method: 1,
    });
    expect(bad.json().msg).toBe('Please enter your name.');
    const confirmed = await post('/api/confirmOrder', f.headers, {
      order_no: ordered.order_no,
      username: 'Fang Wang',
      mobile: '13800138000',
      email: 'fang@example.com',
      pay_method: 2,
    });
    expect(confirmed.json().data).toMatchObject({ username: 'Fang Wang', pay_method: 2 });
    const session = (
      await post('/api/stripePayment', f.headers, { order_no: ordered.order_no })
    ).json().data;
    const again = (
      await post('/api/stripePayment', f.headers, { order_no: ordered.order_no })
    ).json().data;
    expect(again.sessionId).toBe(session.sessionId);
    await post('/api/local-checkout/pay', f.headers, { session: session.sessionId });

    const profile = (await get('/api/user/profile', f.headers)).json().data;
    expect(profile).toMatchObject({
      member_status: 1,
      member_kids: 2,
      member_type: 1,
      child_limit: 2,
    });
    expect(await account(f.headers)).toMatchObject({
      member_expire_show: '2026-12-20',
      member_type: 1,
    });
    const mine = (await get('/api/getMyPlanList', f.headers)).json().data;
    expect(mine).toEqual([
      expect.objectContaining({
        kids: 2,
        price: 349,
        member_pay_method_type: 2,
        expire_at: '2026-12-20',
      }),
    ]);

    const bigger = await createPlan(t.ctx, { kids: 3, priceMinor: 46_900 });
    const change = (await post('/api/getMyChangePlan', f.headers, { plan_id: bigger.id })).json()
      .data;
    expect(change).toMatchObject({
      price_change: 120,
      kids_change: 1,
      current: { kids: 2 },
      chosen: { kids: 3 },
    });
  });

  it('renews and ends with the subscription notifications', async () => {
    const f = await createSignedInParent(t.ctx);
    const plan = await createPlan(t.ctx, { kids: 1, priceMinor: 19_900 });
    const ordered = (await post('/api/buyMember', f.headers, { plan_id: plan.id })).json().data;
    const session = (
      await post('/api/stripePayment', f.headers, { order_no: ordered.order_no })
    ).json().data;
    const event = completed(session.sessionId, {
      amount: 19_900,
      orderNo: ordered.order_no,
      userSn: f.parent.user_sn,
    });
    (event.data.object as Record<string, unknown>).subscription = 'sub_test_1';
    expect((await deliver(event)).json().data.outcome).toBe('fulfilled');
    const renewal = {
      id: 'evt_renewal_1',
      object: 'event',
      type: 'invoice.paid',
      data: {
        object: {
          id: 'in_1',
          object: 'invoice',
          amount_paid: 19_900,
          currency: 'usd',
          billing_reason: 'subscription_cycle',
          period_end: Date.parse('2027-01-20T08:00:00Z') / 1000,
          subscription: 'sub_test_1',
        },
      },
    };
    expect((await deliver(renewal)).json().data.outcome).toBe('renewed');
    expect((await get('/api/getMyPlanList', f.headers)).json().data[0]).toMatchObject({
      expire_at: '2027-01-20',
      is_auto_renew: true,
    });
    const ended = {
      id: 'evt_end_1',
      object: 'event',
      type: 'customer.subscription.deleted',
      data: { object: { id: 'sub_test_1', object: 'subscription' } },
    };
    expect((await deliver(ended)).json().data.outcome).toBe('ended');
    expect((await get('/api/user/profile', f.headers)).json().data.member_status).toBe(0);
  });

  it('shows the time-limited offer with the seconds left until it ends', async () => {
    const f = await createSignedInParent(t.ctx);
    const ends = new Date(t.clock.now().getTime() + 90_000);
    const offer = await createPlan(t.ctx, { kids: 2, priceMinor: 29_900, offerEndsAt: ends });
    await createGood(t.ctx, { quantity: 30, hidden: true });
    const shown = (await get('/api/getHidePlanList', f.headers)).json().data;
    expect(shown).toMatchObject({ is_show: true, seconds_left: 90, plan_info: { id: offer.id } });
    expect(shown.good_info).toMatchObject({ quantity: 30 });
    // Hidden plans are not on the normal lists.
    const listed = (await get('/api/getPlanList', f.headers)).json().data;
    expect(listed.map((p: { id: number }) => p.id)).not.toContain(offer.id);
    t.clock.advance(90_000);
    expect((await get('/api/getHidePlanList', f.headers)).json().data).toMatchObject({
      is_show: false,
      seconds_left: 0,
    });
    expect((await post('/api/buyMember', f.headers, { plan_id: offer.id })).statusCode).toBe(404);
    t.clock.set('2026-11-20T08:00:00.000Z');
  });
});

describe('monthly statement', () => {
  it('lists the month of lessons with required and consumed credits', async () => {
    t.clock.set('2026-11-20T08:00:00.000Z');
    const f = await createSignedInParent(t.ctx, { time_zone: 'Asia/Shanghai', language: 'en' });
    const child = await createChild(t.ctx, f.parent.id, 'Mia');
    const pkg = await createPackage(t.ctx, { quantity: 10, extra: 0 });
    const { sessionId } = await startPackageCheckout(f.headers, pkg.id);
    await post('/api/local-checkout/pay', f.headers, { session: sessionId });
    const course = await createCourse(t.ctx, { slots: [[5, '08:10']], credit: 2 });
    await createEnrollment(t.ctx, {
      parentId: f.parent.id,
      studentId: child.id,
      courseId: course.id,
    });
    t.clock.set('2026-11-20T09:00:00.000Z');
    await settleEndedLessons(t.ctx, t.clock.now());

    const nov = (
      await get('/api/getStudentLessonLog?pagesize=10&page=1&month=2026-11', f.headers)
    ).json().data;
    expect(nov.total).toBe(2); // Nov 20 and Nov 27 (Asia/Shanghai calendar)
    expect(nov.data_info[0]).toMatchObject({
      datetime: '2026-11-20 16:10',
      student: 'Mia',
      class_type: '1-on-1',
      credit: 2,
      requried_credit: 2,
      status: 'No-show',
    });
    expect(nov.data_info[1]).toMatchObject({ credit: 0, requried_credit: 2, status: 'Scheduled' });
    const current = (await get('/api/getStudentLessonLog', f.headers)).json().data;
    expect(current.total).toBe(2);
    const dec = (
      await get(`/api/getStudentLessonLog?month=2026-12&student_sn=${child.student_sn}`, f.headers)
    ).json().data;
    expect(dec.total).toBe(2);
    const badMonth = await get('/api/getStudentLessonLog?month=2026-13', f.headers);
    expect(badMonth.statusCode).toBe(400);
    expect(badMonth.json().msg).toBe('Please choose a month.');
  });
});

describe("another parent's ids", () => {
  it('are refused by every billing call', async () => {
    const owner = await createSignedInParent(t.ctx);
    const child = await createChild(t.ctx, owner.parent.id);
    const pkg = await createPackage(t.ctx);
    const { sessionId, order } = await startPackageCheckout(owner.headers, pkg.id);
    const other = await createSignedInParent(t.ctx);
    const calls = [
      get(`/api/order?order_no=${order.order_no}`, other.headers),
      post('/api/stripePayment', other.headers, { order_no: order.order_no }),
      post('/api/confirmOrder', other.headers, {
        order_no: order.order_no,
        username: 'X',
        mobile: '13800138000',
        email: 'x@example.com',
        pay_method: 1,
      }),
      get(`/api/local-checkout/session?session=${sessionId}`, other.headers),
      post('/api/local-checkout/pay', other.headers, { session: sessionId }),
      post('/api/local-checkout/cancel', other.headers, { session: sessionId }),
      get(`/api/getStudentLessonLog?student_sn=${child.student_sn}`, other.headers),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode).toBe(404);
    expect(
      (await get(`/api/order?order_no=${order.order_no}`, owner.headers)).json().data.status,
    ).toBe('pending');
    expect((await get('/api/getChargesList', other.headers)).json().data.total).toBe(0);
    expect((await get('/api/getChargesList', {})).statusCode).toBe(401);
  });
});
