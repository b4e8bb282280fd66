import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error';
import type { CheckoutRequest } from './payments';
import { createStripePaymentProvider } from './stripe-payments';

interface Captured {
  method?: string;
  url?: string;
  authorization?: string;
  idempotencyKey?: string;
  form: URLSearchParams;
}

/**
 * A local fake of Stripe's API (Checkout Sessions, invoice payments, refunds, subscriptions):
 * answers per `mode`, records requests.
 */
let server: Server;
let port: number;
let mode: 'ok' | 'declined' | 'down' | 'subscription_gone' | 'refunded_before' = 'ok';

/** The fake's answer to a successful call, by method and path. */
function answer(method: string | undefined, url: string): [number, object] {
  const path = url.split('?')[0] ?? '';
  if (method === 'GET' && path === '/v1/checkout/sessions/cs_paid_once')
    return [
      200,
      {
        id: 'cs_paid_once',
        object: 'checkout.session',
        payment_intent: 'pi_once',
        subscription: null,
        invoice: null,
      },
    ];
  if (method === 'GET' && path === '/v1/checkout/sessions/cs_subscribed')
    return [
      200,
      {
        id: 'cs_subscribed',
        object: 'checkout.session',
        payment_intent: null,
        subscription: 'sub_1',
        invoice: 'in_1',
      },
    ];
  if (method === 'GET' && path === '/v1/invoice_payments' && !url.includes('in_renewal'))
    return [
      200,
      {
        object: 'list',
        url: '/v1/invoice_payments',
        has_more: false,
        data: [
          {
            id: 'inpay_1',
            object: 'invoice_payment',
            invoice: 'in_1',
            payment: { type: 'payment_intent', payment_intent: 'pi_first_month' },
          },
        ],
      },
    ];
  if (method === 'GET' && path === '/v1/invoice_payments' && url.includes('in_renewal'))
    return [
      200,
      {
        object: 'list',
        url: '/v1/invoice_payments',
        has_more: false,
        data: [
          {
            id: 'inpay_2',
            object: 'invoice_payment',
            invoice: 'in_renewal',
            payment: { type: 'payment_intent', payment_intent: 'pi_renewal' },
          },
        ],
      },
    ];
  if (method === 'POST' && path === '/v1/subscriptions/sub_1')
    return [200, { id: 'sub_1', object: 'subscription', cancel_at_period_end: true }];
  if (method === 'POST' && path === '/v1/prices')
    return [200, { id: 'price_new', object: 'price', active: true }];
  if (method === 'POST' && path.startsWith('/v1/prices/'))
    return [200, { id: path.split('/').pop(), object: 'price', active: false }];
  if (method === 'POST' && path === '/v1/refunds')
    return mode === 'refunded_before'
      ? [
          400,
          {
            error: {
              type: 'invalid_request_error',
              code: 'charge_already_refunded',
              message: 'Charge ch_1 has already been refunded.',
            },
          },
        ]
      : [200, { id: 're_1', object: 'refund', status: 'succeeded' }];
  if (method === 'GET' && path === '/v1/refunds')
    return [
      200,
      {
        object: 'list',
        url: '/v1/refunds',
        has_more: false,
        data: [{ id: 're_earlier', object: 'refund', status: 'succeeded' }],
      },
    ];
  if (method === 'DELETE' && path === '/v1/subscriptions/sub_1')
    return mode === 'subscription_gone'
      ? [
          404,
          {
            error: {
              type: 'invalid_request_error',
              code: 'resource_missing',
              message: "No such subscription: 'sub_1'",
            },
          },
        ]
      : [200, { id: 'sub_1', object: 'subscription', status: 'canceled' }];
  return [
    200,
    {
      id: 'cs_test_123',
      object: 'checkout.session',
      url: 'https://checkout.stripe.com/c/pay/cs_test_123',
    },
  ];
}
let captured: Captured[] = [];

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => resolve(body));
  });
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    captured.push({
      method: request.method,
      url: request.url,
      authorization: request.headers.authorization,
      idempotencyKey: request.headers['idempotency-key'] as string | undefined,
      form: new URLSearchParams(await readBody(request)),
    });
    response.setHeader('content-type', 'application/json');
    if (mode === 'declined') {
      response.writeHead(400);
      response.end(
        JSON.stringify({ error: { type: 'invalid_request_error', message: 'Invalid currency' } }),
      );
    } else if (mode === 'down') {
      response.writeHead(500);
      response.end(JSON.stringify({ error: { type: 'api_error', message: 'Down' } }));
    } else {
      const [status, body] = answer(request.method, request.url ?? '');
      response.writeHead(status);
      response.end(JSON.stringify(body));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  captured = [];
  mode = 'ok';
});

const WEBHOOK_SECRET = 'whsec_test_secret';
const provider = () =>
  createStripePaymentProvider({
    secretKey: 'sk_test_fake',
    webhookSecret: WEBHOOK_SECRET,
    apiBase: { host: '127.0.0.1', port, protocol: 'http' },
  });

const request: CheckoutRequest = {
  orderNo: 'O20261120ABC',
  userSn: 'P123',
  title: '20 credits',
  amountMinor: 18_900,
  currency: 'USD',
  recurring: false,
  payMethod: 1,
  email: 'parent@example.com',
  successUrl: 'https://portal.example/paySuccess?order_no=O20261120ABC',
  cancelUrl: 'https://portal.example/payError?order_no=O20261120ABC',
  expiresAt: new Date('2026-11-20T09:00:00Z'),
  attempt: 0,
};

describe('Stripe checkout adapter (against a local fake of the API)', () => {
  it('creates a one-off Checkout Session with our order in metadata', async () => {
    const session = await provider().createCheckout(request);
    expect(session).toEqual({
      sessionId: 'cs_test_123',
      url: 'https://checkout.stripe.com/c/pay/cs_test_123',
    });
    const [call] = captured;
    expect(call).toMatchObject({
      method: 'POST',
      url: '/v1/checkout/sessions',
      authorization: 'Bearer sk_test_fake',
      idempotencyKey: 'checkout:O20261120ABC:0',
    });
    const form = call!.form;
    // The session closes when our order expires (decision 029).
    expect(form.get('expires_at')).toBe(String(Date.parse('2026-11-20T09:00:00Z') / 1000));
    expect(form.get('mode')).toBe('payment');
    expect(form.get('client_reference_id')).toBe('O20261120ABC');
    expect(form.get('metadata[order_no]')).toBe('O20261120ABC');
    expect(form.get('metadata[user_sn]')).toBe('P123');
    expect(form.get('line_items[0][price_data][unit_amount]')).toBe('18900');
    expect(form.get('line_items[0][price_data][currency]')).toBe('usd');
    expect(form.get('allowed_payment_method_types[0]')).toBe('card');
    expect(form.get('customer_email')).toBe('parent@example.com');
  });

  it('makes a monthly subscription for a plan paid by card, a one-off wallet payment otherwise', async () => {
    await provider().createCheckout({ ...request, recurring: true });
    expect(captured[0]!.form.get('mode')).toBe('subscription');
    expect(captured[0]!.form.get('line_items[0][price_data][recurring][interval]')).toBe('month');
    await provider().createCheckout({ ...request, recurring: true, payMethod: 2 });
    expect(captured[1]!.form.get('mode')).toBe('payment');
    expect(captured[1]!.form.get('allowed_payment_method_types[0]')).toBe('alipay');
  });

  it('opens a new session for a new attempt of the same order', async () => {
    await provider().createCheckout({ ...request, attempt: 1 });
    expect(captured[0]!.idempotencyKey).toBe('checkout:O20261120ABC:1');
  });

  it('refunds a one-off payment by its payment intent, once per order', async () => {
    const refund = {
      sessionId: 'cs_paid_once',
      orderNo: 'O1',
      amountMinor: 34_900,
      currency: 'USD',
    };
    expect(await provider().refund(refund)).toEqual({ refundId: 're_1' });
    expect(captured.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /v1/checkout/sessions/cs_paid_once',
      'POST /v1/refunds',
    ]);
    expect(captured[1]).toMatchObject({ idempotencyKey: 'refund:cs_paid_once' });
    expect(captured[1]!.form.get('payment_intent')).toBe('pi_once');
    expect(captured[1]!.form.get('amount')).toBe('34900');
    expect(captured[1]!.form.get('metadata[order_no]')).toBe('O1');
  });

  it('answers the earlier refund of a payment refunded before (a replay after 24 h)', async () => {
    mode = 'refunded_before';
    const refund = { sessionId: 'cs_paid_once', orderNo: 'O1', amountMinor: 100, currency: 'USD' };
    expect(await provider().refund(refund)).toEqual({ refundId: 're_earlier' });
    const listed = captured.find((c) => c.method === 'GET' && c.url?.startsWith('/v1/refunds'));
    expect(new URLSearchParams(listed!.url!.split('?')[1]).get('payment_intent')).toBe('pi_once');
  });

  it("refunds a subscription's first payment through its invoice and ends the subscription", async () => {
    const refund = {
      sessionId: 'cs_subscribed',
      orderNo: 'O2',
      amountMinor: 34_900,
      currency: 'USD',
    };
    expect(await provider().refund(refund)).toEqual({ refundId: 're_1' });
    expect(captured.map((c) => `${c.method} ${c.url?.split('?')[0]}`)).toEqual([
      'GET /v1/checkout/sessions/cs_subscribed',
      'GET /v1/invoice_payments',
      'POST /v1/refunds',
      'DELETE /v1/subscriptions/sub_1',
    ]);
    expect(new URLSearchParams(captured[1]!.url!.split('?')[1]).get('invoice')).toBe('in_1');
    expect(captured[2]!.form.get('payment_intent')).toBe('pi_first_month');
    expect(captured[3]).toMatchObject({ idempotencyKey: 'cancel:sub_1' });
  });

  it('gives back part of a payment for a staff refund, idempotent per key, named by our refund number', async () => {
    const request = {
      source: { kind: 'session' as const, sessionId: 'cs_paid_once' },
      amountMinor: 4_500,
      currency: 'USD',
      refundNo: 'RF20261120AB',
      idempotencyKey: 'refund:k-1',
    };
    expect(await provider().refundPayment(request)).toEqual({ refundId: 're_1' });
    expect(captured.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /v1/checkout/sessions/cs_paid_once',
      'POST /v1/refunds',
    ]);
    expect(captured[1]).toMatchObject({ idempotencyKey: 'refund:k-1' });
    expect(captured[1]!.form.get('payment_intent')).toBe('pi_once');
    expect(captured[1]!.form.get('amount')).toBe('4500');
    expect(captured[1]!.form.get('metadata[refund_no]')).toBe('RF20261120AB');
    // The same key again: the same request, Stripe answers the same refund.
    await provider().refundPayment(request);
    expect(captured[3]).toMatchObject({ idempotencyKey: 'refund:k-1' });
    // A subscription's first month (through its invoice) and a renewal's invoice.
    captured = [];
    await provider().refundPayment({
      ...request,
      source: { kind: 'session', sessionId: 'cs_subscribed' },
    });
    expect(captured[2]!.form.get('payment_intent')).toBe('pi_first_month');
    expect(captured.some((c) => c.method === 'DELETE')).toBe(false);
    captured = [];
    await provider().refundPayment({
      ...request,
      source: { kind: 'invoice', invoiceId: 'in_renewal' },
    });
    expect(captured.map((c) => `${c.method} ${c.url?.split('?')[0]}`)).toEqual([
      'GET /v1/invoice_payments',
      'POST /v1/refunds',
    ]);
    expect(captured[1]!.form.get('payment_intent')).toBe('pi_renewal');
    mode = 'down';
    await expect(provider().refundPayment(request)).rejects.toMatchObject({
      errorCode: 'UNAVAILABLE',
      messageKey: 'paymentUnavailable',
    });
  });

  it('stops renewals at the period end', async () => {
    await provider().cancelSubscriptionAtPeriodEnd('sub_1');
    expect(captured[0]).toMatchObject({ method: 'POST', url: '/v1/subscriptions/sub_1' });
    expect(captured[0]!.form.get('cancel_at_period_end')).toBe('true');
  });

  it('pauses collection until a date (void invoices), once per date, and lifts a pause', async () => {
    const resumesAt = new Date('2026-12-20T10:00:00Z');
    const renewsAt = new Date('2027-01-05T10:00:00Z');
    await provider().pauseSubscription('sub_1', { resumesAt, renewsAt });
    await provider().pauseSubscription('sub_1', { resumesAt, renewsAt });
    expect(captured).toHaveLength(2);
    for (const call of captured) {
      expect(call).toMatchObject({ method: 'POST', url: '/v1/subscriptions/sub_1' });
      expect(call.form.get('pause_collection[behavior]')).toBe('void');
      expect(call.form.get('pause_collection[resumes_at]')).toBe(
        String(resumesAt.getTime() / 1000),
      );
      // The renewal moves by the pause, with nothing prorated.
      expect(call.form.get('trial_end')).toBe(String(renewsAt.getTime() / 1000));
      expect(call.form.get('proration_behavior')).toBe('none');
    }
    // The same pause asked twice carries the same idempotency key: Stripe answers it once.
    expect(captured[0]!.idempotencyKey).toBe(
      `pause:sub_1:${resumesAt.getTime() / 1000}:${renewsAt.getTime() / 1000}`,
    );
    expect(captured[1]!.idempotencyKey).toBe(captured[0]!.idempotencyKey);
    captured = [];
    await provider().resumeSubscription('sub_1');
    expect(captured[0]).toMatchObject({ method: 'POST', url: '/v1/subscriptions/sub_1' });
    expect(captured[0]!.form.get('pause_collection')).toBe('');
    mode = 'down';
    await expect(
      provider().pauseSubscription('sub_1', { resumesAt, renewsAt }),
    ).rejects.toMatchObject({
      errorCode: 'UNAVAILABLE',
      messageKey: 'paymentUnavailable',
    });
  });

  it('reads customer.subscription.updated: renewals stopping and a pause with its date', async () => {
    const updated = (object: object) => {
      const payload = JSON.stringify({
        id: 'evt_sub_upd',
        object: 'event',
        type: 'customer.subscription.updated',
        data: { object: { object: 'subscription', ...object } },
      });
      return provider().verifyNotification(
        payload,
        Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
      );
    };
    expect(
      await updated({ id: 'sub_1', cancel_at_period_end: true, pause_collection: null }),
    ).toEqual({
      kind: 'subscription.updated',
      id: 'evt_sub_upd',
      subscriptionId: 'sub_1',
      cancelAtPeriodEnd: true,
      pauseResumesAt: null,
    });
    expect(
      await updated({
        id: 'sub_1',
        cancel_at_period_end: false,
        pause_collection: { behavior: 'void', resumes_at: 1_797_760_800 },
      }),
    ).toMatchObject({ cancelAtPeriodEnd: false, pauseResumesAt: new Date(1_797_760_800_000) });
    expect(await updated({ id: 'sub_1' })).toMatchObject({ kind: 'other' });
  });

  it('mirrors a price (a new one, the previous archived) and archives a withdrawn one', async () => {
    const id = await provider().syncPrice({
      itemKey: 'plan:2',
      name: 'Family plan',
      amountMinor: 34_900,
      currency: 'USD',
      recurring: true,
      previousPriceId: 'price_old',
    });
    expect(id).toBe('price_new');
    expect(captured.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /v1/prices',
      'POST /v1/prices/price_old',
    ]);
    const form = captured[0]!.form;
    expect(form.get('unit_amount')).toBe('34900');
    expect(form.get('currency')).toBe('usd');
    expect(form.get('lookup_key')).toBe('plan:2');
    expect(form.get('recurring[interval]')).toBe('month');
    expect(form.get('product_data[name]')).toBe('Family plan');
    expect(captured[1]!.form.get('active')).toBe('false');
    captured = [];
    await provider().archivePrice('price_new');
    expect(captured[0]).toMatchObject({ method: 'POST', url: '/v1/prices/price_new' });
    expect(captured[0]!.form.get('active')).toBe('false');
  });

  it('maps refund notifications, and each refund of charge.refunded', async () => {
    const sign = (payload: string) =>
      Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const refund = {
      id: 're_9',
      object: 'refund',
      amount: 4_500,
      currency: 'usd',
      status: 'succeeded',
      metadata: { refund_no: 'RF1' },
    };
    for (const type of ['refund.created', 'refund.updated', 'charge.refund.updated']) {
      const payload = JSON.stringify({ id: `evt_${type}`, type, data: { object: refund } });
      expect(await provider().verifyNotification(payload, sign(payload))).toEqual({
        kind: 'refund.updated',
        id: `evt_${type}`,
        refundId: 're_9',
        status: 'succeeded',
        amountMinor: 4_500,
        currency: 'USD',
        refundNo: 'RF1',
        failureReason: null,
      });
    }
    const charge = JSON.stringify({
      id: 'evt_charge',
      type: 'charge.refunded',
      data: {
        object: {
          id: 'ch_1',
          refunds: {
            data: [{ ...refund, status: 'failed', failure_reason: 'expired_or_canceled_card' }],
          },
        },
      },
    });
    expect(await provider().verifyNotification(charge, sign(charge))).toMatchObject({
      kind: 'refund.updated',
      refundId: 're_9',
      status: 'failed',
      failureReason: 'expired_or_canceled_card',
    });
  });

  it('ends a replaced subscription, and takes one ended already as done', async () => {
    await provider().cancelSubscription('sub_1');
    expect(captured[0]).toMatchObject({ method: 'DELETE', url: '/v1/subscriptions/sub_1' });
    mode = 'subscription_gone';
    await expect(provider().cancelSubscription('sub_1')).resolves.toBeUndefined();
  });

  it.each(['declined', 'down'] as const)(
    'maps a %s refund answer to UNAVAILABLE',
    async (answer) => {
      mode = answer;
      await expect(
        provider().refund({
          sessionId: 'cs_paid_once',
          orderNo: 'O1',
          amountMinor: 1,
          currency: 'USD',
        }),
      ).rejects.toMatchObject({ errorCode: 'UNAVAILABLE', messageKey: 'paymentUnavailable' });
    },
  );

  it.each(['declined', 'down'] as const)('maps a %s answer to UNAVAILABLE', async (answer) => {
    mode = answer;
    const error = await provider()
      .createCheckout(request)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ errorCode: 'UNAVAILABLE', messageKey: 'paymentUnavailable' });
  });

  it('verifies signed events and maps them to our terms', async () => {
    const payload = JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: 'cs_test_123',
          object: 'checkout.session',
          payment_status: 'paid',
          amount_total: 18_900,
          currency: 'usd',
          metadata: { order_no: 'O20261120ABC', user_sn: 'P123' },
          subscription: null,
        },
      },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    expect(await provider().verifyNotification(payload, signature)).toEqual({
      kind: 'checkout.completed',
      id: 'evt_1',
      sessionId: 'cs_test_123',
      paymentStatus: 'paid',
      amountMinor: 18_900,
      currency: 'USD',
      orderNo: 'O20261120ABC',
      userSn: 'P123',
      subscriptionId: null,
    });
    const tampered = payload.replace('18900', '1');
    await expect(provider().verifyNotification(tampered, signature)).rejects.toMatchObject({
      errorCode: 'BAD_REQUEST',
      messageKey: 'paymentSignatureInvalid',
    });
    const unknown = JSON.stringify({
      id: 'evt_2',
      object: 'event',
      type: 'charge.refunded',
      data: { object: {} },
    });
    expect(
      await provider().verifyNotification(
        unknown,
        Stripe.webhooks.generateTestHeaderString({ payload: unknown, secret: WEBHOOK_SECRET }),
      ),
    ).toEqual({ kind: 'other', id: 'evt_2', type: 'charge.refunded' });
  });
});
