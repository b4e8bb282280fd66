import { z } from 'zod';
import { DB_ID_MAX, optionalIsoDate, optionalIsoMonth } from '../api';
import { EmailSchema } from '../auth';
import { TimeDiffSchema } from '../catalogue';

export * from './messages';

/** Spec §9: billing lists page by 10. */
export const BILLING_PAGE_SIZE = 10;
/** Spec §9: payment methods. */
export const PAY_METHODS = { card: 1, wallet: 2 } as const;

/**
 * Decision 029: an unpaid order, and its checkout session, can be paid for this long after the
 * checkout opens (Stripe accepts 30 min – 24 h); then it expires.
 */
export const ORDER_LIFETIME_MINUTES = 60;
/** Decision 029: open (pending) orders one parent may hold at once, all goods together. */
export const MAX_OPEN_ORDERS = 5;
/**
 * Decision 029: the smallest charge a change of plan may ask (Stripe's minimum for USD is
 * 50 cents); a change whose credit leaves less waits for the current plan's end.
 */
export const MIN_CHARGE_MINOR = 50;
const DAY_MS = 86_400_000;

/**
 * Decision 029: a change of plan starts now and credits the current plan's unused whole days,
 * prorated to the day and rounded down to the cent, against the new plan's monthly price.
 */
export function quotePlanChange(
  current: { priceMinor: number; startsAt: Date; endsAt: Date },
  chosenPriceMinor: number,
  now: Date,
) {
  const periodDays = Math.max(
    1,
    Math.round((current.endsAt.getTime() - current.startsAt.getTime()) / DAY_MS),
  );
  const unusedDays = Math.min(
    periodDays,
    Math.max(0, Math.floor((current.endsAt.getTime() - now.getTime()) / DAY_MS)),
  );
  const creditMinor = Math.floor((current.priceMinor * unusedDays) / periodDays);
  return {
    periodDays,
    unusedDays,
    creditMinor,
    amountMinor: chosenPriceMinor - creditMinor,
    isPayable: chosenPriceMinor - creditMinor >= MIN_CHARGE_MINOR,
  };
}

/** Minor units (cents) → the major-unit number the API shows (9900 → 99). */
export const toMajor = (minor: number) => Math.round(minor) / 100;

/**
 * docs/product.md → Payments: each charge shows its own currency's symbol (CNY shows the yen sign).
 */
export const CURRENCY_SYMBOLS: Record<string, string> = { USD: '$', CNY: '¥', EUR: '€', GBP: '£' };
export const currencySymbol = (currency: string) => CURRENCY_SYMBOLS[currency] ?? `${currency} `;

const PageSize = z.coerce.number().int().min(1).max(100).default(BILLING_PAGE_SIZE);
const Page = z.coerce.number().int().min(1).max(100_000).default(1);
const DateOnly = optionalIsoDate('dateInvalid');

/** Spec §3 Recharge package. */
export const RechargePackageSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  price: z.number(),
  currency: z.string(),
  quantity: z.number().int(),
  extra_quantity: z.number().int(),
});
export type RechargePackage = z.infer<typeof RechargePackageSchema>;
export const RechargeListSchema = z.object({
  balance: z.number().int(),
  list: z.array(RechargePackageSchema),
});

/** `testStripe`: open a checkout for a credit package (`type=credit` from the credit pages). */
export const CheckoutBodySchema = z.object({
  lessons_goods_id: z.coerce
    .number({ error: 'selectPackage' })
    .int()
    .positive('selectPackage')
    .max(DB_ID_MAX, 'selectPackage'),
  type: z.string().max(20).optional(),
  token: z.string().max(200).optional(),
});
export const CheckoutSessionSchema = z.object({ sessionId: z.string(), url: z.string() });

/** `stripePayment`: open a checkout for an order made before (plan or credit good). */
export const OrderPaymentBodySchema = z.object({
  order_no: z.string().trim().min(1, 'orderNotFound').max(64, 'orderNotFound'),
  token: z.string().max(200).optional(),
});

/** `confirmOrder` (spec §2 CompletePayment): who pays and how. */
export const ConfirmOrderBodySchema = z.object({
  order_no: z.string().trim().min(1, 'orderNotFound').max(64, 'orderNotFound'),
  username: z.string().trim().min(1, 'usernameEmpty').max(50, 'usernameEmpty'),
  mobile: z
    .string()
    .trim()
    .regex(/^\d{6,15}$/, 'phoneError'),
  email: EmailSchema,
  pay_method: z.coerce
    .number()
    .int()
    .refine((value) => value === 1 || value === 2, { message: 'invalidRequest' }),
});
export type ConfirmOrderBody = z.infer<typeof ConfirmOrderBodySchema>;

/** Spec §3 Plan. */
export const PlanSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  remarks: z.string(),
  describe: z.string(),
  price: z.number(),
  currency: z.string(),
  tags: z.array(z.string()),
  color: z.string(),
  is_icon_show: z.boolean(),
  plan_details: z.array(z.string()),
  discount: z.number().int(),
  kids: z.number().int(),
});
export type Plan = z.infer<typeof PlanSchema>;

/** Spec §3 Credit good. */
export const CreditGoodSchema = z.object({
  id: z.number().int(),
  quantity: z.number().int(),
  describe: z.string(),
  price: z.number(),
  currency: z.string(),
});
export type CreditGood = z.infer<typeof CreditGoodSchema>;

export const KidsOptionSchema = z.object({ kids: z.number().int() });
export const PlanListQuerySchema = z.object({
  kids: z.coerce.number().int().min(1).max(6).optional(),
  user_sn: z.string().max(64).optional(),
});

/** `getHidePlanList`: the time-limited offer (spec §2); `seconds_left` from the offer's end. */
export const HiddenOfferSchema = z.object({
  is_show: z.boolean(),
  plan_info: PlanSchema.nullable(),
  good_info: CreditGoodSchema.nullable(),
  seconds_left: z.number().int(),
  /**
   * Decision 034: the monthly price of the regular plan the offer discounts (the visible plan
   * for as many kids), shown struck through; null when no regular plan matches.
   */
  regular_price: z.number().nullable(),
});

export const BuyMemberBodySchema = z.object({
  plan_id: z.coerce
    .number({ error: 'planNotFound' })
    .int()
    .positive('planNotFound')
    .max(DB_ID_MAX, 'planNotFound'),
  /**
   * 1 when sent from ChangePlan: the parent saw the prorated price of changing their active
   * plan. Without it a parent holding a plan is refused (decision 029).
   */
  change: z.coerce
    .number({ error: 'invalidRequest' })
    .int('invalidRequest')
    .min(0, 'invalidRequest')
    .max(1, 'invalidRequest')
    .optional(),
});
/** Decision 034: CompletePayment's Cancel gives up an order still waiting for payment. */
export const CancelOrderBodySchema = z.object({
  order_no: z.string().trim().min(1, 'orderNotFound').max(64, 'orderNotFound'),
});

export const BuyCreditBodySchema = z.object({
  good_id: z.coerce
    .number({ error: 'selectPackage' })
    .int()
    .positive('selectPackage')
    .max(DB_ID_MAX, 'selectPackage'),
});

/** Spec §3 Order/package: what CompletePayment shows, with the contact to prefill. */
export const OrderSummarySchema = z.object({
  order_no: z.string(),
  order_title: z.string(),
  order_details: z.array(z.string()),
  order_price_name: z.string(),
  order_price: z.number(),
  currency: z.string(),
  member_end_at: z.string(),
  kind: z.enum(['package', 'good', 'plan']),
  /** `expired`: not paid in time; `refunded`: paid, given back as a second plan (decision 029). */
  status: z.enum(['pending', 'paid', 'cancelled', 'expired', 'refunded']),
  username: z.string(),
  mobile: z.string(),
  email: z.string(),
  pay_method: z.number().int(),
  quantity: z.number().int(),
  extra_quantity: z.number().int(),
  /** Decision 034: the day the order was paid (or made, unpaid), in the parent's calendar. */
  date: z.string(),
  /** How it was paid ("Visa •••• 4242"), empty until the provider says. */
  pay_method_name: z.string(),
  /**
   * Decision 034: a plan bought at its full price renews every month until cancelled (the
   * terms CompletePayment states); a change of plan and credits are paid once.
   */
  is_recurring: z.boolean(),
  /** What a recurring plan costs at each renewal (the plan's monthly price), else 0. */
  renewal_price: z.number(),
});
export type OrderSummary = z.infer<typeof OrderSummarySchema>;
export const OrderQuerySchema = z.object({ order_no: z.string().trim().min(1).max(64) });

/** Spec §3 Charge row; `pay_status` 0 pending, 1 paid, 2 cancelled, 3 refunded. */
export const ChargeRowSchema = z.object({
  order_no: z.string(),
  date: z.string(),
  title: z.string(),
  amount: z.number(),
  currency: z.string(),
  currency_symbol: z.string(),
  pay_status: z.number().int(),
  /**
   * Issue #23: what the school has refunded of it so far, confirmed by the payment provider (0
   * when nothing). A whole refund also sets `pay_status` 3; a partial one leaves it paid.
   */
  refunded_amount: z.number(),
});
export const PagedQuerySchema = z.object({ pagesize: PageSize, page: Page });
export const ChargesPageSchema = z.object({
  data_info: z.array(ChargeRowSchema),
  total: z.number().int(),
});

/**
 * Spec §3 Credit log; `quantity` is the change of the balance (reservations change none).
 * Decision 034 adds what the row does to the credits free to book (`available_change`) and to
 * those held for booked lessons (`held_change`), and the balances after the row.
 */
export const CreditLogSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  title: z.string(),
  message: z.string(),
  quantity: z.number().int(),
  event: z.string(),
  available_change: z.number().int(),
  held_change: z.number().int(),
  /** Credits held after the row (paid + reward), as the header's balance counts them. */
  balance_after: z.number().int(),
  /** Of those, free to book after the row (not held for a booked lesson). */
  available_after: z.number().int(),
});
export const CreditLogQuerySchema = z.object({
  type: z.string().max(20).optional(),
  /** 1: credits added, 2: credits spent (the history's direction filter). */
  credit_value: z.coerce
    .number()
    .int()
    .min(1)
    .max(2)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  start_at: DateOnly,
  end_at: DateOnly,
  /** Absent: the parent's stored zone (decision 035). */
  time_diff: TimeDiffSchema.optional(),
  pagesize: PageSize,
  page: Page,
});
export const RechargeLogQuerySchema = CreditLogQuerySchema.omit({ type: true, credit_value: true });

/** Spec §3 Payment log. */
export const PaymentLogSchema = z.object({
  order_no: z.string(),
  created_at: z.string(),
  price: z.number(),
  currency: z.string(),
  quantity: z.number().int(),
});

/** Spec §3 My plan. */
export const MyPlanSchema = z.object({
  /** Decision 034: the plan bought (0 when unknown), so plan lists can mark the current one. */
  plan_id: z.number().int(),
  title: z.string(),
  kids: z.number().int(),
  price: z.number(),
  currency: z.string(),
  renew_at: z.string(),
  expire_at: z.string(),
  member_pay_method_type: z.number().int(),
  member_pay_method_name: z.string(),
  is_auto_renew: z.boolean(),
});
export type MyPlan = z.infer<typeof MyPlanSchema>;

/** `getMyChangePlan`: the current and the chosen plan side by side (docs/product.md → Plans). */
export const ChangePlanSchema = z.object({
  current: MyPlanSchema.nullable(),
  chosen: PlanSchema,
  price_change: z.number(),
  kids_change: z.number().int(),
  starts_at: z.string(),
  /** Decision 029: whole days of the current plan left unused, credited against the new one. */
  unused_days: z.number().int(),
  period_days: z.number().int(),
  credit: z.number(),
  /** What the change costs today: the new plan's price minus the credit. */
  amount_due: z.number(),
  /** The new plan's first month ends then (the parent's calendar day). */
  new_expire_at: z.string(),
  /** False when the change cannot be made now; `reason` says why (translated). */
  can_change: z.boolean(),
  reason: z.string(),
});

/** `getStudentLessonLog` (MonthyuStatement): `month` is not sent until one is chosen. */
export const LessonLogQuerySchema = z.object({
  pagesize: PageSize,
  page: Page,
  month: optionalIsoMonth('monthInvalid'),
  /** Absent: the parent's stored zone (decision 035). */
  time_diff: TimeDiffSchema.optional(),
  student_sn: z
    .string()
    .max(64)
    .optional()
    .or(z.literal('').transform(() => undefined)),
});
export const LessonLogRowSchema = z.object({
  datetime: z.string(),
  student: z.string(),
  class: z.string(),
  class_type: z.string(),
  credit: z.number().int(),
  requried_credit: z.number().int(),
  status: z.string(),
});
export const LessonLogPageSchema = z.object({
  data_info: z.array(LessonLogRowSchema),
  total: z.number().int(),
});

/** The local checkout page: the order behind a session, and what Pay / Cancel answer. */
export const LocalSessionQuerySchema = z.object({ session: z.string().trim().min(1).max(100) });
export const LocalSessionSchema = z.object({
  session: z.string(),
  order: OrderSummarySchema,
});
export const LocalPayBodySchema = z.object({
  session: z.string().trim().min(1).max(100),
  pay_method: z.coerce.number().int().min(1).max(2).default(1),
});
export const LocalPayResultSchema = z.object({ redirect: z.string() });
