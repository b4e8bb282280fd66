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
  | { kind: 'other'; id: string; type: string };
