import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPackage, createPlan } from '../../../test/factories/billing';
import { createSignedInParent } from '../../../test/factories/parents';
import type { TestApp } from '../../../test/helpers/app';
import { buildOpsTestApp, staffHeaders } from '../../../test/helpers/ops';
import { rowsOf } from '../../db/client';
import type { LocalPaymentProvider } from '../../providers/payments/local-payments';
import { localRefundEvent } from '../../providers/payments/local-refund-event';
import { WEBHOOK_PATH } from '../platform/payments.routes';

let t: TestApp;
beforeAll(async () => {
  t = await buildOpsTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url, headers });
const post = (url: string, headers: Headers, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, headers, payload });
const admin = staffHeaders('admin');
const provider = () => t.ctx.providers.payments as LocalPaymentProvider;
const count = async (query: ReturnType<typeof sql>) =>
  rowsOf<{ n: number }>(await t.ctx.db.execute(query))[0]!.n;

/** A parent who bought and paid a package of 20 (+2 free) credits for 189.00 USD. */
async function paidPackage() {
  const f = await createSignedInParent(t.ctx, {
    language: 'zh_CN',
    email: `p${randomUUID()}@x.test`,
  });
  const pkg = await createPackage(t.ctx, { quantity: 20, extra: 2, priceMinor: 18_900 });
  const res = await post('/api/testStripe', f.headers, {
    lessons_goods_id: pkg.id,
    type: 'credit',
  });
  const { sessionId } = res.json().data as { sessionId: string };
  const page = await get(`/api/local-checkout/session?session=${sessionId}`, f.headers);
  const orderNo = (page.json().data.order as { order_no: string }).order_no;
  expect(
    (await post('/api/local-checkout/pay', f.headers, { session: sessionId })).statusCode,
  ).toBe(200);
  return { ...f, orderNo };
}

const orderRow = async (orderNo: string) =>
  rowsOf<{ status: string; refunded_minor: number }>(
    await t.ctx.db.execute(
      sql`select status, refunded_minor from orders where order_no = ${orderNo}`,
    ),
  )[0]!;

describe('refunds', () => {
  it('refuses teachers and advisers, 404s an unknown order, and changes nothing on bad input', async () => {
    const f = await paidPackage();
    const body = { amount: 100, credits: 0, reason: 'x', idempotencyKey: randomUUID() };
    for (const role of ['adviser', 'teacher'] as const) {
      expect(
        (await post(`/api/ops/orders/${f.orderNo}/refunds`, staffHeaders(role), body)).statusCode,
      ).toBe(403);
      expect(
        (await get(`/api/ops/orders/${f.orderNo}/refund-preview?amount=100`, staffHeaders(role)))
          .statusCode,
      ).toBe(403);
    }
    expect((await post('/api/ops/orders/NOPE/refunds', admin, body)).statusCode).toBe(404);
    expect((await get('/api/ops/orders/NOPE/refund-preview?amount=1', admin)).statusCode).toBe(404);
    const bad = await post(`/api/ops/orders/${f.orderNo}/refunds`, admin, { ...body, amount: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('Enter an amount above 0.');
    const over = await post(`/api/ops/orders/${f.orderNo}/refunds`, admin, {
      ...body,
      amount: 18_901,
    });
    expect(over.statusCode).toBe(400);
    const overTake = await post(`/api/ops/orders/${f.orderNo}/refunds`, admin, {
      ...body,
      credits: 23,
    });
    expect(overTake.statusCode).toBe(400);
    expect(
      await count(sql`select count(*)::int as n from refunds where parent_id = ${f.parent.id}`),
    ).toBe(0);
  });

  it('refunds half exactly once under 10 identical requests, confirms it through the notification and e-mails the receipt', async () => {
    const f = await paidPackage();
    const preview = (
      await get(`/api/ops/orders/${f.orderNo}/refund-preview?amount=9450`, admin)
    ).json().data;
    expect(preview).toEqual({
      amount: 9450,
      refundable: 18_900,
      currency: 'USD',
      creditsGranted: 22,
      creditsTakenBack: 0,
      creditsAvailable: 22,
      creditsTakeable: 22,
      suggestedCredits: 11,
      amountForTakeable: 18_900,
    });
    const body = {
      amount: 9450,
      credits: 11,
      reason: 'Moved abroad',
      idempotencyKey: randomUUID(),
    };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => post(`/api/ops/orders/${f.orderNo}/refunds`, admin, body)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    const refundNos = new Set(answers.map((a) => a.json().data.refund.refundNo as string));
    expect(refundNos.size).toBe(1);
    const [refundNo] = [...refundNos];
    expect(
      await count(sql`select count(*)::int as n from refunds where parent_id = ${f.parent.id}`),
    ).toBe(1);
    expect(
      await count(
        sql`select count(*)::int as n from credit_ledger where parent_id = ${f.parent.id} and event = 'refund'`,
      ),
    ).toBe(1);
    expect(
      await count(
        sql`select count(*)::int as n from audit_log where action = 'refund.requested' and target_id = ${refundNo}`,
      ),
    ).toBe(1);
    // The local provider confirmed it at once.
    const [refund] = rowsOf<{
      status: string;
      provider_refund_id: string;
      credits_taken_back: number;
    }>(await t.ctx.db.execute(sql`select * from refunds where refund_no = ${refundNo}`));
    expect(refund).toMatchObject({ status: 'succeeded', credits_taken_back: 11 });
    expect(await orderRow(f.orderNo)).toEqual({ status: 'paid', refunded_minor: 9450 });

    // Ten redeliveries (new event ids) of the confirmation at once: counted once.
    const deliveries = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const payload = localRefundEvent({
          refundId: refund!.provider_refund_id,
          refundNo: refundNo!,
          amountMinor: 9450,
          currency: 'USD',
          status: 'succeeded',
          now: t.clock.now(),
        });
        return t.app.inject({
          method: 'POST',
          url: WEBHOOK_PATH,
          headers: {
            'content-type': 'application/json',
            'stripe-signature': await provider().sign(payload),
          },
          payload,
        });
      }),
    );
    expect(deliveries.map((d) => d.json().data.outcome)).toEqual(Array(10).fill('ignored'));
    expect(await orderRow(f.orderNo)).toEqual({ status: 'paid', refunded_minor: 9450 });
    expect(
      await count(
        sql`select count(*)::int as n from message_log where parent_id = ${f.parent.id} and kind = 'refund-receipt'`,
      ),
    ).toBe(1);
    expect(
      await count(
        sql`select count(*)::int as n from credit_ledger where parent_id = ${f.parent.id} and event = 'refund'`,
      ),
    ).toBe(1);

    // The rest: the order becomes refunded.
    const rest = await post(`/api/ops/orders/${f.orderNo}/refunds`, admin, {
      amount: 9450,
      credits: 11,
      reason: 'Rest',
      idempotencyKey: randomUUID(),
    });
    expect(rest.statusCode).toBe(200);
    expect(await orderRow(f.orderNo)).toEqual({ status: 'refunded', refunded_minor: 18_900 });
    const again = await post(`/api/ops/orders/${f.orderNo}/refunds`, admin, {
      amount: 1,
      credits: 0,
      reason: 'More',
      idempotencyKey: randomUUID(),
    });
    expect(again.statusCode).toBe(409);
  });

  it('takes back at most the credits free to book', async () => {
    const f = await paidPackage();
    // 15 of the 22 credits reserved by lessons.
    await t.ctx.db.execute(
      sql`insert into credit_ledger (parent_id, event, reserved_delta, title_en, title_zh, idempotency_key)
          values (${f.parent.id}, 'reserve', 15, 'r', 'r', ${`test:${randomUUID()}`})`,
    );
    const preview = (
      await get(`/api/ops/orders/${f.orderNo}/refund-preview?amount=18900`, admin)
    ).json().data;
    expect(preview).toMatchObject({ creditsTakeable: 7, suggestedCredits: 22 });
    expect(preview.amountForTakeable).toBe(Math.floor((18_900 * 7) / 22));
    const over = await post(`/api/ops/orders/${f.orderNo}/refunds`, admin, {
      amount: 18_900,
      credits: 8,
      reason: 'x',
      idempotencyKey: randomUUID(),
    });
    expect(over.statusCode).toBe(400);
    const ok = await post(`/api/ops/orders/${f.orderNo}/refunds`, admin, {
      amount: 18_900,
      credits: 7,
      reason: 'x',
      idempotencyKey: randomUUID(),
    });
    expect(ok.statusCode).toBe(200);
    const [totals] = rowsOf<{ paid: number; reward: number; reserved: number }>(
      await t.ctx.db.execute(
        sql`select sum(paid_delta)::int as paid, sum(reward_delta)::int as reward, sum(reserved_delta)::int as reserved
            from credit_ledger where parent_id = ${f.parent.id}`,
      ),
    );
    expect(totals!.paid + totals!.reward - totals!.reserved).toBe(0);
  });
});

describe("a family's plan", () => {
  async function paidPlan() {
    const f = await createSignedInParent(t.ctx, { language: 'en' });
    const plan = await createPlan(t.ctx, { priceMinor: 30_000 });
    const ordered = await post('/api/buyMember', f.headers, { plan_id: plan.id });
    const orderNo = (ordered.json().data as { order_no: string }).order_no;
    const session = (await post('/api/stripePayment', f.headers, { order_no: orderNo })).json()
      .data as { sessionId: string };
    expect(
      (await post('/api/local-checkout/pay', f.headers, { session: session.sessionId })).statusCode,
    ).toBe(200);
    return { ...f, orderNo };
  }

  it('reads the plan (advisers too), cancels at period end, then at once with the prorated refund', async () => {
    const f = await paidPlan();
    const url = `/api/ops/families/${f.parent.user_sn}/membership`;
    expect((await get(url, staffHeaders('teacher'))).statusCode).toBe(403);
    const read = await get(url, staffHeaders('adviser'));
    expect(read.statusCode).toBe(200);
    expect(read.json().data.membership).toMatchObject({ price: 30_000, cancelAtPeriodEnd: false });
    expect((await get('/api/ops/families/NOPE/membership', admin)).statusCode).toBe(404);
    expect(
      (
        await post(`${url}/cancel`, staffHeaders('adviser'), {
          mode: 'period-end',
          reason: 'x',
          idempotencyKey: randomUUID(),
        })
      ).statusCode,
    ).toBe(403);

    const atEnd = await post(`${url}/cancel`, admin, {
      mode: 'period-end',
      reason: 'Asked by phone',
      idempotencyKey: randomUUID(),
    });
    expect(atEnd.statusCode).toBe(200);
    expect(atEnd.json().data.membership).toMatchObject({ cancelAtPeriodEnd: true, renews: false });

    const preview = (await get(`${url}/cancel-preview`, admin)).json().data;
    expect(preview.periodDays).toBeGreaterThanOrEqual(28);
    expect(preview.refund).toBe(Math.floor((30_000 * preview.unusedDays) / preview.periodDays));
    const moved = await post(`${url}/cancel`, admin, {
      mode: 'now',
      refund: preview.refund + 1,
      reason: 'x',
      idempotencyKey: randomUUID(),
    });
    expect(moved.statusCode).toBe(409);
    const key = randomUUID();
    const now = await post(`${url}/cancel`, admin, {
      mode: 'now',
      refund: preview.refund,
      reason: 'Moving away',
      idempotencyKey: key,
    });
    expect(now.statusCode).toBe(200);
    expect(now.json().data.membership).toBeNull();
    expect((await get(url, admin)).json().data.membership).toBeNull();
    const [refund] = rowsOf<{ amount_minor: number; status: string; membership_id: number | null }>(
      await t.ctx.db.execute(sql`select * from refunds where parent_id = ${f.parent.id}`),
    );
    expect(refund).toMatchObject({ amount_minor: preview.refund, status: 'succeeded' });
    expect(refund!.membership_id).not.toBeNull();
    // Cancelled on its first day: every day is unused, the whole month comes back.
    expect(await orderRow(f.orderNo)).toEqual({
      status: preview.refund === 30_000 ? 'refunded' : 'paid',
      refunded_minor: preview.refund,
    });
    // A resent form: the same answer, nothing new.
    const replay = await post(`${url}/cancel`, admin, {
      mode: 'now',
      refund: preview.refund,
      reason: 'Moving away',
      idempotencyKey: key,
    });
    expect(replay.statusCode).toBe(200);
    expect(
      await count(sql`select count(*)::int as n from refunds where parent_id = ${f.parent.id}`),
    ).toBe(1);
  });
});
