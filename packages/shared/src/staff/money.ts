import { z } from 'zod';
import { DB_ID_MAX, optionalIsoDate } from '../api';
import { OpsPageQuerySchema } from './accounts';
import { BilingualTextSchema } from './families';

/**
 * The console's orders, payments, refunds and plans (issue #23): the wire shapes of
 * `/api/ops/orders*`, `/api/ops/payment-attention`, `/api/ops/payment-events/*` and
 * `/api/ops/families/:userSn/membership*`, used by the server's routes, the console's screens and
 * the tests. Amounts are integers in minor units of their `currency` (ISO 4217, upper case);
 * times are ISO strings. Messages are keys of `money-messages.ts` and `orders-messages.ts`.
 */

const listOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int() });

export const ORDER_STATUSES = ['pending', 'paid', 'cancelled', 'expired', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_KINDS = ['package', 'good', 'plan'] as const;
export const PAYMENT_PROVIDERS = ['local', 'stripe'] as const;
export const REFUND_STATUSES = ['requested', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
/** A staff refund's or fulfilment's reason: required, shown in the console and the audit log. */
export const MONEY_REASON_MAX_LENGTH = 200;
/** The biggest amount a filter or a refund may name (minor units). */
export const AMOUNT_MAX_MINOR = 100_000_000;

const optionalEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .union([z.literal('').transform(() => undefined), z.enum(values)], { error: 'invalidRequest' })
    .optional();
const optionalAmount = z
  .union(
    [
      z.literal('').transform(() => undefined),
      z.coerce
        .number({ error: 'ordersAmountInvalid' })
        .int('ordersAmountInvalid')
        .min(0, 'ordersAmountInvalid')
        .max(AMOUNT_MAX_MINOR, 'ordersAmountInvalid'),
    ],
    { error: 'ordersAmountInvalid' },
  )
  .optional();

// ---------------------------------------------------------------------------------------------
// Ids in URLs

export const OrderParamsSchema = z.object({
  orderNo: z
    .string({ error: 'orderNotFound' })
    .trim()
    .min(1, 'orderNotFound')
    .max(64, 'orderNotFound'),
});
export type OrderParams = z.infer<typeof OrderParamsSchema>;

/** A recorded payment notification: our row id. */
export const PaymentEventParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'paymentEventNotFound' })
    .int('paymentEventNotFound')
    .positive('paymentEventNotFound')
    .max(DB_ID_MAX, 'paymentEventNotFound'),
});

// ---------------------------------------------------------------------------------------------
// Orders (`orders.read`)

/**
 * GET /api/ops/orders. `from`/`to` are days of the school's calendar (inclusive) on the order's
 * creation; `minAmount`/`maxAmount` minor units (inclusive); `parent` is part of the parent's
 * name, phone, e-mail or user_sn, or an order number.
 */
export const OrderListQuerySchema = OpsPageQuerySchema.extend({
  status: optionalEnum(ORDER_STATUSES),
  provider: optionalEnum(PAYMENT_PROVIDERS),
  from: optionalIsoDate('ordersDateInvalid'),
  to: optionalIsoDate('ordersDateInvalid'),
  minAmount: optionalAmount,
  maxAmount: optionalAmount,
  parent: z
    .string()
    .trim()
    .max(100, 'invalidRequest')
    .optional()
    .transform((value) => (value ? value : undefined)),
})
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'ordersDateRangeInvalid',
    path: ['to'],
  })
  .refine(
    (query) =>
      query.minAmount === undefined ||
      query.maxAmount === undefined ||
      query.minAmount <= query.maxAmount,
    { message: 'ordersAmountRangeInvalid', path: ['maxAmount'] },
  );
export type OrderListQuery = z.infer<typeof OrderListQuerySchema>;
export type OrderListQueryInput = z.input<typeof OrderListQuerySchema>;

export const OrderParentSchema = z.object({ userSn: z.string(), name: z.string() });

export const OpsOrderSchema = z.object({
  orderNo: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  parent: OrderParentSchema,
  kind: z.enum(ORDER_KINDS),
  title: BilingualTextSchema,
  amount: z.number().int(),
  /** Confirmed by the provider so far. */
  refunded: z.number().int(),
  currency: z.string(),
  status: z.enum(ORDER_STATUSES),
  provider: z.string(),
});
export type OpsOrder = z.infer<typeof OpsOrderSchema>;
export const OrderListSchema = listOf(OpsOrderSchema);
export type OrderList = z.infer<typeof OrderListSchema>;

export const CheckoutSessionSchema = z.object({
  sessionId: z.string(),
  provider: z.string(),
  /** 1 card, 2 mobile wallet. */
  payMethod: z.number().int(),
  createdAt: z.string(),
  /** The session whose payment the order was fulfilled with. */
  accepted: z.boolean(),
});

/**
 * A provider notification as received. Only verified notifications are recorded (one whose
 * signature fails is refused with 400 and leaves no row), so `verified` is always true; it is
 * said on the screen. `outcome` is what we did (fulfilment.service.ts `PaymentOutcome`).
 */
export const PaymentEventSchema = z.object({
  id: z.number().int(),
  eventId: z.string(),
  provider: z.string(),
  type: z.string(),
  receivedAt: z.string(),
  verified: z.literal(true),
  outcome: z.string(),
  /** What it said: session, amount, currency, order number, payment status; a refund's id and status. */
  detail: z.record(z.string(), z.unknown()).nullable(),
});
export type PaymentEventItem = z.infer<typeof PaymentEventSchema>;

export const OrderLedgerRowSchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  event: z.string(),
  title: BilingualTextSchema,
  paidDelta: z.number().int(),
  rewardDelta: z.number().int(),
  reservedDelta: z.number().int(),
});

export const MoneyStaffSchema = z.object({ id: z.number().int(), name: z.string() });

export const RefundSchema = z.object({
  refundNo: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  /** Credits taken back when it was asked for (given back again if it failed). */
  credits: z.number().int(),
  status: z.enum(REFUND_STATUSES),
  reason: z.string(),
  requestedAt: z.string(),
  confirmedAt: z.string().nullable(),
  failureReason: z.string().nullable(),
  staff: MoneyStaffSchema.nullable(),
  /** Set when it is a plan cancelled at once. */
  isPlanCancellation: z.boolean(),
});
export type Refund = z.infer<typeof RefundSchema>;

/** GET /api/ops/orders/:orderNo. */
export const OrderDetailSchema = OpsOrderSchema.extend({
  quantity: z.number().int(),
  extraQuantity: z.number().int(),
  kids: z.number().int(),
  payMethod: z.number().int(),
  expiresAt: z.string(),
  sessions: z.array(CheckoutSessionSchema),
  events: z.array(PaymentEventSchema),
  /** The ledger rows the order caused (its credits, and any taken back by refunds). */
  ledger: z.array(OrderLedgerRowSchema),
  refunds: z.array(RefundSchema),
  /** Still refundable: amount − refunds not failed (requested or succeeded). */
  refundable: z.number().int(),
});
export type OrderDetail = z.infer<typeof OrderDetailSchema>;

// ---------------------------------------------------------------------------------------------
// Payments that need attention (`orders.read`; actions `money.manage`)

export const ATTENTION_REASONS = ['mismatch', 'unknown_session'] as const;
export const ATTENTION_ACTIONS = ['fulfil', 'refund'] as const;

/**
 * GET /api/ops/payment-attention: paid notifications we did not fulfil and staff have not
 * handled, oldest first. `fulfil` is offered only for a known order still unpaid (mismatch);
 * `refund` gives back the whole amount received through the session.
 */
export const AttentionItemSchema = z.object({
  id: z.number().int(),
  eventId: z.string(),
  provider: z.string(),
  receivedAt: z.string(),
  reason: z.enum(ATTENTION_REASONS),
  sessionId: z.string(),
  /** What the provider said it took. */
  amount: z.number().int(),
  currency: z.string(),
  order: z
    .object({
      orderNo: z.string(),
      amount: z.number().int(),
      currency: z.string(),
      status: z.enum(ORDER_STATUSES),
      parent: OrderParentSchema,
    })
    .nullable(),
  actions: z.array(z.enum(ATTENTION_ACTIONS)),
});
export type AttentionItem = z.infer<typeof AttentionItemSchema>;
export const AttentionListSchema = listOf(AttentionItemSchema);
export type AttentionList = z.infer<typeof AttentionListSchema>;

const reason = z
  .string({ error: 'moneyReasonRequired' })
  .trim()
  .min(1, 'moneyReasonRequired')
  .max(MONEY_REASON_MAX_LENGTH, 'moneyReasonTooLong');
const idempotencyKey = z.uuid({ error: 'moneyKeyInvalid' });

/**
 * POST /api/ops/payment-events/:id/fulfil and /refund (`money.manage`): handle one payment that
 * needs attention, with a reason; answers the handled item's order (if any).
 */
export const AttentionActionBodySchema = z.object({ reason, idempotencyKey });
export type AttentionActionBody = z.infer<typeof AttentionActionBodySchema>;
export const AttentionActionAnswerSchema = z.object({
  resolution: z.enum(['fulfilled', 'refunded']),
  orderNo: z.string().nullable(),
});

// ---------------------------------------------------------------------------------------------
// Refunds (`money.manage`)

/** GET /api/ops/orders/:orderNo/refund-preview?amount=: what a refund of `amount` would do. */
export const RefundPreviewQuerySchema = z.object({
  amount: z.coerce
    .number({ error: 'refundAmountInvalid' })
    .int('refundAmountInvalid')
    .positive('refundAmountInvalid')
    .max(AMOUNT_MAX_MINOR, 'refundAmountInvalid'),
});

/**
 * Credits: the order granted `creditsGranted` (paid + free extra; 0 for a plan), earlier refunds
 * took back `creditsTakenBack`, the parent has `creditsAvailable` free to book (paid + reward −
 * reserved). At most `creditsTakeable` = min(granted − taken back, available) can be taken back
 * now — never below what is reserved. `suggestedCredits` is the share of the credits left that
 * matches `amount` (rounded up); when it exceeds `creditsTakeable`, the admin chooses: refund
 * `amountForTakeable` (the share of the price matching the takeable credits, rounded down), or
 * refund `amount` and take back only `creditsTakeable`.
 */
export const RefundPreviewSchema = z.object({
  amount: z.number().int(),
  refundable: z.number().int(),
  currency: z.string(),
  creditsGranted: z.number().int(),
  creditsTakenBack: z.number().int(),
  creditsAvailable: z.number().int(),
  creditsTakeable: z.number().int(),
  suggestedCredits: z.number().int(),
  amountForTakeable: z.number().int(),
});
export type RefundPreview = z.infer<typeof RefundPreviewSchema>;

/**
 * POST /api/ops/orders/:orderNo/refunds: refund `amount` and take back `credits` (≤ takeable).
 * A resent form (same key) answers the same refund and moves nothing again.
 */
export const RefundBodySchema = z.object({
  amount: z
    .number({ error: 'refundAmountInvalid' })
    .int('refundAmountInvalid')
    .positive('refundAmountInvalid')
    .max(AMOUNT_MAX_MINOR, 'refundAmountInvalid'),
  credits: z
    .number({ error: 'refundCreditsInvalid' })
    .int('refundCreditsInvalid')
    .min(0, 'refundCreditsInvalid')
    .max(1_000_000, 'refundCreditsInvalid'),
  reason,
  idempotencyKey,
});
export type RefundBody = z.infer<typeof RefundBodySchema>;
export const RefundAnswerSchema = z.object({ refund: RefundSchema });
export type RefundAnswer = z.infer<typeof RefundAnswerSchema>;

// ---------------------------------------------------------------------------------------------
// A family's plan (read `orders.read`; cancel `money.manage`)

export const OpsMembershipSchema = z.object({
  id: z.number().int(),
  name: BilingualTextSchema,
  kids: z.number().int(),
  /** The monthly price. */
  price: z.number().int(),
  currency: z.string(),
  startsAt: z.string(),
  /** The current period: it started then and runs to `endsAt`. */
  periodStartsAt: z.string(),
  endsAt: z.string(),
  /** A provider subscription renews it and no cancellation is set. */
  renews: z.boolean(),
  cancelAtPeriodEnd: z.boolean(),
  provider: z.string(),
  orderNo: z.string().nullable(),
});
export type OpsMembership = z.infer<typeof OpsMembershipSchema>;

/** GET /api/ops/families/:userSn/membership: the plan running now, if any. */
export const MembershipAnswerSchema = z.object({ membership: OpsMembershipSchema.nullable() });
export type MembershipAnswer = z.infer<typeof MembershipAnswerSchema>;

/**
 * GET /api/ops/families/:userSn/membership/cancel-preview: cancelling at the period's end keeps
 * the plan to `endsAt`; cancelling at once ends it now and refunds the unused whole days of the
 * current period: `refund` = round-down(paid for the period × `unusedDays` ÷ `periodDays`), where
 * `unusedDays` = whole days from now to `endsAt` (rounded down), so the figure holds for a day.
 */
export const MembershipCancelPreviewSchema = z.object({
  endsAt: z.string(),
  now: z.string(),
  refund: z.number().int(),
  currency: z.string(),
  /** Whole days left in the period and its length, for the sentence on the screen. */
  unusedDays: z.number().int(),
  periodDays: z.number().int(),
});
export type MembershipCancelPreview = z.infer<typeof MembershipCancelPreviewSchema>;

export const MEMBERSHIP_CANCEL_MODES = ['period-end', 'now'] as const;

/**
 * POST /api/ops/families/:userSn/membership/cancel. `now` must repeat the previewed `refund`:
 * when the figure has moved since (time passed, a renewal arrived), the answer is 409
 * `membershipRefundChanged` with nothing changed, and the screen shows the new preview.
 */
export const MembershipCancelBodySchema = z.discriminatedUnion(
  'mode',
  [
    z.object({ mode: z.literal('period-end'), reason, idempotencyKey }),
    z.object({
      mode: z.literal('now'),
      refund: z.number({ error: 'refundAmountInvalid' }).int().min(0).max(AMOUNT_MAX_MINOR),
      reason,
      idempotencyKey,
    }),
  ],
  { error: 'membershipCancelModeInvalid' },
);
export type MembershipCancelBody = z.infer<typeof MembershipCancelBodySchema>;
