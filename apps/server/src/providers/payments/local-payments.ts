import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { AppError } from '../../lib/app-error';
import type { PaymentProvider } from './payments';
import { toPaymentEvent } from './stripe-events';

/** The local checkout also signs: it gets `sign` to send its notifications to the webhook. */
export interface LocalPaymentProvider extends PaymentProvider {
  readonly kind: 'local';
  /** The `Stripe-Signature` header for a payload, with the local secret. */
  sign(payload: string): Promise<string>;
}

/**
 * The offline checkout (docs/product.md → Payments): the session is a page of this app
 * (`/checkout/local`), whose Pay and Cancel buttons make the server send a notification signed
 * with Stripe's scheme and a local secret to the same webhook route as Stripe's.
 * `secret` resolves the secret shared by every instance (kept in the database).
 */
export function createLocalPaymentProvider(secret: () => Promise<string>): LocalPaymentProvider {
  // Stripe's own helpers compute and check the signature; no Stripe account is involved.
  const webhooks = Stripe.webhooks;
  return {
    kind: 'local',
    createCheckout() {
      const sessionId = `lcs_${randomBytes(16).toString('hex')}`;
      return Promise.resolve({ sessionId, url: `/checkout/local?session=${sessionId}` });
    },
    // No money moves offline: the refund is a receipt named after its session, the same for
    // every replay; the local checkout never starts a subscription.
    refund(request) {
      return Promise.resolve({ refundId: `lre_${request.sessionId}` });
    },
    cancelSubscription() {
      return Promise.resolve();
    },
    // A staff refund is a receipt named after its key; the refunds service then delivers a
    // locally signed `refund.updated` (local-refund-event.ts) so the whole flow runs offline.
    refundPayment(request) {
      return Promise.resolve({ refundId: `lre_${request.idempotencyKey}` });
    },
    cancelSubscriptionAtPeriodEnd() {
      return Promise.resolve();
    },
    // The local checkout never starts a subscription: nothing to pause or resume.
    pauseSubscription() {
      return Promise.resolve();
    },
    resumeSubscription() {
      return Promise.resolve();
    },
    // The local checkout sends each order's own amount; it keeps no price list.
    syncPrice() {
      return Promise.resolve(null);
    },
    archivePrice() {
      return Promise.resolve();
    },
    async sign(payload) {
      return webhooks.generateTestHeaderString({ payload, secret: await secret() });
    },
    async verifyNotification(rawBody, signature) {
      let event;
      try {
        event = webhooks.constructEvent(rawBody, signature ?? '', await secret());
      } catch (error) {
        throw new AppError('BAD_REQUEST', 'paymentSignatureInvalid', {}, null, { cause: error });
      }
      return toPaymentEvent(event);
    },
  };
}
