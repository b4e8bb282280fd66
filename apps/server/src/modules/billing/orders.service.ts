import { randomBytes } from 'node:crypto';
import { MAX_OPEN_ORDERS, ORDER_LIFETIME_MINUTES } from '@portal/shared/billing';
import type { AppContext } from '../../app-context';
import { AppError, conflict, notFound, unauthenticated } from '../../lib/app-error';
import { dayInZone } from '../../lib/time';
import { addMonth, getMembership, getMembershipAt } from '../membership/membership.service';
import { findParentById } from '../parents/parents.service';
import {
  countPendingOrders,
  countSessionsOfOrder,
  expirePendingOrders,
  findOpenSession,
  findOwnOrder,
  findPendingOrder,
  findPendingPlanOrder,
  insertCheckoutSession,
  insertOrder,
  lockOrder,
  lockParent,
  updateOrder,
  type NewOrderRow,
  type OrderRow,
} from './orders.repository';
import { quoteChange } from './plans.service';
import { findActivePackage, findBuyablePlan, findGood, findPlan } from './shop.repository';
import type { Bilingual } from './shop.service';

/** One of the parent's orders, as CompletePayment and paySuccess show it (spec §3 Order). */
export interface Order {
  orderNo: string;
  kind: OrderRow['kind'];
  status: OrderRow['status'];
  title: Bilingual;
  /** A plan's points, one a line; null for credits, or when the plan is gone. */
  planDetails: Bilingual | null;
  amountMinor: number;
  /** A change of plan: the unused part of the current plan, taken off the price (decision 029). */
  creditMinor: number;
  currency: string;
  quantity: number;
  extraQuantity: number;
  /** A plan: when the month bought ends (the plan held, once paid); null for credits. */
  memberEndsAt: Date | null;
  /** Who pays: as confirmed on the order, else the parent's profile. */
  payer: { name: string; mobile: string; email: string };
  payMethod: number;
  /** How it was paid ("Visa •••• 4242") once paid; null before. */
  payMethodName: string | null;
  /** Decision 034: when it was paid, or made (unpaid). */
  date: Date;
  /** Decision 034: a plan at its full price renews monthly; a change of plan and credits are paid once. */
  isRecurring: boolean;
  /** What each renewal costs (the plan's monthly price), else 0. */
  renewalPriceMinor: number;
  /** The parent's calendar, in which the order's days are shown. */
  timeZone: string | null;
}

/** A hosted checkout opened for an order. */
export interface Checkout {
  sessionId: string;
  url: string;
}

/** How the payer reads an order's title on the provider's page (the edge picks the language). */
export type TitleReader = (title: Bilingual) => string;

/** An order row as the parent's order (module-internal: the local checkout shows it too). */
export async function toOrder(ctx: AppContext, order: OrderRow): Promise<Order> {
  const parent = await findParentById(ctx.db, order.parent_id);
  const isRecurring = order.kind === 'plan' && order.credit_minor === 0;
  let planDetails: Bilingual | null = null;
  let memberEndsAt: Date | null = null;
  if (order.kind === 'plan') {
    const membership = await getMembership(ctx, order.parent_id);
    const plan = await findPlan(ctx.db, order.item_id);
    planDetails = plan ? { en: plan.details_en, zh: plan.details_zh } : null;
    memberEndsAt =
      order.status === 'paid' && membership.expires_at
        ? membership.expires_at
        : addMonth(order.paid_at ?? ctx.clock.now());
  }
  return {
    orderNo: order.order_no,
    kind: order.kind,
    status: order.status,
    title: { en: order.title_en, zh: order.title_zh },
    planDetails,
    amountMinor: order.amount_minor,
    creditMinor: order.credit_minor,
    currency: order.currency,
    quantity: order.quantity,
    extraQuantity: order.extra_quantity,
    memberEndsAt,
    payer: {
      name: order.username ?? parent?.name ?? '',
      mobile: order.mobile ?? parent?.mobile ?? '',
      email: order.email ?? parent?.email ?? '',
    },
    payMethod: order.pay_method,
    payMethodName: order.status === 'paid' ? order.pay_method_name : null,
    date: order.paid_at ?? order.created_at,
    isRecurring,
    renewalPriceMinor: isRecurring ? order.amount_minor : 0,
    timeZone: parent?.time_zone ?? null,
  };
}

function newOrderNo() {
  // Sortable by time for support staff, unguessable by the random tail.
  const stamp = new Date().toISOString().slice(0, 10).replaceAll('-', '');
  return `O${stamp}${randomBytes(5).toString('hex').toUpperCase()}`;
}

/** The parent's row; a parent who is gone is signed out. */
export async function requireParent(ctx: AppContext, parentId: number) {
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
  change = false,
): Promise<Order> {
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
        // The message names the day the current plan ends, on the parent's calendar.
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
  return toOrder(ctx, order);
}

/** `buyCredit`: the open order for a "Pay as You Go" credit good, or a new one. */
export async function orderGood(ctx: AppContext, parentId: number, goodId: number) {
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
  return toOrder(ctx, order);
}

/** Whether an order can still be paid: pending and not past its expiry. */
export const isPayable = (order: OrderRow, now: Date) =>
  order.status === 'pending' && order.expires_at > now;

export async function getOrder(ctx: AppContext, parentId: number, orderNo: string) {
  const order = await findOwnOrder(ctx.db, parentId, orderNo);
  if (!order) throw notFound('orderNotFound');
  return toOrder(ctx, order);
}

/** Who pays for an order and how (CompletePayment's form). */
export interface Payer {
  orderNo: string;
  name: string;
  mobile: string;
  email: string;
  /** 1 card, 2 mobile wallet (spec §9). */
  payMethod: number;
}

/** `confirmOrder`: the payer's name, phone, e-mail and method on a pending order. */
export async function confirmOrder(ctx: AppContext, parentId: number, payer: Payer) {
  const order = await findOwnOrder(ctx.db, parentId, payer.orderNo);
  if (!order) throw notFound('orderNotFound');
  if (!isPayable(order, ctx.clock.now())) throw conflict('orderNotPayable');
  await updateOrder(ctx.db, order.id, {
    username: payer.name,
    mobile: payer.mobile,
    email: payer.email,
    pay_method: payer.payMethod,
    updated_at: ctx.clock.now(),
  });
  return getOrder(ctx, parentId, order.order_no);
}

/**
 * Opens (or reopens) the hosted checkout of a pending order, under the order's row lock: a
 * session opened with the same pay method that still has half its life is reused, so double
 * clicks and parallel tabs never make two payable sessions. Opening one moves the order's
 * expiry to the session's (decision 029).
 */
async function checkoutFor(ctx: AppContext, orderId: number, readTitle: TitleReader) {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx): Promise<Checkout> => {
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
      title: readTitle({ en: order.title_en, zh: order.title_zh }),
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
  readTitle: TitleReader,
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
  return checkoutFor(ctx, order.id, readTitle);
}

/** `stripePayment`: the checkout of an order made before (plan or credit good). */
export async function checkoutOrder(
  ctx: AppContext,
  parentId: number,
  orderNo: string,
  readTitle: TitleReader,
) {
  const order = await findOwnOrder(ctx.db, parentId, orderNo);
  if (!order) throw notFound('orderNotFound');
  return checkoutFor(ctx, order.id, readTitle);
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
