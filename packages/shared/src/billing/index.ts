import { z } from 'zod';
import { DB_ID_MAX } from '../api';
import { EmailSchema } from '../auth';
import { TimeDiffSchema } from '../catalogue';

export * from './messages';

/** Spec §9: billing lists page by 10. */
export const BILLING_PAGE_SIZE = 10;
/** Spec §9: payment methods. */
export const PAY_METHODS = { card: 1, wallet: 2 } as const;

/** Minor units (cents) → the major-unit number the API shows (9900 → 99). */
export const toMajor = (minor: number) => Math.round(minor) / 100;

/** decisions.md → Payments: each charge shows its own currency's symbol (CNY shows the yen sign). */
export const CURRENCY_SYMBOLS: Record<string, string> = { USD: '$', CNY: '¥', EUR: '€', GBP: '£' };
export const currencySymbol = (currency: string) => CURRENCY_SYMBOLS[currency] ?? `${currency} `;

const PageSize = z.coerce.number().int().min(1).max(100).default(BILLING_PAGE_SIZE);
const Page = z.coerce.number().int().min(1).max(100_000).default(1);
const DateOnly = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'invalidRequest')
  .optional()
  .or(z.literal('').transform(() => undefined));

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
});

export const BuyMemberBodySchema = z.object({
  plan_id: z.coerce
    .number({ error: 'planNotFound' })
    .int()
    .positive('planNotFound')
    .max(DB_ID_MAX, 'planNotFound'),
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
  status: z.enum(['pending', 'paid', 'cancelled']),
  username: z.string(),
  mobile: z.string(),
  email: z.string(),
  pay_method: z.number().int(),
  quantity: z.number().int(),
  extra_quantity: z.number().int(),
});
export type OrderSummary = z.infer<typeof OrderSummarySchema>;
export const OrderQuerySchema = z.object({ order_no: z.string().trim().min(1).max(64) });

/** Spec §3 Charge row; `pay_status` 0 pending, 1 paid, 2 cancelled. */
export const ChargeRowSchema = z.object({
  order_no: z.string(),
  date: z.string(),
  title: z.string(),
  amount: z.number(),
  currency: z.string(),
  currency_symbol: z.string(),
  pay_status: z.number().int(),
});
export const PagedQuerySchema = z.object({ pagesize: PageSize, page: Page });
export const ChargesPageSchema = z.object({
  data_info: z.array(ChargeRowSchema),
  total: z.number().int(),
});

/** Spec §3 Credit log; `quantity` is the change of the balance (reservations change none). */
export const CreditLogSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  title: z.string(),
  message: z.string(),
  quantity: z.number().int(),
  event: z.string(),
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
  time_diff: TimeDiffSchema.default(0),
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

/** `getMyChangePlan`: the current and the chosen plan side by side (decisions.md → ChangePlan). */
export const ChangePlanSchema = z.object({
  current: MyPlanSchema.nullable(),
  chosen: PlanSchema,
  price_change: z.number(),
  kids_change: z.number().int(),
  starts_at: z.string(),
});

/** `getStudentLessonLog` (MonthyuStatement): `month` is not sent until one is chosen. */
export const LessonLogQuerySchema = z.object({
  pagesize: PageSize,
  page: Page,
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'monthInvalid')
    .optional()
    .or(z.literal('').transform(() => undefined)),
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
