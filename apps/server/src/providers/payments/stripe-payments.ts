import Stripe from 'stripe';
import { AppError } from '../../lib/app-error';
import type { PaymentProvider, PaymentRefundRequest, RefundRequest } from './payments';
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
  const ref = (value: string | { id: string } | null) =>
    typeof value === 'string' ? value : (value?.id ?? null);

  /** A subscription's first payment sits on its invoice (API 2025-03 onwards). */
  async function invoicePayment(session: Stripe.Checkout.Session) {
    const invoice = ref(session.invoice);
    if (!invoice) return null;
    const payments = await stripe.invoicePayments.list({ invoice, limit: 1 });
    return ref(payments.data[0]?.payment.payment_intent ?? null);
  }

  /** A payment refunded already (a replay after Stripe's 24 h of idempotency) answers its refund. */
  async function refundOnce(paymentIntent: string, request: RefundRequest) {
    try {
      const refund = await stripe.refunds.create(
        {
          payment_intent: paymentIntent,
          amount: request.amountMinor,
          reason: 'duplicate',
          metadata: { order_no: request.orderNo, session_id: request.sessionId },
        },
        { idempotencyKey: `refund:${request.sessionId}` },
      );
      return refund.id;
    } catch (error) {
      if (
        !(error instanceof Stripe.errors.StripeInvalidRequestError) ||
        error.code !== 'charge_already_refunded'
      )
        throw error;
      const earlier = await stripe.refunds.list({ payment_intent: paymentIntent, limit: 1 });
      if (!earlier.data[0]) throw error;
      return earlier.data[0].id;
    }
  }

  async function cancel(subscriptionId: string) {
    try {
      await stripe.subscriptions.cancel(
        subscriptionId,
        {},
        { idempotencyKey: `cancel:${subscriptionId}` },
      );
    } catch (error) {
      // Ended already (by Stripe or an earlier replay): nothing left to stop.
      if (
        error instanceof Stripe.errors.StripeInvalidRequestError &&
        error.code === 'resource_missing'
      )
        return;
      throw error;
    }
  }

  /** The payment intent behind one of our sessions, or behind a renewal's invoice. */
  async function paymentIntentOf(source: PaymentRefundRequest['source']) {
    if (source.kind === 'invoice') {
      const payments = await stripe.invoicePayments.list({ invoice: source.invoiceId, limit: 1 });
      return ref(payments.data[0]?.payment.payment_intent ?? null);
    }
    const session = await stripe.checkout.sessions.retrieve(source.sessionId);
    return ref(session.payment_intent) ?? (await invoicePayment(session));
  }

  const unavailable = (error: unknown) =>
    new AppError('UNAVAILABLE', 'paymentUnavailable', {}, null, { cause: error });

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
            expires_at: Math.floor(request.expiresAt.getTime() / 1000),
          },
          // A retried attempt reuses its session instead of opening a second one.
          { idempotencyKey: `checkout:${request.orderNo}:${request.attempt}` },
        );
        if (!session.url) throw new Error('Stripe answered a session without url');
        return { sessionId: session.id, url: session.url };
      } catch (error) {
        throw new AppError('UNAVAILABLE', 'paymentUnavailable', {}, null, { cause: error });
      }
    },
    async refund(request) {
      try {
        const session = await stripe.checkout.sessions.retrieve(request.sessionId);
        const paymentIntent = ref(session.payment_intent) ?? (await invoicePayment(session));
        if (!paymentIntent) throw new Error(`No payment behind session ${request.sessionId}`);
        const refundId = await refundOnce(paymentIntent, request);
        const subscription = ref(session.subscription);
        if (subscription) await cancel(subscription);
        return { refundId };
      } catch (error) {
        throw new AppError('UNAVAILABLE', 'paymentUnavailable', {}, null, { cause: error });
      }
    },
    async cancelSubscription(subscriptionId) {
      try {
        await cancel(subscriptionId);
      } catch (error) {
        throw new AppError('UNAVAILABLE', 'paymentUnavailable', {}, null, { cause: error });
      }
    },
    async refundPayment(request) {
      try {
        const paymentIntent = await paymentIntentOf(request.source);
        if (!paymentIntent) throw new Error(`No payment behind refund ${request.refundNo}`);
        const refund = await stripe.refunds.create(
          {
            payment_intent: paymentIntent,
            amount: request.amountMinor,
            reason: 'requested_by_customer',
            metadata: { refund_no: request.refundNo },
          },
          { idempotencyKey: request.idempotencyKey },
        );
        return { refundId: refund.id };
      } catch (error) {
        throw unavailable(error);
      }
    },
    async cancelSubscriptionAtPeriodEnd(subscriptionId) {
      try {
        await stripe.subscriptions.update(
          subscriptionId,
          { cancel_at_period_end: true },
          { idempotencyKey: `cancel-at-period-end:${subscriptionId}` },
        );
      } catch (error) {
        throw unavailable(error);
      }
    },
    async pauseSubscription(subscriptionId, dates) {
      const resumes = Math.floor(dates.resumesAt.getTime() / 1000);
      const renews = Math.floor(dates.renewsAt.getTime() / 1000);
      try {
        await stripe.subscriptions.update(
          subscriptionId,
          {
            pause_collection: { behavior: 'void', resumes_at: resumes },
            trial_end: renews,
            proration_behavior: 'none',
          },
          { idempotencyKey: `pause:${subscriptionId}:${resumes}:${renews}` },
        );
      } catch (error) {
        throw unavailable(error);
      }
    },
    async resumeSubscription(subscriptionId) {
      try {
        // An empty string unsets the field in Stripe's form encoding.
        await stripe.subscriptions.update(subscriptionId, { pause_collection: '' });
      } catch (error) {
        throw unavailable(error);
      }
    },
    async syncPrice(request) {
      try {
        const price = await stripe.prices.create({
          currency: request.currency.toLowerCase(),
          unit_amount: request.amountMinor,
          lookup_key: request.itemKey,
          transfer_lookup_key: true,
          metadata: { item: request.itemKey },
          product_data: { name: request.name, metadata: { item: request.itemKey } },
          ...(request.recurring ? { recurring: { interval: 'month' as const } } : {}),
        });
        if (request.previousPriceId && request.previousPriceId !== price.id)
          await stripe.prices.update(request.previousPriceId, { active: false });
        return price.id;
      } catch (error) {
        throw unavailable(error);
      }
    },
    async archivePrice(priceId) {
      try {
        await stripe.prices.update(priceId, { active: false });
      } catch (error) {
        throw unavailable(error);
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
