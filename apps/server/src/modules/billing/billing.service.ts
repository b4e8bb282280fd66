import { randomBytes } from 'node:crypto';
import { CLASS_TYPE_LABELS } from '@portal/shared/catalogue';
import {
  currencySymbol,
  MAX_OPEN_ORDERS,
  ORDER_LIFETIME_MINUTES,
  quotePlanChange,
  toMajor,
  type ConfirmOrderBody,
  type CreditGood,
  type MyPlan,
  type OrderSummary,
  type Plan,
} from '@portal/shared/billing';
import { CREDIT_EVENTS, type CreditEvent } from '@portal/shared/credits';
import { translate, type Language } from '@portal/shared/i18n';
import { lessonStatus } from '@portal/shared/lessons';
import type { AppContext } from '../../app-context';
import type { DbOrTx, Transaction } from '../../db/client';
import { AppError, badRequest, conflict, notFound, unauthenticated } from '../../lib/app-error';
import {
  dayInZone,
  localDayStart,
  localMonthBounds,
  seenFrom,
  type Viewpoint,
} from '../../lib/time';
import { parentViewpoint } from '../auth/viewpoint.service';
import type { PaymentEvent, PaymentProvider } from '../../providers/payments/payments';
import { findParentById } from '../parents/parents.service';
import { appendLedger } from '../credits/credits.repository';
import { getAccount } from '../credits/credits.service';
import { requireOwnChildId } from '../children/children.service';
import { activePlansAt, getMembership, getMembershipAt } from '../membership/membership.service';
import {
  cancelActiveMemberships,
  consumedByLesson,
  countChargeOrders,
  countLedger,
  countPendingOrders,
  countRechargeOrders,
  countSessionsOfOrder,
  countStatementLessons,
  expirePendingOrders,
  findActivePackage,
  findActivePackages,
  findBalancesAfter,
  findBuyablePlan,
  findChargeOrders,
  findGood,
  findGoods,
  findLedgerPage,
  findOpenSession,
  findOwnOrder,
  findOrderById,
  findOwnSession,
  findParentOfSession,
  findPendingOrder,
  findPendingPlanOrder,
  findRechargeOrders,
  findRunningOffer,
  findStatementLessons,
  findVisiblePlans,
  insertCheckoutSession,
  insertMembership,
  insertOrder,
  lockOrder,
  lockOrderOfSession,
  lockParent,
  recordPaymentEvent,
  setPaymentEventOutcome,
  updateMembershipsOfSubscription,
  updateOrder,
  type GoodRow,
  type MembershipRow,
  type NewOrderRow,
  type OrderRow,
  type PlanRow,
} from './billing.repository';

const pick = (language: Language, en: string, zh: string) => (language === 'zh_CN' ? zh || en : en);
const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** One calendar month later (a monthly plan's period), keeping the wall-clock day where it can. */
export function addMonth(from: Date): Date {
  const next = new Date(from);
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const last = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, last));
  return next;
}

// ————— Membership (decisions.md: member_status 1 while a plan is active) —————

/** The header's expiry text of the plan (the parent's calendar day), empty without one. */
export async function getMemberExpiry(ctx: AppContext, parentId: number) {
  const membership = await getMembership(ctx, parentId);
  if (!membership.expires_at) return { member_expire_show: '', member_type: 0 };
  const parent = await findParentById(ctx.db, parentId);
  return {
    member_expire_show: dayInZone(parent?.time_zone, membership.expires_at),
    member_type: membership.member_type,
  };
}

// ————— Catalogue of things to buy —————

function toPlan(row: PlanRow, language: Language): Plan {
  return {
    id: row.id,
    title: pick(language, row.title_en, row.title_zh),
    remarks: pick(language, row.remarks_en, row.remarks_zh),
    describe: pick(language, row.describe_en, row.describe_zh),
    price: toMajor(row.price_minor),
    currency: row.currency,
    tags: lines(pick(language, row.tags_en, row.tags_zh)),
    color: row.color,
    is_icon_show: row.is_icon_show,
    plan_details: lines(pick(language, row.details_en, row.details_zh)),
    discount: row.discount,
    kids: row.kids,
  };
}

function toGood(row: GoodRow, language: Language): CreditGood {
  return {
    id: row.id,
    quantity: row.quantity,
    describe: pick(language, row.describe_en, row.describe_zh),
    price: toMajor(row.price_minor),
    currency: row.currency,
  };
}

/** `recharge/quantity(App)`: the balance and the packages on sale. */
export async function getRechargeList(ctx: AppContext, parentId: number, language: Language) {
  const account = await getAccount(ctx, parentId);
  const packages = await findActivePackages(ctx.db);
  return {
    balance: account.balance,
    list: packages.map((row) => ({
      id: row.id,
      title: pick(language, row.title_en, row.title_zh),
      price: toMajor(row.price_minor),
      currency: row.currency,
      quantity: row.quantity,
      extra_quantity: row.extra_quantity,
    })),
  };
}

export async function getKidsOptions(ctx: AppContext) {
  const kids = [...new Set((await findVisiblePlans(ctx.db)).map((plan) => plan.kids))].sort(
    (a, b) => a - b,
  );
  return kids.map((count) => ({ kids: count }));
}

export async function getPlans(ctx: AppContext, kids: number | undefined, language: Language) {
  return (await findVisiblePlans(ctx.db, kids)).map((row) => toPlan(row, language));
}

/**
 * "Pay as You Go" of `getCreatPlanList`: the credit packages, the one price list of credits
 * (decision 034), in the spec's credit-good shape; they are paid with `testStripe` like on
 * `/recharge`. Credit goods are only the time-limited offer's goods now.
 */
export async function getCreditGoods(ctx: AppContext, language: Language): Promise<CreditGood[]> {
  return (await findActivePackages(ctx.db)).map((row) => ({
    id: row.id,
    quantity: row.quantity + row.extra_quantity,
    describe: pick(language, row.title_en, row.title_zh),
    price: toMajor(row.price_minor),
    currency: row.currency,
  }));
}

const NO_OFFER = {
  is_show: false,
  plan_info: null,
  good_info: null,
  seconds_left: 0,
  regular_price: null,
};

/**
 * `getHidePlanList`: the running time-limited offer; `seconds_left` from its real end. Decision
 * 034: it is a discount of the regular plan for as many kids (whose price it answers, to strike
 * through), and it is not offered to a parent who already holds that plan or a larger one.
 */
export async function getHiddenOffer(ctx: AppContext, parentId: number, language: Language) {
  const now = ctx.clock.now();
  const offer = await findRunningOffer(ctx.db, now);
  if (!offer?.offer_ends_at) return NO_OFFER;
  const held = (await getMembership(ctx, parentId)).plan;
  if (held && held.kids >= offer.kids) return NO_OFFER;
  const [good] = await findGoods(ctx.db, true);
  const regular = (await findVisiblePlans(ctx.db, offer.kids)).find(
    (plan) => plan.currency === offer.currency && plan.price_minor > offer.price_minor,
  );
  return {
    is_show: true,
    plan_info: toPlan(offer, language),
    good_info: good ? toGood(good, language) : null,
    seconds_left: Math.max(0, Math.floor((offer.offer_ends_at.getTime() - now.getTime()) / 1000)),
    regular_price: regular ? toMajor(regular.price_minor) : null,
  };
}

// ————— Orders —————

async function orderSummary(
  ctx: AppContext,
  order: OrderRow,
  language: Language,
): Promise<OrderSummary> {
  const parent = await findParentById(ctx.db, order.parent_id);
  const now = ctx.clock.now();
  let details: string[];
  let memberEnd = '';
  // Decision 034: a plan at its full price is a monthly subscription (see checkoutFor).
  const isRecurring = order.kind === 'plan' && order.credit_minor === 0;
  if (order.kind === 'plan') {
    const membership = await getMembership(ctx, order.parent_id);
    const plan = await findBuyablePlan(ctx.db, order.item_id, new Date(0));
    details = plan ? lines(pick(language, plan.details_en, plan.details_zh)) : [];
    if (order.credit_minor > 0)
      details.push(
        translate(language, 'orderPlanCredit', {
          amount: `${currencySymbol(order.currency)}${toMajor(order.credit_minor).toFixed(2)}`,
        }),
      );
    const startsAt = order.paid_at ?? now;
    memberEnd = dayInZone(
      parent?.time_zone,
      order.status === 'paid' && membership.expires_at ? membership.expires_at : addMonth(startsAt),
    );
  } else {
    details = [
      translate(language, 'orderCredits', { count: order.quantity }),
      ...(order.extra_quantity > 0
        ? [translate(language, 'orderExtraCredits', { count: order.extra_quantity })]
        : []),
    ];
  }
  return {
    order_no: order.order_no,
    order_title: pick(language, order.title_en, order.title_zh),
    order_details: details,
    order_price_name: `${currencySymbol(order.currency)}${toMajor(order.amount_minor).toFixed(2)}`,
    order_price: toMajor(order.amount_minor),
    currency: order.currency,
    member_end_at: memberEnd,
    kind: order.kind,
    status: order.status,
    username: order.username ?? parent?.name ?? '',
    mobile: order.mobile ?? parent?.mobile ?? '',
    email: order.email ?? parent?.email ?? '',
    pay_method: order.pay_method,
    quantity: order.quantity,
    extra_quantity: order.extra_quantity,
    date: dayInZone(parent?.time_zone, order.paid_at ?? order.created_at),
    pay_method_name: order.status === 'paid' ? order.pay_method_name : '',
    is_recurring: isRecurring,
    renewal_price: isRecurring ? toMajor(order.amount_minor) : 0,
  };
}

function newOrderNo() {
  // Sortable by time for support staff, unguessable by the random tail.
  const stamp = new Date().toISOString().slice(0, 10).replaceAll('-', '');
  return `O${stamp}${randomBytes(5).toString('hex').toUpperCase()}`;
}

async function requireParent(ctx: AppContext, parentId: number) {
  const parent = await findParentById(ctx.db, parentId);
  if (!parent) throw unauthenticated();
  return parent;
}

const ORDER_LIFETIME_MS = ORDER_LIFETIME_MINUTES * 60_000;
/** A checkout session is reused while at least this much of its life is left. */
const SESSION_REUSE_MS = ORDER_LIFETIME_MS / 2;

type NewOrder = Omit<NewOrderRow, 'order_no' | 'parent_id' | 'expires_at'>;

/**
 * The parent's open order for the same package or good, or a new one (decision 029). Under the
 * parent's row lock, so 60 parallel clicks make one order; a parent already holding
 * MAX_OPEN_ORDERS open orders for other things is refused. Open orders past their expiry are
 * expired first, here as well as by the job.
 */
async function openCreditOrder(ctx: AppContext, parentId: number, values: NewOrder) {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    if (!(await lockParent(tx, parentId))) throw unauthenticated();
    await expirePendingOrders(tx, now, parentId);
    const open = await findPendingOrder(tx, parentId, values.kind, values.item_id);
    if (
      open &&
      open.amount_minor === values.amount_minor &&
      open.currency === values.currency &&
      open.quantity === values.quantity &&
      open.extra_quantity === (values.extra_quantity ?? 0)
    )
      return open;
    // The package or good changed since: the stale order can no longer be paid.
    if (open) await updateOrder(tx, open.id, { status: 'expired', updated_at: now });
    else if ((await countPendingOrders(tx, parentId)) >= MAX_OPEN_ORDERS)
      throw new AppError('CONFLICT', 'tooManyOpenOrders', { count: MAX_OPEN_ORDERS });
    return insertOrder(tx, {
      ...values,
      order_no: newOrderNo(),
      parent_id: parentId,
      expires_at: new Date(now.getTime() + ORDER_LIFETIME_MS),
      // The injected clock, like every other time of an order (its date shows on the contract).
      created_at: now,
      updated_at: now,
    });
  });
}

/** What changing from `current` to `chosen` costs today (decision 029: prorated to the day). */
async function quoteChange(db: DbOrTx, current: MembershipRow, chosen: PlanRow, now: Date) {
  const bought = current.order_id ? await findOrderById(db, current.order_id) : undefined;
  const isSamePlan = bought?.kind === 'plan' && bought.item_id === chosen.id;
  // A plan in another currency cannot be offset against this one: no credit.
  const quote = quotePlanChange(
    {
      priceMinor: current.currency === chosen.currency ? current.price_minor : 0,
      startsAt: current.starts_at,
      endsAt: current.ends_at,
    },
    chosen.price_minor,
    now,
  );
  return { ...quote, isSamePlan };
}

/**
 * `buyMember`: a pending order for a plan (any plan on sale, or the running offer). One plan at
 * a time (decision 029): a parent holding a plan is refused unless the order comes from
 * ChangePlan (`change`), which prices the change with the unused days credited; and a parent
 * has at most one open plan order (the same plan gets the same order back).
 */
export async function orderPlan(
  ctx: AppContext,
  parentId: number,
  planId: number,
  language: Language,
  change = false,
) {
  const now = ctx.clock.now();
  const order = await ctx.db.transaction(async (tx) => {
    if (!(await lockParent(tx, parentId))) throw unauthenticated();
    const plan = await findBuyablePlan(tx, planId, now);
    if (!plan) throw notFound('planNotFound');
    await expirePendingOrders(tx, now, parentId);
    const current = (await getMembershipAt(tx, parentId, now)).plan;
    if (current && !change) throw conflict('alreadyMember');
    const open = await findPendingPlanOrder(tx, parentId);
    if (open) {
      if (open.item_id === plan.id && open.replaces_membership_id === (current?.id ?? null))
        return open;
      throw conflict('planOrderPending');
    }
    if ((await countPendingOrders(tx, parentId)) >= MAX_OPEN_ORDERS)
      throw new AppError('CONFLICT', 'tooManyOpenOrders', { count: MAX_OPEN_ORDERS });
    let credit = 0;
    if (current) {
      const quote = await quoteChange(tx, current, plan, now);
      if (quote.isSamePlan) throw conflict('planSameAsCurrent');
      if (!quote.isPayable) {
        const parent = await findParentById(tx, parentId);
        throw new AppError('CONFLICT', 'planChangeCovered', {
          date: dayInZone(parent?.time_zone, current.ends_at),
        });
      }
      credit = quote.creditMinor;
    }
    return insertOrder(tx, {
      order_no: newOrderNo(),
      parent_id: parentId,
      kind: 'plan',
      item_id: plan.id,
      title_en: plan.title_en,
      title_zh: plan.title_zh,
      kids: plan.kids,
      amount_minor: plan.price_minor - credit,
      credit_minor: credit,
      replaces_membership_id: current?.id ?? null,
      currency: plan.currency,
      provider: ctx.providers.payments.kind,
      expires_at: new Date(now.getTime() + ORDER_LIFETIME_MS),
      created_at: now,
      updated_at: now,
    });
  });
  return orderSummary(ctx, order, language);
}

/** `buyCredit`: the open order for a "Pay as You Go" credit good, or a new one. */
export async function orderGood(
  ctx: AppContext,
  parentId: number,
  goodId: number,
  language: Language,
) {
  await requireParent(ctx, parentId);
  const good = await findGood(ctx.db, goodId);
  if (!good) throw notFound('packageNotFound');
  const order = await openCreditOrder(ctx, parentId, {
    kind: 'good',
    item_id: good.id,
    title_en: `${good.quantity} credits`,
    title_zh: `${good.quantity} 课时`,
    quantity: good.quantity,
    amount_minor: good.price_minor,
    currency: good.currency,
    provider: ctx.providers.payments.kind,
  });
  return orderSummary(ctx, order, language);
}

/** Whether an order can still be paid: pending and not past its expiry. */
const isPayable = (order: OrderRow, now: Date) =>
  order.status === 'pending' && order.expires_at > now;

export async function getOrder(
  ctx: AppContext,
  parentId: number,
  orderNo: string,
  language: Language,
) {
  const order = await findOwnOrder(ctx.db, parentId, orderNo);
  if (!order) throw notFound('orderNotFound');
  return orderSummary(ctx, order, language);
}

/** `confirmOrder`: the payer's name, phone, e-mail and method on a pending order. */
export async function confirmOrder(
  ctx: AppContext,
  parentId: number,
  body: ConfirmOrderBody,
  language: Language,
) {
  const order = await findOwnOrder(ctx.db, parentId, body.order_no);
  if (!order) throw notFound('orderNotFound');
  if (!isPayable(order, ctx.clock.now())) throw conflict('orderNotPayable');
  await updateOrder(ctx.db, order.id, {
    username: body.username,
    mobile: body.mobile,
    email: body.email,
    pay_method: body.pay_method,
    updated_at: ctx.clock.now(),
  });
  return getOrder(ctx, parentId, order.order_no, language);
}

/**
 * Opens (or reopens) the hosted checkout of a pending order, under the order's row lock: a
 * session opened with the same pay method that still has half its life is reused, so double
 * clicks and parallel tabs never make two payable sessions. Opening one moves the order's
 * expiry to the session's (decision 029).
 */
async function checkoutFor(ctx: AppContext, orderId: number, language: Language) {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order || !isPayable(order, now)) throw conflict('orderNotPayable');
    const existing = await findOpenSession(tx, order.id, order.pay_method);
    if (
      existing &&
      existing.provider === ctx.providers.payments.kind &&
      existing.created_at.getTime() + SESSION_REUSE_MS > now.getTime()
    )
      return { sessionId: existing.session_id, url: existing.url };
    const parent = await findParentById(tx, order.parent_id);
    if (!parent) throw unauthenticated();
    const base = ctx.config.publicUrl;
    const expiresAt = new Date(now.getTime() + ORDER_LIFETIME_MS);
    const session = await ctx.providers.payments.createCheckout({
      orderNo: order.order_no,
      userSn: parent.user_sn,
      title: pick(language, order.title_en, order.title_zh),
      amountMinor: order.amount_minor,
      currency: order.currency,
      // A change of plan charges a prorated first month once: it starts no subscription.
      recurring: order.kind === 'plan' && order.credit_minor === 0,
      payMethod: order.pay_method === 2 ? 2 : 1,
      email: order.email ?? parent.email,
      successUrl: `${base}/paySuccess?order_no=${order.order_no}`,
      // Decision 034: the provider sends a parent who leaves its page here: a cancel, not a failure.
      cancelUrl: `${base}/payError?order_no=${order.order_no}&cancelled=1`,
      expiresAt,
      attempt: await countSessionsOfOrder(tx, order.id),
    });
    await insertCheckoutSession(tx, {
      session_id: session.sessionId,
      order_id: order.id,
      provider: ctx.providers.payments.kind,
      url: session.url,
      pay_method: order.pay_method,
      created_at: now,
    });
    await updateOrder(tx, order.id, { expires_at: expiresAt, updated_at: now });
    return session;
  });
}

/** `testStripe`: the open order for a credit package (or a new one) and its checkout. */
export async function checkoutPackage(
  ctx: AppContext,
  parentId: number,
  packageId: number,
  language: Language,
) {
  await requireParent(ctx, parentId);
  const pkg = await findActivePackage(ctx.db, packageId);
  if (!pkg) throw notFound('packageNotFound');
  const order = await openCreditOrder(ctx, parentId, {
    kind: 'package',
    item_id: pkg.id,
    title_en: pkg.title_en,
    title_zh: pkg.title_zh,
    quantity: pkg.quantity,
    extra_quantity: pkg.extra_quantity,
    amount_minor: pkg.price_minor,
    currency: pkg.currency,
    provider: ctx.providers.payments.kind,
  });
  return checkoutFor(ctx, order.id, language);
}

/**
 * The order-expiry job: unpaid orders past their checkout's lifetime become `expired`. A payment
 * completed just before the session closed is still fulfilled when its notification arrives.
 */
export function expireUnpaidOrders(ctx: Pick<AppContext, 'db'>, now: Date) {
  return expirePendingOrders(ctx.db, now);
}

/**
 * CompletePayment's Cancel (decision 034): an order still waiting for payment is cancelled, so
 * it no longer blocks another plan or counts against the open orders. A payment its open
 * checkout still takes is honoured when its notification arrives (decision 029).
 */
export async function cancelOrder(ctx: AppContext, parentId: number, orderNo: string) {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const own = await findOwnOrder(tx, parentId, orderNo);
    if (!own) throw notFound('orderNotFound');
    const order = await lockOrder(tx, own.id);
    if (!order || order.status !== 'pending') throw conflict('orderNotPayable');
    await updateOrder(tx, order.id, { status: 'cancelled', updated_at: now });
  });
}

/** `stripePayment`: the checkout of an order made before (plan or credit good). */
export async function checkoutOrder(
  ctx: AppContext,
  parentId: number,
  orderNo: string,
  language: Language,
) {
  const order = await findOwnOrder(ctx.db, parentId, orderNo);
  if (!order) throw notFound('orderNotFound');
  return checkoutFor(ctx, order.id, language);
}

// ————— Notifications: the only way anything is granted —————

export type PaymentOutcome =
  | 'duplicate'
  | 'fulfilled'
  | 'already_paid'
  | 'not_paid'
  | 'unknown_session'
  | 'mismatch'
  | 'cancelled'
  | 'renewed'
  | 'ended'
  | 'refunded'
  | 'ignored';

/**
 * Acts on a verified notification exactly once (decisions.md → Payments). Its id is recorded
 * first; a redelivery stops there. A checkout is fulfilled only when paid and when amount,
 * currency, order number and parent match our order row, in the same transaction as the
 * ledger or plan write.
 */
export async function handlePaymentEvent(
  ctx: Pick<AppContext, 'db' | 'clock' | 'providers'>,
  event: PaymentEvent,
): Promise<PaymentOutcome> {
  const provider = ctx.providers.payments.kind;
  return ctx.db.transaction(async (tx) => {
    const recorded = await recordPaymentEvent(tx, {
      provider,
      event_id: event.id,
      type: event.kind === 'other' ? event.type : event.kind,
      outcome: 'received',
    });
    if (recorded === undefined) return 'duplicate';
    const { outcome, orderId } = await applyEvent(
      tx,
      ctx.providers.payments,
      event,
      ctx.clock.now(),
    );
    await setPaymentEventOutcome(tx, recorded, outcome, orderId);
    return outcome;
  });
}

async function applyEvent(
  tx: Transaction,
  payments: PaymentProvider,
  event: PaymentEvent,
  now: Date,
): Promise<{ outcome: PaymentOutcome; orderId?: number }> {
  const provider = payments.kind;
  switch (event.kind) {
    case 'checkout.completed': {
      // The parent's row first, then the order's: ordering (buyMember, buyCredit) takes them in
      // this order too, so a payment and an order of one parent never wait on each other.
      const parentId = await findParentOfSession(tx, provider, event.sessionId);
      if (parentId === undefined) return { outcome: 'unknown_session' };
      await lockParent(tx, parentId);
      const found = await lockOrderOfSession(tx, provider, event.sessionId);
      if (!found) return { outcome: 'unknown_session' };
      const { order } = found;
      const settled = order.status === 'paid' || order.status === 'refunded';
      // Another session of the same order paid too (two tabs, card in one, wallet in the
      // other): that second payment is given back (decision 029).
      const isSecondPayment = settled && order.checkout_session_id !== event.sessionId;
      if (settled && !isSecondPayment) return { outcome: 'already_paid', orderId: order.id };
      if (event.paymentStatus !== 'paid') return { outcome: 'not_paid', orderId: order.id };
      const parent = await findParentById(tx, order.parent_id);
      if (
        event.amountMinor !== order.amount_minor ||
        event.currency !== order.currency ||
        event.orderNo !== order.order_no ||
        event.userSn !== parent?.user_sn
      )
        return { outcome: 'mismatch', orderId: order.id };
      const refund = () =>
        // Idempotent per session at the provider; if it fails the whole notification rolls
        // back (its id too) and the provider's redelivery tries again.
        payments.refund({
          sessionId: event.sessionId,
          orderNo: order.order_no,
          amountMinor: event.amountMinor,
          currency: event.currency,
        });
      if (isSecondPayment) {
        await refund();
        return { outcome: 'refunded', orderId: order.id };
      }
      if (order.kind === 'plan') {
        // One plan at a time (decision 029): under the parent's lock, a plan payment that would
        // stack on a plan it was not priced against is given back.
        const current = (await getMembershipAt(tx, order.parent_id, now)).plan;
        if ((current?.id ?? null) !== order.replaces_membership_id) {
          const { refundId } = await refund();
          await updateOrder(tx, order.id, {
            status: 'refunded',
            paid_at: now,
            refunded_at: now,
            refund_id: refundId,
            checkout_session_id: event.sessionId,
            pay_method: found.session.pay_method,
            subscription_id: event.subscriptionId,
            updated_at: now,
          });
          return { outcome: 'refunded', orderId: order.id };
        }
        // A change of plan: the old plan's subscription must not renew beside the new plan.
        if (current?.subscription_id) await payments.cancelSubscription(current.subscription_id);
      }
      await updateOrder(tx, order.id, {
        status: 'paid',
        paid_at: now,
        checkout_session_id: event.sessionId,
        pay_method: found.session.pay_method,
        subscription_id: event.subscriptionId,
        updated_at: now,
      });
      await grant(tx, order, event.subscriptionId, now);
      return { outcome: 'fulfilled', orderId: order.id };
    }
    case 'checkout.expired': {
      const found = await lockOrderOfSession(tx, provider, event.sessionId);
      if (!found) return { outcome: 'unknown_session' };
      if (found.order.status !== 'pending') return { outcome: 'ignored', orderId: found.order.id };
      await updateOrder(tx, found.order.id, { status: 'cancelled', updated_at: now });
      return { outcome: 'cancelled', orderId: found.order.id };
    }
    case 'subscription.renewed': {
      const renewed = await updateMembershipsOfSubscription(tx, event.subscriptionId, {
        ends_at: event.periodEnd,
        updated_at: now,
      });
      return { outcome: renewed.length ? 'renewed' : 'ignored' };
    }
    case 'subscription.ended': {
      // The provider ends the subscription when the paid month is over: the plan stops then.
      const ended = await updateMembershipsOfSubscription(tx, event.subscriptionId, {
        cancelled_at: now,
        updated_at: now,
      });
      return { outcome: ended.length ? 'ended' : 'ignored' };
    }
    default:
      return { outcome: 'ignored' };
  }
}

/** What a paid order gives: credits (paid + free extra) or a month of the plan. */
async function grant(tx: Transaction, order: OrderRow, subscriptionId: string | null, now: Date) {
  if (order.kind === 'plan') {
    // Changing plan takes effect at once: the old plan stops, the new month starts now.
    await cancelActiveMemberships(tx, order.parent_id, now);
    await insertMembership(tx, {
      parent_id: order.parent_id,
      title_en: order.title_en,
      title_zh: order.title_zh,
      kids: order.kids,
      member_type: 1,
      // The plan's monthly price: a change paid less only by the credit of the old plan.
      price_minor: order.amount_minor + order.credit_minor,
      currency: order.currency,
      starts_at: now,
      ends_at: addMonth(now),
      pay_method_type: order.pay_method,
      pay_method_name: order.pay_method === 2 ? 'Alipay' : 'Card',
      order_id: order.id,
      subscription_id: subscriptionId,
    });
    return;
  }
  await appendLedger(tx, {
    parent_id: order.parent_id,
    event: 'purchase',
    paid_delta: order.quantity,
    title_en: `Purchased ${order.quantity} credits`,
    title_zh: `购买 ${order.quantity} 课时`,
    idempotency_key: `order:${order.order_no}:credits`,
    created_at: now,
  });
  if (order.extra_quantity > 0)
    await appendLedger(tx, {
      parent_id: order.parent_id,
      event: 'reward',
      reward_delta: order.extra_quantity,
      title_en: `${order.extra_quantity} free credits with ${order.title_en}`,
      title_zh: `${order.title_zh} 赠送 ${order.extra_quantity} 课时`,
      idempotency_key: `order:${order.order_no}:extra`,
      created_at: now,
    });
}

// ————— The local checkout page —————

export async function getLocalSession(
  ctx: AppContext,
  parentId: number,
  sessionId: string,
  language: Language,
) {
  const found = await findOwnSession(ctx.db, parentId, sessionId);
  if (!found || found.session.provider !== 'local') throw notFound('orderNotFound');
  return { session: sessionId, order: await orderSummary(ctx, found.order, language) };
}

/**
 * The notification the local checkout sends when Pay or Cancel is pressed: Stripe's event shape
 * with the order's own amount, so it goes through the same checks as a real one.
 */
export async function localCheckoutEvent(
  ctx: AppContext,
  parentId: number,
  sessionId: string,
  action: 'pay' | 'cancel',
) {
  const found = await findOwnSession(ctx.db, parentId, sessionId);
  if (!found || found.session.provider !== 'local') throw notFound('orderNotFound');
  if (!isPayable(found.order, ctx.clock.now())) throw conflict('orderNotPayable');
  const parent = await requireParent(ctx, parentId);
  const created = Math.floor(ctx.clock.now().getTime() / 1000);
  const event = {
    id: `evt_local_${randomBytes(12).toString('hex')}`,
    object: 'event',
    created,
    type: action === 'pay' ? 'checkout.session.completed' : 'checkout.session.expired',
    data: {
      object: {
        id: sessionId,
        object: 'checkout.session',
        payment_status: action === 'pay' ? 'paid' : 'unpaid',
        amount_total: found.order.amount_minor,
        currency: found.order.currency.toLowerCase(),
        client_reference_id: found.order.order_no,
        metadata: { order_no: found.order.order_no, user_sn: parent.user_sn },
        subscription: null,
      },
    },
  };
  return { payload: JSON.stringify(event), order: found.order };
}

// ————— Histories —————

function rangeOf(
  query: { start_at?: string | undefined; end_at?: string | undefined },
  seen: Viewpoint,
) {
  // Days as the parent sees them: [start 00:00, the day after end 00:00).
  const at = (day: string, plus: number) => {
    const [year, month, date] = day.split('-').map(Number);
    return localDayStart(year!, month!, date! + plus, seen);
  };
  return {
    from: query.start_at ? at(query.start_at, 0) : undefined,
    to: query.end_at ? at(query.end_at, 1) : undefined,
  };
}

const stamp = (instant: Date, seen: Viewpoint) => {
  const local = seenFrom(instant, seen);
  return `${local.date} ${local.time}`;
};

/** `account-logs/creditPC`: the ledger, newest first, with the history's filters. */
export async function getCreditLog(
  ctx: AppContext,
  parentId: number,
  query: {
    type?: string | undefined;
    credit_value?: number | undefined;
    start_at?: string | undefined;
    end_at?: string | undefined;
    time_diff?: number | undefined;
    pagesize: number;
    page: number;
  },
  language: Language,
) {
  const seen = await parentViewpoint(ctx, parentId, query.time_diff);
  const filter = {
    ...(query.type && query.type in CREDIT_EVENTS ? { event: query.type } : {}),
    ...(query.credit_value
      ? { direction: query.credit_value === 1 ? ('in' as const) : ('out' as const) }
      : {}),
    ...rangeOf(query, seen),
  };
  if (query.type && !(query.type in CREDIT_EVENTS)) throw badRequest('invalidRequest');
  const [rows, total] = await Promise.all([
    findLedgerPage(ctx.db, parentId, filter, {
      limit: query.pagesize,
      offset: (query.page - 1) * query.pagesize,
    }),
    countLedger(ctx.db, parentId, filter),
  ]);
  const after = await findBalancesAfter(
    ctx.db,
    parentId,
    rows.map((row) => row.id),
  );
  return {
    data: rows.map((row) => {
      const event = (row.event in CREDIT_EVENTS ? row.event : 'reward') as CreditEvent;
      const balances = after.get(row.id) ?? { balance: 0, held: 0 };
      const change = row.paid_delta + row.reward_delta;
      return {
        id: row.id,
        created_at: stamp(row.created_at, seen),
        title: pick(language, row.title_en, row.title_zh),
        message:
          row.reserved_delta !== 0 && row.paid_delta + row.reward_delta === 0
            ? translate(language, row.reserved_delta > 0 ? 'logReserved' : 'logReleased', {
                count: Math.abs(row.reserved_delta),
              })
            : translate(language, CREDIT_EVENTS[event]),
        quantity: change,
        event: row.event,
        // Decision 034: a reservation moves credits from free to held, a release back.
        available_change: change - row.reserved_delta,
        held_change: row.reserved_delta,
        balance_after: balances.balance,
        available_after: balances.balance - balances.held,
      };
    }),
    total,
  };
}

/** `account-logs/recharge`: paid credit purchases. */
export async function getRechargeLog(
  ctx: AppContext,
  parentId: number,
  query: {
    start_at?: string | undefined;
    end_at?: string | undefined;
    time_diff?: number | undefined;
    pagesize: number;
    page: number;
  },
) {
  const seen = await parentViewpoint(ctx, parentId, query.time_diff);
  const range = rangeOf(query, seen);
  const [rows, total] = await Promise.all([
    findRechargeOrders(ctx.db, parentId, range, {
      limit: query.pagesize,
      offset: (query.page - 1) * query.pagesize,
    }),
    countRechargeOrders(ctx.db, parentId, range),
  ]);
  return {
    data: rows.map((row) => ({
      order_no: row.order_no,
      created_at: stamp(row.paid_at ?? row.created_at, seen),
      price: toMajor(row.amount_minor),
      currency: row.currency,
      quantity: row.quantity + row.extra_quantity,
    })),
    total,
  };
}

const PAY_STATUS = { pending: 0, paid: 1, cancelled: 2, expired: 2, refunded: 3 } as const;

/** `getChargesList`: orders that were paid, refunded or cancelled, newest first. */
export async function getCharges(
  ctx: AppContext,
  parentId: number,
  query: { pagesize: number; page: number },
  language: Language,
) {
  const parent = await requireParent(ctx, parentId);
  const [rows, total] = await Promise.all([
    findChargeOrders(ctx.db, parentId, {
      limit: query.pagesize,
      offset: (query.page - 1) * query.pagesize,
    }),
    countChargeOrders(ctx.db, parentId),
  ]);
  return {
    data_info: rows.map((row) => ({
      order_no: row.order_no,
      date: dayInZone(parent.time_zone, row.paid_at ?? row.created_at),
      title: pick(language, row.title_en, row.title_zh),
      amount: toMajor(row.amount_minor),
      currency: row.currency,
      currency_symbol: currencySymbol(row.currency),
      pay_status: PAY_STATUS[row.status],
    })),
    total,
  };
}

function toMyPlan(row: MembershipRow, zone: string | null, language: Language, planId = 0): MyPlan {
  return {
    plan_id: planId,
    title: pick(language, row.title_en, row.title_zh),
    kids: row.kids,
    price: toMajor(row.price_minor),
    currency: row.currency,
    renew_at: row.subscription_id ? dayInZone(zone, row.ends_at) : '',
    expire_at: dayInZone(zone, row.ends_at),
    member_pay_method_type: row.pay_method_type,
    member_pay_method_name: row.pay_method_name,
    is_auto_renew: Boolean(row.subscription_id),
  };
}

/** `getMyPlanList`: the active plan (Pass Information), empty for non-members. */
export async function getMyPlans(ctx: AppContext, parentId: number, language: Language) {
  const parent = await requireParent(ctx, parentId);
  const plans = await activePlansAt(ctx.db, parentId, ctx.clock.now());
  return Promise.all(
    plans.map(async (row) =>
      toMyPlan(row, parent.time_zone, language, await boughtPlanId(ctx.db, row)),
    ),
  );
}

/** The plan a membership was bought as (decision 034: plan lists mark it), 0 when unknown. */
async function boughtPlanId(db: DbOrTx, row: MembershipRow) {
  const order = row.order_id ? await findOrderById(db, row.order_id) : undefined;
  return order?.kind === 'plan' ? order.item_id : 0;
}

/**
 * `getMyChangePlan`: current and chosen plan side by side, with what changes and what the change
 * costs today — the new plan's price less the unused whole days of the current one (decision
 * 029) — or why it cannot be made now.
 */
export async function getChangePlan(
  ctx: AppContext,
  parentId: number,
  planId: number,
  language: Language,
) {
  const parent = await requireParent(ctx, parentId);
  const now = ctx.clock.now();
  const chosen = await findBuyablePlan(ctx.db, planId, now);
  if (!chosen) throw notFound('planNotFound');
  const [current] = await activePlansAt(ctx.db, parentId, now);
  const quote = current
    ? await quoteChange(ctx.db, current, chosen, now)
    : {
        periodDays: 0,
        unusedDays: 0,
        creditMinor: 0,
        amountMinor: chosen.price_minor,
        isPayable: true,
        isSamePlan: false,
      };
  const reason = quote.isSamePlan
    ? translate(language, 'planSameAsCurrent')
    : !quote.isPayable && current
      ? translate(language, 'planChangeCovered', {
          date: dayInZone(parent.time_zone, current.ends_at),
        })
      : '';
  return {
    current: current
      ? toMyPlan(current, parent.time_zone, language, await boughtPlanId(ctx.db, current))
      : null,
    chosen: toPlan(chosen, language),
    price_change: toMajor(chosen.price_minor - (current?.price_minor ?? 0)),
    kids_change: chosen.kids - (current?.kids ?? 0),
    starts_at: dayInZone(parent.time_zone, now),
    unused_days: quote.unusedDays,
    period_days: quote.periodDays,
    credit: toMajor(quote.creditMinor),
    amount_due: toMajor(Math.max(0, quote.amountMinor)),
    new_expire_at: dayInZone(parent.time_zone, addMonth(now)),
    can_change: reason === '',
    reason,
  };
}

const STATEMENT_STATUS = [
  'statementScheduled',
  'statementOnAir',
  'statementCompleted',
  'statementCancelled',
] as const;

/**
 * `getStudentLessonLog` (MonthyuStatement): the month's lessons (the current month until one is
 * chosen) with the credits each required and actually consumed.
 */
export async function getLessonLog(
  ctx: AppContext,
  parentId: number,
  query: {
    pagesize: number;
    page: number;
    month?: string | undefined;
    student_sn?: string | undefined;
    time_diff?: number | undefined;
  },
  language: Language,
) {
  await requireParent(ctx, parentId);
  // The month and every time in the parent's viewpoint, as on every other screen (decision 035).
  const seen = await parentViewpoint(ctx, parentId, query.time_diff);
  const { from, to } = localMonthBounds(query.month, ctx.clock.now(), seen);
  const studentId = query.student_sn
    ? await requireOwnChildId(ctx, parentId, query.student_sn)
    : undefined;
  const range = { from, to, ...(studentId === undefined ? {} : { studentId }) };
  const [rows, total] = await Promise.all([
    findStatementLessons(ctx.db, parentId, range, {
      limit: query.pagesize,
      offset: (query.page - 1) * query.pagesize,
    }),
    countStatementLessons(ctx.db, parentId, range),
  ]);
  const consumed = await consumedByLesson(
    ctx.db,
    parentId,
    rows.map((row) => row.lesson.id),
  );
  const now = ctx.clock.now().getTime();
  return {
    data_info: rows.map((row) => {
      const lesson = row.lesson;
      const status = lessonStatus(
        {
          startMs: lesson.starts_at.getTime(),
          endMs: lesson.ends_at.getTime(),
          cancelled: lesson.cancelled_at !== null,
          onLeave: lesson.leave_at !== null,
        },
        now,
      );
      const key = lesson.leave_at
        ? 'statementLeave'
        : status === 2 && !lesson.entered_at
          ? 'statementNoShow'
          : STATEMENT_STATUS[status];
      return {
        datetime: stamp(lesson.starts_at, seen),
        student: row.nickname,
        class: pick(language, row.subject_en, row.subject_zh),
        class_type: CLASS_TYPE_LABELS[row.class_type][language],
        credit: consumed.get(lesson.id) ?? 0,
        requried_credit: lesson.required_credit,
        status: translate(language, key),
      };
    }),
    total,
  };
}
