import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { parents } from './parents';
import { timestamps } from './platform';

/** Spec §3 Recharge package: credits (plus free extra credits) for a price in minor units. */
export const rechargePackages = pgTable('recharge_packages', {
  id: serial('id').primaryKey(),
  title_en: text('title_en').notNull(),
  title_zh: text('title_zh').notNull(),
  quantity: integer('quantity').notNull(),
  extra_quantity: integer('extra_quantity').notNull().default(0),
  price_minor: integer('price_minor').notNull(),
  currency: text('currency').notNull().default('USD'),
  sort: integer('sort').notNull().default(0),
  is_active: boolean('is_active').notNull().default(true),
  /** The provider's price mirroring this one (Stripe); null on the local provider (issue #23). */
  provider_price_id: text('provider_price_id'),
  ...timestamps,
});

/**
 * Spec §3 Plan: a monthly pass for `kids` children at `price_minor` a month. A hidden plan is
 * a time-limited offer shown until `offer_ends_at` (spec §2 "Time-limited offer").
 */
export const plans = pgTable('plans', {
  id: serial('id').primaryKey(),
  title_en: text('title_en').notNull(),
  title_zh: text('title_zh').notNull(),
  remarks_en: text('remarks_en').notNull().default(''),
  remarks_zh: text('remarks_zh').notNull().default(''),
  describe_en: text('describe_en').notNull().default(''),
  describe_zh: text('describe_zh').notNull().default(''),
  /** Lines of the plan card, one per line of text. */
  details_en: text('details_en').notNull().default(''),
  details_zh: text('details_zh').notNull().default(''),
  tags_en: text('tags_en').notNull().default(''),
  tags_zh: text('tags_zh').notNull().default(''),
  color: text('color').notNull().default('#c2410c'),
  is_icon_show: boolean('is_icon_show').notNull().default(false),
  kids: integer('kids').notNull(),
  price_minor: integer('price_minor').notNull(),
  currency: text('currency').notNull().default('USD'),
  /** Percent off the regular price, shown on the card (0 = none). */
  discount: integer('discount').notNull().default(0),
  is_hidden: boolean('is_hidden').notNull().default(false),
  /** An offer (hidden plan) is on sale from `offer_starts_at` (null: at once) to `offer_ends_at`. */
  offer_starts_at: timestamp('offer_starts_at', { withTimezone: true }),
  offer_ends_at: timestamp('offer_ends_at', { withTimezone: true }),
  sort: integer('sort').notNull().default(0),
  /** No longer sold (kept for the orders and memberships that name it). */
  retired_at: timestamp('retired_at', { withTimezone: true }),
  /** The provider's price mirroring this one (Stripe); null on the local provider (issue #23). */
  provider_price_id: text('provider_price_id'),
  ...timestamps,
});

/** Spec §3 Credit good: "Pay as You Go" credits sold beside the plans. */
export const creditGoods = pgTable('credit_goods', {
  id: serial('id').primaryKey(),
  quantity: integer('quantity').notNull(),
  describe_en: text('describe_en').notNull().default(''),
  describe_zh: text('describe_zh').notNull().default(''),
  price_minor: integer('price_minor').notNull(),
  currency: text('currency').notNull().default('USD'),
  is_hidden: boolean('is_hidden').notNull().default(false),
  sort: integer('sort').notNull().default(0),
  /** No longer sold (kept for the orders that name it; issue #23). */
  retired_at: timestamp('retired_at', { withTimezone: true }),
  /** The provider's price mirroring this one (Stripe); null on the local provider (issue #23). */
  provider_price_id: text('provider_price_id'),
  ...timestamps,
});

/**
 * One purchase: what, for whom, for how much. Paid only by a verified provider notification
 * whose amount, currency and session match this row (docs/product.md → Payments).
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    order_no: text('order_no').notNull().unique(),
    parent_id: integer('parent_id')
      .notNull()
      .references(() => parents.id),
    kind: text('kind', { enum: ['package', 'good', 'plan'] }).notNull(),
    item_id: integer('item_id').notNull(),
    title_en: text('title_en').notNull(),
    title_zh: text('title_zh').notNull(),
    /** Credits granted (package or good), extra free credits, or the plan's kids. */
    quantity: integer('quantity').notNull().default(0),
    extra_quantity: integer('extra_quantity').notNull().default(0),
    kids: integer('kids').notNull().default(0),
    amount_minor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    /**
     * `expired`: never paid within its checkout's lifetime; `refunded`: paid, then refunded
     * because it would have stacked a second plan (decision 029).
     */
    status: text('status', { enum: ['pending', 'paid', 'cancelled', 'expired', 'refunded'] })
      .notNull()
      .default('pending'),
    provider: text('provider').notNull(),
    /** The checkout session whose payment was accepted (set when fulfilled). */
    checkout_session_id: text('checkout_session_id'),
    /** 1 card, 2 mobile wallet (spec §9). */
    pay_method: integer('pay_method').notNull().default(1),
    pay_method_name: text('pay_method_name').notNull().default(''),
    username: text('username'),
    mobile: text('mobile'),
    email: text('email'),
    /** The provider's subscription of a monthly plan (renewals and cancellations refer to it). */
    subscription_id: text('subscription_id'),
    paid_at: timestamp('paid_at', { withTimezone: true }),
    /**
     * A pending order stops being payable then (its checkout session expires at the same
     * moment); the order-expiry job marks it `expired` (decision 029).
     */
    expires_at: timestamp('expires_at', { withTimezone: true })
      .notNull()
      .default(sql`now() + interval '1 hour'`),
    /**
     * A change of plan: the membership whose unused days were credited (`credit_minor`, minor
     * units) against the new plan's price; `amount_minor` = price − credit (decision 029).
     */
    replaces_membership_id: integer('replaces_membership_id'),
    credit_minor: integer('credit_minor').notNull().default(0),
    /** The provider's refund of a payment that was not fulfilled (a second plan). */
    refund_id: text('refund_id'),
    refunded_at: timestamp('refunded_at', { withTimezone: true }),
    /**
     * What staff refunds have given back so far, confirmed by the provider (minor units; issue
     * #23). The order becomes `refunded` when it reaches `amount_minor`.
     */
    refunded_minor: integer('refunded_minor').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index('orders_parent_idx').on(t.parent_id, t.id),
    // The dashboard's first purchases per week (decision 045).
    index('orders_paid_idx')
      .on(t.paid_at)
      .where(sql`${t.status} = 'paid'`),
    // At most one open order per parent and thing bought, and one open plan order per parent
    // whatever the plan: parallel clicks get the same order, never a second charge (decision 029).
    uniqueIndex('orders_open_item_uq')
      .on(t.parent_id, t.kind, t.item_id)
      .where(sql`status = 'pending'`),
    uniqueIndex('orders_open_plan_uq')
      .on(t.parent_id)
      .where(sql`kind = 'plan' and status = 'pending'`),
    index('orders_pending_expiry_idx')
      .on(t.expires_at)
      .where(sql`status = 'pending'`),
  ],
);

/**
 * Every hosted checkout opened for an order. A notification is matched to its order through
 * this row, so a session we did not open grants nothing.
 */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: serial('id').primaryKey(),
    session_id: text('session_id').notNull(),
    order_id: integer('order_id')
      .notNull()
      .references(() => orders.id),
    provider: text('provider').notNull(),
    url: text('url').notNull(),
    pay_method: integer('pay_method').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('checkout_sessions_session_uq').on(t.provider, t.session_id),
    index('checkout_sessions_order_idx').on(t.order_id),
  ],
);

/**
 * Every provider notification, recorded once by its id before it is acted on: a redelivery
 * finds its row and changes nothing. `outcome` says what it did (for support and audits).
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').notNull(),
    event_id: text('event_id').notNull(),
    type: text('type').notNull(),
    order_id: integer('order_id'),
    outcome: text('outcome').notNull(),
    /**
     * What the notification said, as received (session, amount, currency, order number, payment
     * status; a refund's id and status): the console shows it and acts on it (issue #23).
     */
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    /** A payment that needed attention was handled by staff: how, when, by whom. */
    resolution: text('resolution', { enum: ['fulfilled', 'refunded'] }),
    resolved_at: timestamp('resolved_at', { withTimezone: true }),
    resolved_by: integer('resolved_by'),
    received_at: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_events_event_uq').on(t.provider, t.event_id),
    index('payment_events_order_idx').on(t.order_id),
    // The console's "needs attention": paid notifications we could not fulfil, not yet handled.
    index('payment_events_attention_idx')
      .on(t.received_at)
      .where(sql`${t.outcome} in ('mismatch', 'unknown_session') and ${t.resolved_at} is null`),
  ],
);

/**
 * A refund asked for by staff (issue #23): recorded with the credits it took back in the same
 * transaction as the request to the provider; final (`succeeded`) only when the provider's
 * notification confirms it, exactly once. `failed` gives the credits back.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    refund_no: text('refund_no').notNull().unique(),
    order_id: integer('order_id')
      .notNull()
      .references(() => orders.id),
    parent_id: integer('parent_id')
      .notNull()
      .references(() => parents.id),
    /** Set when the refund is a plan cancelled at once (its unused days). */
    membership_id: integer('membership_id'),
    amount_minor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    /** Credits taken back from the available balance when it was asked for. */
    credits_taken_back: integer('credits_taken_back').notNull().default(0),
    status: text('status', { enum: ['requested', 'succeeded', 'failed'] })
      .notNull()
      .default('requested'),
    provider: text('provider').notNull(),
    provider_refund_id: text('provider_refund_id'),
    /** The provider's reason when it failed. */
    failure_reason: text('failure_reason'),
    /** Why staff refunded (shown in the console and the audit log, never to the parent). */
    reason: text('reason').notNull(),
    staff_id: integer('staff_id'),
    /** A UUID made once per opened form: a resent form is this same refund. */
    idempotency_key: text('idempotency_key').notNull(),
    requested_at: timestamp('requested_at', { withTimezone: true }).notNull(),
    confirmed_at: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('refunds_idempotency_uq').on(t.idempotency_key),
    uniqueIndex('refunds_provider_refund_uq')
      .on(t.provider, t.provider_refund_id)
      .where(sql`${t.provider_refund_id} is not null`),
    index('refunds_order_idx').on(t.order_id),
    index('refunds_parent_idx').on(t.parent_id, t.id),
    // The books: refunds confirmed in a month.
    index('refunds_confirmed_idx')
      .on(t.confirmed_at)
      .where(sql`${t.status} = 'succeeded'`),
  ],
);

/**
 * A monthly plan's renewal paid at the provider (an invoice of its subscription): the books
 * count it as revenue, and a plan cancelled at once refunds its unused days from it (issue #23).
 */
export const subscriptionPayments = pgTable(
  'subscription_payments',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').notNull(),
    invoice_id: text('invoice_id').notNull(),
    subscription_id: text('subscription_id').notNull(),
    membership_id: integer('membership_id').notNull(),
    parent_id: integer('parent_id')
      .notNull()
      .references(() => parents.id),
    amount_minor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    period_end: timestamp('period_end', { withTimezone: true }).notNull(),
    paid_at: timestamp('paid_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('subscription_payments_invoice_uq').on(t.provider, t.invoice_id),
    index('subscription_payments_paid_idx').on(t.paid_at),
    index('subscription_payments_membership_idx').on(t.membership_id),
  ],
);
