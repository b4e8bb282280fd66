import Stripe from 'stripe';
import { AppError } from '../../lib/app-error';
import type { PaymentProvider } from './payments';
import { toPaymentEvent } from './stripe-events';

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** Only to point the SDK at a local fake of the Stripe API in tests. */
  apiBase?: { host: string; port: number; protocol: 'http' | 'https' };
}

/**
 * Stripe Checkout (official SDK): one-off payments for credits, subscriptions for monthly plans
 * paid by card; `metadata` carries our order number and parent so the webhook can match them.
 */
export function createStripePaymentProvider(config: StripeConfig): PaymentProvider {
  const stripe = new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: 15_000,
    ...(config.apiBase ?? {}),
  });
  return {
    kind: 'stripe',
    async createCheckout(request) {
      const subscription = request.recurring && request.payMethod === 1;
      try {
        const session = await stripe.checkout.sessions.create(
          {
            mode: subscription ? 'subscription' : 'payment',
            client_reference_id: request.orderNo,
            metadata: { order_no: request.orderNo, user_sn: request.userSn },
            ...(subscription
              ? { subscription_data: { metadata: { order_no: request.orderNo } } }
              : {}),
            ...(request.email ? { customer_email: request.email } : {}),
            allowed_payment_method_types: request.payMethod === 2 ? ['alipay'] : ['card'],
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: request.currency.toLowerCase(),
                  unit_amount: request.amountMinor,
                  product_data: { name: request.title },
                  ...(subscription ? { recurring: { interval: 'month' as const } } : {}),
                },
              },
            ],
            success_url: request.successUrl,
            cancel_url: request.cancelUrl,
          },
          // A retried order reuses its session instead of opening a second one.
          { idempotencyKey: `checkout:${request.orderNo}` },
        );
        if (!session.url) throw new Error('Stripe answered a session without url');
        return { sessionId: session.id, url: session.url };
      } catch (error) {
        throw new AppError('UNAVAILABLE', 'paymentUnavailable', {}, null, { cause: error });
      }
    },
    async verifyNotification(rawBody, signature) {
      let event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? '', config.webhookSecret);
      } catch (error) {
        throw new AppError('BAD_REQUEST', 'paymentSignatureInvalid', {}, null, { cause: error });
      }
      return toPaymentEvent(event);
    },
  };
}
