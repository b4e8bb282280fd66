/**
 * Card and mobile-wallet payments through a hosted checkout (docs/product.md → Payments).
 * Implementations: the local checkout page (default, offline) and Stripe Checkout. Both speak
 * Stripe's event format and signature scheme, so one webhook route serves both.
 */
export interface PaymentProvider {
  readonly kind: 'local' | 'stripe';
  /**
   * Opens a hosted checkout for one order and answers its session id and the address the
   * browser goes to. Rejects with AppError UNAVAILABLE when the provider refuses or is down.
   */
  createCheckout(request: CheckoutRequest): Promise<{ sessionId: string; url: string }>;
  /**
   * Checks the signature header over the raw body (tolerance 5 min) and answers the event in
   * our terms. Rejects with AppError BAD_REQUEST when it does not verify; nothing is written.
   */
  verifyNotification(rawBody: string, signature: string | undefined): Promise<PaymentEvent>;
  /**
   * Gives back the whole payment taken through one of our checkout sessions and ends the
   * subscription that session started, if any (a second plan is never kept, decision 029).
   * Idempotent per session: asked again, it answers the same refund and moves no money.
   * Rejects with AppError UNAVAILABLE when the provider refuses or is down.
   */
  refund(request: RefundRequest): Promise<{ refundId: string }>;
  /**
   * Ends a subscription at once, without refund: its plan was replaced by a change of plan,
   * whose price already credited the unused days. Ending one already ended is not an error.
   */
  cancelSubscription(subscriptionId: string): Promise<void>;
  /**
   * A staff refund (issue #23): gives back `amountMinor` of the payment taken through a checkout
   * session, or of a subscription's renewal invoice. Idempotent per `idempotencyKey`: asked
   * again, it answers the same refund and moves no money. The refund is final only when a
   * `refund.updated` notification says so (the local provider sends one of its own).
   * Rejects with AppError UNAVAILABLE when the provider refuses or is down.
   */
  refundPayment(request: PaymentRefundRequest): Promise<{ refundId: string }>;
  /**
   * Renewals stop and the plan runs to the end of its paid period (Stripe
   * `cancel_at_period_end`). Asking again is not an error.
   */
  cancelSubscriptionAtPeriodEnd(subscriptionId: string): Promise<void>;
  /**
   * A parent's pause (issue #25): the subscription's invoices are voided until `resumesAt`
   * (Stripe `pause_collection: { behavior: 'void', resumes_at }`) and its next renewal moves to
   * `renewsAt`, the plan's expiry moved by the pause (Stripe `trial_end`, no proration), so the
   * renewal's period starts where the paused plan ends. Asking again with the same dates is not
   * an error. No-op for local.
   */
  pauseSubscription(
    subscriptionId: string,
    dates: { resumesAt: Date; renewsAt: Date },
  ): Promise<void>;
  /** Lifts a pause before its date (Stripe: `pause_collection` unset). No-op for local. */
  resumeSubscription(subscriptionId: string): Promise<void>;
  /**
   * Mirrors one of our prices at the provider (issue #23): creates the provider's price for the
   * item at `amountMinor`/`currency` (monthly when `recurring`) and archives `previousPriceId`.
   * Answers the new price's id, or null when the provider keeps no price list (local).
   */
  syncPrice(request: PriceSyncRequest): Promise<string | null>;
  /** Archives a price of ours at the provider (the item was withdrawn). No-op for local. */
  archivePrice(priceId: string): Promise<void>;
}

/** What a staff refund gives back, and from which payment. */
export interface PaymentRefundRequest {
  source: { kind: 'session'; sessionId: string } | { kind: 'invoice'; invoiceId: string };
  amountMinor: number;
  /** ISO 4217, upper case. */
  currency: string;
  /** Our refund number (metadata `refund_no`: the notification names it back). */
  refundNo: string;
  /** The provider's idempotency key (our refund's key). */
  idempotencyKey: string;
}

/** One of our prices, as the provider's price list mirrors it. */
export interface PriceSyncRequest {
  /** e.g. `package:3`, `plan:2`, `good:1` (the provider's lookup key and product metadata). */
  itemKey: string;
  name: string;
  amountMinor: number;
  currency: string;
  recurring: boolean;
  previousPriceId: string | null;
}

export interface RefundRequest {
  /** The checkout session whose payment is given back. */
  sessionId: string;
  orderNo: string;
  amountMinor: number;
  currency: string;
}

export interface CheckoutRequest {
  orderNo: string;
  userSn: string;
  title: string;
  amountMinor: number;
  /** ISO 4217, upper case (USD). */
  currency: string;
  /** A monthly plan paid by card renews every month (a subscription). */
  recurring: boolean;
  /** 1 card, 2 mobile wallet (spec §9). */
  payMethod: 1 | 2;
  email: string | null;
  successUrl: string;
  cancelUrl: string;
  /**
   * The session cannot be paid after this (its order expires then, decision 029). Stripe
   * accepts 30 minutes to 24 hours after the session is created.
   */
  expiresAt: Date;
  /** Tells apart the sessions opened for one order (the provider's idempotency key). */
  attempt: number;
}

/** A verified notification, reduced to what fulfilment needs. */
export type PaymentEvent =
  | {
      kind: 'checkout.completed';
      id: string;
      sessionId: string;
      /** Only 'paid' grants anything. */
      paymentStatus: string;
      amountMinor: number;
      currency: string;
      orderNo: string;
      userSn: string;
      subscriptionId: string | null;
    }
  | { kind: 'checkout.expired'; id: string; sessionId: string }
  | {
      kind: 'subscription.renewed';
      id: string;
      subscriptionId: string;
      invoiceId: string;
      amountMinor: number;
      currency: string;
      periodEnd: Date;
    }
  | { kind: 'subscription.ended'; id: string; subscriptionId: string }
  | {
      /** `customer.subscription.updated`: renewals stopping, or invoices paused (issue #25). */
      kind: 'subscription.updated';
      id: string;
      subscriptionId: string;
      cancelAtPeriodEnd: boolean;
      /** When a pause of collection ends; null when not paused. */
      pauseResumesAt: Date | null;
    }
  | {
      /** `refund.created`, `refund.updated`, `charge.refund.updated` (and each refund of `charge.refunded`). */
      kind: 'refund.updated';
      id: string;
      refundId: string;
      /** Stripe's: pending, requires_action, succeeded, failed, canceled. */
      status: string;
      amountMinor: number;
      currency: string;
      /** Our `refund_no` from the refund's metadata, when it is one of ours. */
      refundNo: string | null;
      failureReason: string | null;
    }
  | { kind: 'other'; id: string; type: string };
