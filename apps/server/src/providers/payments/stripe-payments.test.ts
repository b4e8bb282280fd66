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

/** A local fake of Stripe's Checkout Sessions endpoint: answers per `mode`, records requests. */
let server: Server;
let port: number;
let mode: 'ok' | 'declined' | 'down' = 'ok';
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
      response.writeHead(200);
      response.end(
        JSON.stringify({
          id: 'cs_test_123',
          object: 'checkout.session',
          url: 'https://checkout.stripe.com/c/pay/cs_test_123',
        }),
      );
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
      idempotencyKey: 'checkout:O20261120ABC',
    });
    const form = call!.form;
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
