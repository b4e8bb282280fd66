import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPackage } from '../../../test/factories/billing';
import { createSignedInParent } from '../../../test/factories/parents';
import type { TestApp } from '../../../test/helpers/app';
import { buildOpsTestApp, staffHeaders } from '../../../test/helpers/ops';
import type { AppContext } from '../../app-context';
import { rowsOf } from '../../db/client';
import { WEBHOOK_PATH } from '../../http/platform/payments.routes';
import type { LocalPaymentProvider } from '../../providers/payments/local-payments';
import { createStripePaymentProvider } from '../../providers/payments/stripe-payments';
import { appendLedger } from '../credits/ledger.service';
import { handlePaymentEvent } from './fulfilment.service';
import { cancelMembership, previewMembershipCancel } from './plan-cancel.service';
import { handleAttention, refundOrder } from './refunds.service';

/*
 * The refund engine against a local fake of Stripe's API (HTTP) and the attention actions
 * (decision 048). The routes' own tests (http/ops/money.routes.test.ts) cover roles, replays
 * and the local provider's whole flow.
 */

const WEBHOOK_SECRET = 'whsec_refunds_test';
let t: TestApp;
let server: Server;
let stripeDown = false;
let calls: { method?: string; url?: string; key?: string; form: URLSearchParams }[] = [];
/** Stripe's idempotency: one refund per key. */
const refundsByKey = new Map<string, string>();

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => resolve(body));
  });
}

let stripeCtx: AppContext;
beforeAll(async () => {
  t = await buildOpsTestApp();
  server = createServer(async (request, response) => {
    const form = new URLSearchParams(await readBody(request));
    const key = request.headers['idempotency-key'] as string | undefined;
    calls.push({ method: request.method, url: request.url, key, form });
    response.setHeader('content-type', 'application/json');
    if (stripeDown) {
      response.writeHead(400);
      response.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'No' } }));
      return;
    }
    const path = (request.url ?? '').split('?')[0]!;
    let body: object = {};
    if (request.method === 'GET' && path.startsWith('/v1/checkout/sessions/'))
      body = { id: path.split('/').pop(), object: 'checkout.session', payment_intent: 'pi_1' };
    if (request.method === 'GET' && path === '/v1/invoice_payments')
      body = {
        object: 'list',
        has_more: false,
        data: [
          { id: 'inpay_1', payment: { type: 'payment_intent', payment_intent: 'pi_renewal' } },
        ],
      };
    if (request.method === 'POST' && path.startsWith('/v1/subscriptions/'))
      body = { id: path.split('/').pop(), object: 'subscription' };
    if (request.method === 'DELETE' && path.startsWith('/v1/subscriptions/'))
      body = { id: path.split('/').pop(), object: 'subscription', status: 'canceled' };
    if (request.method === 'POST' && path === '/v1/refunds') {
      const id = refundsByKey.get(key!) ?? `re_${refundsByKey.size + 1}`;
      refundsByKey.set(key!, id);
      body = { id, object: 'refund', status: 'pending', amount: Number(form.get('amount')) };
    }
    response.writeHead(200);
    response.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  stripeCtx = {
    ...t.ctx,
    providers: {
      ...t.ctx.providers,
      payments: createStripePaymentProvider({
        secretKey: 'sk_test_fake',
        webhookSecret: WEBHOOK_SECRET,
        apiBase: { host: '127.0.0.1', port, protocol: 'http' },
      }),
    },
  };
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await t.close();
});
beforeEach(() => {
  calls = [];
  stripeDown = false;
});

const admin = { staffId: 1, ip: null };
const n = async (query: ReturnType<typeof sql>) =>
  rowsOf<{ n: number }>(await t.ctx.db.execute(query))[0]!.n;

/** A Stripe order of 20 (+2 free) credits, paid, with its credits granted. */
async function paidStripeOrder() {
  const { parent } = await createSignedInParent(t.ctx, { email: `s${randomUUID()}@x.test` });
  const orderNo = `OT${randomUUID().slice(0, 8)}`;
  const sessionId = `cs_${randomUUID().slice(0, 8)}`;
  await t.ctx.db.execute(sql`
    insert into orders (order_no, parent_id, kind, item_id, title_en, title_zh, quantity,
      extra_quantity, amount_minor, currency, status, provider, checkout_session_id, paid_at)
    values (${orderNo}, ${parent.id}, 'package', 1, 'Twenty', '二十', 20, 2, 18900, 'USD', 'paid',
      'stripe', ${sessionId}, now())`);
  await appendLedger(t.ctx.db, {
    parent_id: parent.id,
    event: 'purchase',
    paid_delta: 20,
    title_en: 'p',
    title_zh: 'p',
    idempotency_key: `order:${orderNo}:credits`,
  });
  await appendLedger(t.ctx.db, {
    parent_id: parent.id,
    event: 'reward',
    reward_delta: 2,
    title_en: 'r',
    title_zh: 'r',
    idempotency_key: `order:${orderNo}:extra`,
  });
  return { parent, orderNo };
}

/** A Stripe `refund.updated` for one of our refunds, verified as the webhook would. */
async function stripeRefundEvent(refundId: string, refundNo: string, status: string) {
  const payload = JSON.stringify({
    id: `evt_${randomUUID()}`,
    object: 'event',
    type: 'refund.updated',
    data: {
      object: {
        id: refundId,
        object: 'refund',
        amount: 9450,
        currency: 'usd',
        status,
        failure_reason: status === 'failed' ? 'lost_or_stolen_card' : null,
        metadata: { refund_no: refundNo },
      },
    },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  return stripeCtx.providers.payments.verifyNotification(payload, signature);
}

const credits = async (parentId: number) =>
  rowsOf<{ paid: number; reward: number }>(
    await t.ctx.db.execute(
      sql`select sum(paid_delta)::int as paid, sum(reward_delta)::int as reward
          from credit_ledger where parent_id = ${parentId}`,
    ),
  )[0]!;

describe('refunds through Stripe (a local fake of its API)', () => {
  it('asks Stripe for part of the payment by key, waits for the notification, and confirms once', async () => {
    const { parent, orderNo } = await paidStripeOrder();
    const key = randomUUID();
    const command = { orderNo, amount: 9450, credits: 11, reason: 'Moved', idempotencyKey: key };
    const { refund } = await refundOrder(stripeCtx, admin, command);
    expect(refund).toMatchObject({ amount: 9450, credits: 11, status: 'requested' });
    const post = calls.find((c) => c.method === 'POST' && c.url === '/v1/refunds')!;
    expect(post.key).toBe(`refund:${key}`);
    expect(post.form.get('amount')).toBe('9450');
    expect(post.form.get('payment_intent')).toBe('pi_1');
    expect(post.form.get('metadata[refund_no]')).toBe(refund.refundNo);
    expect(await credits(parent.id)).toEqual({ paid: 9, reward: 2 });
    // Not final before the provider says so.
    const order = async () =>
      rowsOf<{ status: string; refunded_minor: number }>(
        await t.ctx.db.execute(
          sql`select status, refunded_minor from orders where order_no = ${orderNo}`,
        ),
      )[0]!;
    expect(await order()).toEqual({ status: 'paid', refunded_minor: 0 });
    const [row] = rowsOf<{ provider_refund_id: string }>(
      await t.ctx.db.execute(
        sql`select provider_refund_id from refunds where refund_no = ${refund.refundNo}`,
      ),
    );
    // pending first (ignored), then succeeded, redelivered with new ids 10 times at once.
    expect(
      await handlePaymentEvent(
        stripeCtx,
        await stripeRefundEvent(row!.provider_refund_id, refund.refundNo, 'pending'),
      ),
    ).toBe('ignored');
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, async () =>
        handlePaymentEvent(
          stripeCtx,
          await stripeRefundEvent(row!.provider_refund_id, refund.refundNo, 'succeeded'),
        ),
      ),
    );
    expect(outcomes.filter((o) => o === 'refund_confirmed')).toHaveLength(1);
    expect(await order()).toEqual({ status: 'paid', refunded_minor: 9450 });
    expect(
      await n(
        sql`select count(*)::int as n from message_log where parent_id = ${parent.id} and kind = 'refund-receipt'`,
      ),
    ).toBe(1);
    // Detail kept beside each notification.
    const [detail] = rowsOf<{ detail: Record<string, unknown> }>(
      await t.ctx.db.execute(
        sql`select detail from payment_events where outcome = 'refund_confirmed'
            and detail->>'refundNo' = ${refund.refundNo}`,
      ),
    );
    expect(detail!.detail).toMatchObject({
      status: 'succeeded',
      amountMinor: 9450,
      currency: 'USD',
    });

    // A resent form asks Stripe nothing new.
    calls = [];
    const again = await refundOrder(stripeCtx, admin, command);
    expect(again).toMatchObject({ replayed: true, refund: { refundNo: refund.refundNo } });
    expect(calls).toHaveLength(0);
  });

  it('gives the credits back when Stripe says the refund failed', async () => {
    const { parent, orderNo } = await paidStripeOrder();
    const { refund } = await refundOrder(stripeCtx, admin, {
      orderNo,
      amount: 9450,
      credits: 21,
      reason: 'x',
      idempotencyKey: randomUUID(),
    });
    expect(await credits(parent.id)).toEqual({ paid: 0, reward: 1 });
    const [row] = rowsOf<{ provider_refund_id: string }>(
      await t.ctx.db.execute(
        sql`select provider_refund_id from refunds where refund_no = ${refund.refundNo}`,
      ),
    );
    const failed = await stripeRefundEvent(row!.provider_refund_id, refund.refundNo, 'failed');
    expect(await handlePaymentEvent(stripeCtx, failed)).toBe('refund_failed');
    expect(
      await handlePaymentEvent(
        stripeCtx,
        await stripeRefundEvent(row!.provider_refund_id, refund.refundNo, 'failed'),
      ),
    ).toBe('ignored');
    expect(await credits(parent.id)).toEqual({ paid: 20, reward: 2 });
    const [after] = rowsOf<{ status: string; failure_reason: string }>(
      await t.ctx.db.execute(
        sql`select status, failure_reason from refunds where refund_no = ${refund.refundNo}`,
      ),
    );
    expect(after).toEqual({ status: 'failed', failure_reason: 'lost_or_stolen_card' });
  });

  it('changes nothing when Stripe refuses', async () => {
    const { parent, orderNo } = await paidStripeOrder();
    stripeDown = true;
    await expect(
      refundOrder(stripeCtx, admin, {
        orderNo,
        amount: 100,
        credits: 5,
        reason: 'x',
        idempotencyKey: randomUUID(),
      }),
    ).rejects.toMatchObject({ errorCode: 'UNAVAILABLE', messageKey: 'paymentUnavailable' });
    expect(
      await n(sql`select count(*)::int as n from refunds where parent_id = ${parent.id}`),
    ).toBe(0);
    expect(await credits(parent.id)).toEqual({ paid: 20, reward: 2 });
    expect(
      await n(
        sql`select count(*)::int as n from audit_log where action = 'refund.requested' and parent_id = ${parent.id}`,
      ),
    ).toBe(0);
  });

  it('asks for a redelivery when a refund of ours is not visible yet', async () => {
    await expect(
      handlePaymentEvent(
        stripeCtx,
        await stripeRefundEvent('re_unseen', 'RF20990101ABCD', 'succeeded'),
      ),
    ).rejects.toMatchObject({ errorCode: 'UNAVAILABLE' });
    expect(
      await n(
        sql`select count(*)::int as n from payment_events where detail->>'refundId' = 're_unseen'`,
      ),
    ).toBe(0);
  });
});

describe('payments that need attention', () => {
  const provider = () => t.ctx.providers.payments as LocalPaymentProvider;
  async function deliver(event: object) {
    const payload = JSON.stringify(event);
    const res = await t.app.inject({
      method: 'POST',
      url: WEBHOOK_PATH,
      headers: {
        'content-type': 'application/json',
        'stripe-signature': await provider().sign(payload),
      },
      payload,
    });
    return res.json().data.outcome as string;
  }
  const completed = (session: string, amount: number, orderNo: string, userSn: string) => ({
    id: `evt_${randomUUID()}`,
    object: 'event',
    type: 'checkout.session.completed',
    data: {
      object: {
        id: session,
        object: 'checkout.session',
        payment_status: 'paid',
        amount_total: amount,
        currency: 'usd',
        metadata: { order_no: orderNo, user_sn: userSn },
      },
    },
  });
  const eventIdOf = async (outcome: string, session: string) =>
    rowsOf<{ id: number }>(
      await t.ctx.db.execute(
        sql`select id from payment_events where outcome = ${outcome} and detail->>'sessionId' = ${session}`,
      ),
    )[0]!.id;

  it('fulfils a mismatched payment by hand once, and refunds an unknown one', async () => {
    const f = await createSignedInParent(t.ctx);
    const pkg = await createPackage(t.ctx, { quantity: 10, extra: 0, priceMinor: 5_000 });
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/testStripe',
      headers: f.headers,
      payload: { lessons_goods_id: pkg.id, type: 'credit' },
    });
    const { sessionId } = started.json().data as { sessionId: string };
    const [order] = rowsOf<{ order_no: string }>(
      await t.ctx.db.execute(
        sql`select order_no from orders where parent_id = ${f.parent.id} and status = 'pending'`,
      ),
    );
    // Paid 49.99 instead of 50.00: not fulfilled, needs attention.
    expect(await deliver(completed(sessionId, 4_999, order!.order_no, f.parent.user_sn))).toBe(
      'mismatch',
    );
    const id = await eventIdOf('mismatch', sessionId);
    const url = `/api/ops/payment-events/${id}`;
    const body = { reason: 'Paid by phone, checked', idempotencyKey: randomUUID() };
    for (const role of ['adviser', 'teacher'] as const)
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: `${url}/fulfil`,
            headers: staffHeaders(role),
            payload: body,
          })
        ).statusCode,
      ).toBe(403);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.app.inject({
          method: 'POST',
          url: `${url}/fulfil`,
          headers: staffHeaders('admin'),
          payload: body,
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(answers.find((a) => a.statusCode === 200)!.json().data).toEqual({
      resolution: 'fulfilled',
      orderNo: order!.order_no,
    });
    expect(await credits(f.parent.id)).toMatchObject({ paid: 10 });
    expect(
      await n(
        sql`select count(*)::int as n from audit_log where action = 'order.fulfilled' and parent_id = ${f.parent.id}`,
      ),
    ).toBe(1);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/ops/payment-events/999999/refund',
          headers: staffHeaders('admin'),
          payload: body,
        })
      ).statusCode,
    ).toBe(404);

    // A session we never opened: refund only.
    expect(await deliver(completed('lcs_unknown_1', 700, 'O-nope', 'P-nope'))).toBe(
      'unknown_session',
    );
    const unknown = await eventIdOf('unknown_session', 'lcs_unknown_1');
    expect(
      (await handleAttention(t.ctx, admin, unknown, 'fulfil', 'x').catch(
        (e: unknown) => e,
      )) as object,
    ).toMatchObject({ messageKey: 'paymentEventNotActionable' });
    expect(await handleAttention(t.ctx, admin, unknown, 'refund', 'Not ours')).toEqual({
      resolution: 'refunded',
      orderNo: null,
    });
    await expect(handleAttention(t.ctx, admin, unknown, 'refund', 'again')).rejects.toMatchObject({
      messageKey: 'paymentEventHandled',
    });
  });
});

describe('a Stripe plan: renewals recorded, cancelled at the end or at once from the renewal', () => {
  it('records each renewal once and refunds the unused days of the renewed month from its invoice', async () => {
    const { parent } = await createSignedInParent(t.ctx);
    const orderNo = `OT${randomUUID().slice(0, 8)}`;
    const now = t.clock.now();
    const [order] = rowsOf<{ id: number }>(
      await t.ctx.db.execute(sql`
        insert into orders (order_no, parent_id, kind, item_id, title_en, title_zh, kids,
          amount_minor, currency, status, provider, checkout_session_id, subscription_id, paid_at)
        values (${orderNo}, ${parent.id}, 'plan', 1, 'Plan', '月卡', 1, 30000, 'USD', 'paid',
          'stripe', 'cs_plan', 'sub_plan', ${now.toISOString()}) returning id`),
    );
    const startsAt = new Date(now.getTime() - 20 * 86_400_000);
    await t.ctx.db.execute(sql`
      insert into memberships (parent_id, title_en, title_zh, kids, member_type, price_minor,
        currency, starts_at, ends_at, pay_method_type, pay_method_name, order_id, subscription_id)
      values (${parent.id}, 'Plan', '月卡', 1, 1, 30000, 'USD', ${startsAt.toISOString()},
        ${new Date(now.getTime() + 10 * 86_400_000).toISOString()}, 1, 'Card', ${order!.id}, 'sub_plan')`);
    // The renewal for the next month (paid at 31000), told twice.
    const periodEnd = new Date(now.getTime() + 40 * 86_400_000);
    for (const id of ['evt_renew_a', 'evt_renew_b'])
      await handlePaymentEvent(stripeCtx, {
        kind: 'subscription.renewed',
        id,
        subscriptionId: 'sub_plan',
        invoiceId: 'in_plan_2',
        amountMinor: 31_000,
        currency: 'USD',
        periodEnd,
      });
    expect(
      await n(
        sql`select count(*)::int as n from subscription_payments where invoice_id = 'in_plan_2'`,
      ),
    ).toBe(1);
    const [event] = rowsOf<{ detail: Record<string, unknown> }>(
      await t.ctx.db.execute(sql`select detail from payment_events where event_id = 'evt_renew_a'`),
    );
    expect(event!.detail).toEqual({
      subscriptionId: 'sub_plan',
      invoiceId: 'in_plan_2',
      amountMinor: 31_000,
      currency: 'USD',
      periodEnd: periodEnd.toISOString(),
    });

    calls = [];
    await cancelMembership(stripeCtx, admin, parent.id, {
      mode: 'period-end',
      reason: 'x',
      idempotencyKey: randomUUID(),
    });
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/v1/subscriptions/sub_plan' });
    expect(calls[0]!.form.get('cancel_at_period_end')).toBe('true');

    const preview = await previewMembershipCancel(t.ctx, parent.id);
    // The current period is the renewed month (a month before its end, to its end).
    expect(preview).toMatchObject({ currency: 'USD', endsAt: periodEnd.toISOString() });
    expect(preview.unusedDays).toBe(Math.min(40, preview.periodDays));
    expect(preview.refund).toBe(Math.floor((31_000 * preview.unusedDays) / preview.periodDays));
    await expect(
      cancelMembership(stripeCtx, admin, parent.id, {
        mode: 'now',
        refund: preview.refund - 1,
        reason: 'x',
        idempotencyKey: randomUUID(),
      }),
    ).rejects.toMatchObject({ messageKey: 'membershipRefundChanged' });
    calls = [];
    expect(
      await cancelMembership(stripeCtx, admin, parent.id, {
        mode: 'now',
        refund: preview.refund,
        reason: 'Moving',
        idempotencyKey: randomUUID(),
      }),
    ).toBeNull();
    expect(calls.map((c) => `${c.method} ${c.url?.split('?')[0]}`)).toEqual([
      'GET /v1/invoice_payments',
      'POST /v1/refunds',
      'DELETE /v1/subscriptions/sub_plan',
    ]);
    expect(calls[1]!.form.get('payment_intent')).toBe('pi_renewal');
    expect(calls[1]!.form.get('amount')).toBe(String(preview.refund));
    expect(
      await n(
        sql`select count(*)::int as n from audit_log where action = 'membership.cancelled' and parent_id = ${parent.id}`,
      ),
    ).toBe(2);
  });
});
