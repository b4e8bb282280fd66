import type { z } from 'zod';
import {
  currencySymbol,
  toMajor,
  type ChangePlanSchema,
  type ChargesPageSchema,
  type CreditGood,
  type HiddenOfferSchema,
  type LessonLogPageSchema,
  type MyPlan,
  type OrderSummary,
  type PaymentLogSchema,
  type Plan,
  type RechargeListSchema,
} from '@portal/shared/billing';
import { CLASS_TYPE_LABELS } from '@portal/shared/catalogue';
import { type Language } from '@portal/shared/i18n';
import { translate } from '../../lib/catalogue';
import { dayInZone, type Viewpoint } from '../../lib/time';
import type { Charge, CreditPurchaseReceipt } from '../../modules/billing/history.service';
import type { Order } from '../../modules/billing/orders.service';
import type { HeldPlan, PlanChange } from '../../modules/billing/plans.service';
import type {
  CreditPackage,
  CreditsForSale,
  PlanForSale,
  TimeLimitedOffer,
} from '../../modules/billing/shop.service';
import type { StatementEntry } from '../../modules/lessons/statement.service';
import { stamp } from './calendar';
import { pick } from '../localize';

/**
 * Billing's domain objects in the spec's wire shapes (§3, §7): amounts in major units, money
 * with its currency's symbol, texts and labels in the request's language, days on the parent's
 * calendar, and the legacy names (`requried_credit`, `data_info`, …) as spelled there.
 */

/** Lines of a text (plan tags and points are written one a line). */
const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** "$189.00": an amount with its currency's symbol (CNY shows the yen sign). */
const money = (minor: number, currency: string) =>
  `${currencySymbol(currency)}${toMajor(minor).toFixed(2)}`;

export function toPlan(plan: PlanForSale, language: Language): Plan {
  return {
    id: plan.id,
    title: pick(language, plan.title),
    remarks: pick(language, plan.remarks),
    describe: pick(language, plan.description),
    price: toMajor(plan.priceMinor),
    currency: plan.currency,
    tags: lines(pick(language, plan.tags)),
    color: plan.color,
    is_icon_show: plan.showsIcon,
    plan_details: lines(pick(language, plan.details)),
    discount: plan.discount,
    kids: plan.kids,
  };
}

export function toCreditGood(good: CreditsForSale, language: Language): CreditGood {
  return {
    id: good.id,
    quantity: good.quantity,
    describe: pick(language, good.description),
    price: toMajor(good.priceMinor),
    currency: good.currency,
  };
}

export function toRechargeList(
  offer: { balance: number; packages: CreditPackage[] },
  language: Language,
): z.infer<typeof RechargeListSchema> {
  return {
    balance: offer.balance,
    list: offer.packages.map((pkg) => ({
      id: pkg.id,
      title: pick(language, pkg.title),
      price: toMajor(pkg.priceMinor),
      currency: pkg.currency,
      quantity: pkg.quantity,
      extra_quantity: pkg.extraQuantity,
    })),
  };
}

export function toHiddenOffer(
  offer: TimeLimitedOffer | null,
  language: Language,
): z.infer<typeof HiddenOfferSchema> {
  if (!offer)
    return {
      is_show: false,
      plan_info: null,
      good_info: null,
      seconds_left: 0,
      regular_price: null,
    };
  return {
    is_show: true,
    plan_info: toPlan(offer.plan, language),
    good_info: offer.good ? toCreditGood(offer.good, language) : null,
    seconds_left: offer.secondsLeft,
    regular_price: offer.regularPriceMinor === null ? null : toMajor(offer.regularPriceMinor),
  };
}

export function toOrderSummary(order: Order, language: Language): OrderSummary {
  let details: string[];
  if (order.kind === 'plan') {
    details = order.planDetails ? lines(pick(language, order.planDetails)) : [];
    if (order.creditMinor > 0)
      details.push(
        translate(language, 'orderPlanCredit', {
          amount: money(order.creditMinor, order.currency),
        }),
      );
  } else {
    details = [
      translate(language, 'orderCredits', { count: order.quantity }),
      ...(order.extraQuantity > 0
        ? [translate(language, 'orderExtraCredits', { count: order.extraQuantity })]
        : []),
    ];
  }
  return {
    order_no: order.orderNo,
    order_title: pick(language, order.title),
    order_details: details,
    order_price_name: money(order.amountMinor, order.currency),
    order_price: toMajor(order.amountMinor),
    currency: order.currency,
    member_end_at: order.memberEndsAt ? dayInZone(order.timeZone, order.memberEndsAt) : '',
    kind: order.kind,
    status: order.status,
    username: order.payer.name,
    mobile: order.payer.mobile,
    email: order.payer.email,
    pay_method: order.payMethod,
    quantity: order.quantity,
    extra_quantity: order.extraQuantity,
    date: dayInZone(order.timeZone, order.date),
    pay_method_name: order.payMethodName ?? '',
    is_recurring: order.isRecurring,
    renewal_price: toMajor(order.renewalPriceMinor),
  };
}

/** Spec §3 Charge row: `pay_status` 0 pending, 1 paid, 2 cancelled (or expired), 3 refunded. */
const PAY_STATUS = { pending: 0, paid: 1, cancelled: 2, expired: 2, refunded: 3 } as const;

export function toChargesPage(
  history: { charges: Charge[]; total: number; timeZone: string | null },
  language: Language,
): z.infer<typeof ChargesPageSchema> {
  return {
    data_info: history.charges.map((charge) => ({
      order_no: charge.orderNo,
      date: dayInZone(history.timeZone, charge.date),
      title: pick(language, charge.title),
      amount: toMajor(charge.amountMinor),
      currency: charge.currency,
      currency_symbol: currencySymbol(charge.currency),
      pay_status: PAY_STATUS[charge.status],
      refunded_amount: toMajor(charge.refundedMinor),
    })),
    total: history.total,
  };
}

export function toPaymentLog(
  purchase: CreditPurchaseReceipt,
  seen: Viewpoint,
): z.infer<typeof PaymentLogSchema> {
  return {
    order_no: purchase.orderNo,
    created_at: stamp(purchase.paidAt, seen),
    price: toMajor(purchase.amountMinor),
    currency: purchase.currency,
    quantity: purchase.credits,
  };
}

export function toMyPlan(plan: HeldPlan, timeZone: string | null, language: Language): MyPlan {
  return {
    plan_id: plan.planId,
    title: pick(language, plan.title),
    kids: plan.kids,
    price: toMajor(plan.priceMinor),
    currency: plan.currency,
    renew_at: plan.renews ? dayInZone(timeZone, plan.endsAt) : '',
    expire_at: dayInZone(timeZone, plan.endsAt),
    member_pay_method_type: plan.payMethodType,
    member_pay_method_name: plan.payMethodName,
    is_auto_renew: plan.renews,
  };
}

export function toChangePlan(
  change: PlanChange,
  language: Language,
): z.infer<typeof ChangePlanSchema> {
  const { current, timeZone } = change;
  const reason =
    change.refusal === 'planChangeCovered' && current
      ? translate(language, 'planChangeCovered', { date: dayInZone(timeZone, current.endsAt) })
      : change.refusal
        ? translate(language, change.refusal)
        : '';
  return {
    current: current ? toMyPlan(current, timeZone, language) : null,
    chosen: toPlan(change.chosen, language),
    price_change: toMajor(change.chosen.priceMinor - (current?.priceMinor ?? 0)),
    kids_change: change.chosen.kids - (current?.kids ?? 0),
    starts_at: dayInZone(timeZone, change.startsAt),
    unused_days: change.unusedDays,
    period_days: change.periodDays,
    credit: toMajor(change.creditMinor),
    amount_due: toMajor(change.amountDueMinor),
    new_expire_at: dayInZone(timeZone, change.newEndsAt),
    can_change: reason === '',
    reason,
  };
}

const STATEMENT_STATUS = {
  scheduled: 'statementScheduled',
  onAir: 'statementOnAir',
  completed: 'statementCompleted',
  cancelled: 'statementCancelled',
  leave: 'statementLeave',
  noShow: 'statementNoShow',
} as const;

export function toLessonLogPage(
  statement: { entries: StatementEntry[]; total: number },
  seen: Viewpoint,
  language: Language,
): z.infer<typeof LessonLogPageSchema> {
  return {
    data_info: statement.entries.map((entry) => ({
      datetime: stamp(entry.startsAt, seen),
      student: entry.childNickname,
      class: pick(language, entry.subject),
      class_type: CLASS_TYPE_LABELS[entry.classType][language],
      credit: entry.creditsConsumed,
      requried_credit: entry.creditsRequired,
      status: translate(language, STATEMENT_STATUS[entry.status]),
    })),
    total: statement.total,
  };
}
