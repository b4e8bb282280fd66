import { randomBytes } from 'node:crypto';
import type { Refund, RefundPreview } from '@portal/shared/staff';
import type { AppContext } from '../../app-context';
import type { Transaction } from '../../db/client';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import type { PaymentRefundRequest } from '../../providers/payments/payments';
import type { LocalPaymentProvider } from '../../providers/payments/local-payments';
import { localRefundEvent } from '../../providers/payments/local-refund-event';
import { recordAudit } from '../audit/audit.service';
import { takeBackRefundedCredits } from '../credits/ledger.service';
import { getCreditBalance } from '../credits/corrections.service';
import { fulfilOrderByHand, handlePaymentEvent, REFUND_NO_PREFIX } from './fulfilment.service';
import { findOrderById, lockParent, type OrderRow } from './orders.repository';
import {
  findOrderByNo,
  findRefundByKey,
  findSessionOfOrder,
  insertRefund,
  latestSubscriptionPayment,
  lockOrderById,
  lockPaymentEvent,
  refundTotalsOfOrder,
  resolvePaymentEvent,
  staffNames,
  updateRefund,
  type RefundRow,
} from './refunds.repository';

/*
 * Staff refunds (issue #23, decision 048): money given back through the provider, credits taken
 * back from the parent's balance in the same transaction, final only when the provider's
 * notification confirms it (fulfilment.service.ts applyRefundUpdate).
 */

type Ctx = Pick<AppContext, 'db' | 'clock' | 'providers'>;

export interface MoneyActor {
  staffId: number;
  ip: string | null;
}

function newRefundNo(now: Date) {
  const stamp = now.toISOString().slice(0, 10).replaceAll('-', '');
  return `${REFUND_NO_PREFIX}${stamp}${randomBytes(4).toString('hex').toUpperCase()}`;
}

/** The credits the order granted: paid + free extra (a plan grants none). */
const grantedOf = (order: OrderRow) =>
  order.kind === 'plan' ? 0 : order.quantity + order.extra_quantity;

async function refundFigures(tx: Transaction | Ctx['db'], order: OrderRow, amount: number) {
  const totals = await refundTotalsOfOrder(tx, order.id);
  const balance = await getCreditBalance({ db: tx }, order.parent_id);
  const refundable = Math.max(0, order.amount_minor - totals.amount);
  const creditsGranted = grantedOf(order);
  const creditsLeft = Math.max(0, creditsGranted - totals.credits);
  const creditsAvailable = Math.max(0, balance.available);
  const creditsTakeable = Math.min(creditsLeft, creditsAvailable);
  // The credits left match the money left: `amount` of it is worth this share (rounded up).
  const suggestedCredits =
    refundable > 0 ? Math.min(creditsLeft, Math.ceil((creditsLeft * amount) / refundable)) : 0;
  const amountForTakeable =
    creditsLeft > 0 ? Math.floor((refundable * creditsTakeable) / creditsLeft) : refundable;
  return {
    amount,
    refundable,
    currency: order.currency,
    creditsGranted,
    creditsTakenBack: totals.credits,
    creditsAvailable,
    creditsTakeable,
    suggestedCredits,
    amountForTakeable,
  } satisfies RefundPreview;
}

/** What a refund of `amount` on the order would do (the console's dialog). */
export async function previewRefund(ctx: Pick<AppContext, 'db'>, orderNo: string, amount: number) {
  const order = await findOrderByNo(ctx.db, orderNo);
  if (!order) throw notFound('orderNotFound');
  return refundFigures(ctx.db, order, amount);
}

export async function toRefund(ctx: Pick<AppContext, 'db'>, row: RefundRow): Promise<Refund> {
  const names = await staffNames(ctx.db, row.staff_id ? [row.staff_id] : []);
  return {
    refundNo: row.refund_no,
    amount: row.amount_minor,
    currency: row.currency,
    credits: row.credits_taken_back,
    status: row.status,
    reason: row.reason,
    requestedAt: row.requested_at.toISOString(),
    confirmedAt: row.confirmed_at?.toISOString() ?? null,
    failureReason: row.failure_reason,
    staff: row.staff_id ? { id: row.staff_id, name: names.get(row.staff_id) ?? '' } : null,
    isPlanCancellation: row.membership_id !== null,
  };
}

/** One refund through the engine, inside the caller's transaction (order and parent locked). */
export interface RefundOrder {
  order: OrderRow;
  amount: number;
  credits: number;
  reason: string;
  idempotencyKey: string;
  staffId: number;
  membershipId?: number | null;
  /** Default: the order's accepted checkout session. */
  source?: PaymentRefundRequest['source'];
}

/**
 * The refund engine (decision 048). Takes back the credits, records the refund, asks the
 * provider (idempotent per key) and stores its refund id — all in the caller's transaction, so
 * a provider that refuses leaves nothing behind. Answers the refund row.
 */
export async function refundInTransaction(
  tx: Transaction,
  payments: Ctx['providers']['payments'],
  request: RefundOrder,
  now: Date,
): Promise<RefundRow> {
  const { order } = request;
  const source: PaymentRefundRequest['source'] | null =
    request.source ??
    (order.checkout_session_id ? { kind: 'session', sessionId: order.checkout_session_id } : null);
  if (!source) throw conflict('refundOrderNotPaid');
  const refundNo = newRefundNo(now);
  const taken = await takeBackRefundedCredits(
    tx,
    { parentId: order.parent_id, refundNo, credits: request.credits },
    now,
  );
  const row = await insertRefund(tx, {
    refund_no: refundNo,
    order_id: order.id,
    parent_id: order.parent_id,
    membership_id: request.membershipId ?? null,
    amount_minor: request.amount,
    currency: order.currency,
    credits_taken_back: taken.paid + taken.reward,
    status: 'requested',
    provider: payments.kind,
    reason: request.reason,
    staff_id: request.staffId,
    idempotency_key: request.idempotencyKey,
    requested_at: now,
  });
  const { refundId } = await payments.refundPayment({
    source,
    amountMinor: request.amount,
    currency: order.currency,
    refundNo,
    idempotencyKey: `refund:${request.idempotencyKey}`,
  });
  return updateRefund(tx, row.id, { provider_refund_id: refundId });
}

/**
 * After commit, the local provider confirms its own refund the way Stripe would: a signed
 * `refund.updated` through the same verification and handler as any notification.
 */
export async function deliverLocalRefund(ctx: Ctx, refund: RefundRow): Promise<void> {
  if (ctx.providers.payments.kind !== 'local' || !refund.provider_refund_id) return;
  const provider = ctx.providers.payments as LocalPaymentProvider;
  const payload = localRefundEvent({
    refundId: refund.provider_refund_id,
    refundNo: refund.refund_no,
    amountMinor: refund.amount_minor,
    currency: refund.currency,
    status: 'succeeded',
    now: ctx.clock.now(),
  });
  const event = await provider.verifyNotification(payload, await provider.sign(payload));
  await handlePaymentEvent(ctx, event);
}

export interface RefundCommand {
  orderNo: string;
  amount: number;
  credits: number;
  reason: string;
  idempotencyKey: string;
}

const sameRefund = (row: RefundRow, order: OrderRow, command: RefundCommand) =>
  row.order_id === order.id &&
  row.amount_minor === command.amount &&
  row.credits_taken_back === command.credits &&
  row.reason === command.reason;

/**
 * A staff refund of an order (`money.manage`). Under the parent's and the order's locks: the
 * key, the refundable amount and the takeable credits are checked with nothing in flight, so
 * ten identical requests at once make one refund and each gets the same answer.
 */
export async function refundOrder(
  ctx: Ctx,
  actor: MoneyActor,
  command: RefundCommand,
): Promise<{ refund: Refund; replayed: boolean }> {
  const key = command.idempotencyKey.toLowerCase();
  const found = await findOrderByNo(ctx.db, command.orderNo);
  if (!found) throw notFound('orderNotFound');
  const now = ctx.clock.now();
  const result = await ctx.db.transaction(async (tx) => {
    await lockParent(tx, found.parent_id);
    const order = (await lockOrderById(tx, found.id))!;
    const earlier = await findRefundByKey(tx, key);
    if (earlier) {
      if (!sameRefund(earlier, order, command)) throw conflict('moneyKeyReused');
      return { row: earlier, replayed: true };
    }
    if (order.status !== 'paid') throw conflict('refundOrderNotPaid');
    const figures = await refundFigures(tx, order, command.amount);
    if (command.amount > figures.refundable)
      throw badRequest('refundOverRefundable', { refundable: figures.refundable });
    if (command.credits > figures.creditsTakeable)
      throw badRequest('refundOverTakeable', { takeable: figures.creditsTakeable });
    const row = await refundInTransaction(
      tx,
      ctx.providers.payments,
      {
        order,
        amount: command.amount,
        credits: command.credits,
        reason: command.reason,
        idempotencyKey: key,
        staffId: actor.staffId,
      },
      now,
    );
    await recordAudit(tx, {
      staffId: actor.staffId,
      action: 'refund.requested',
      target: { type: 'refund', id: row.refund_no },
      parentId: order.parent_id,
      ip: actor.ip,
      detail: {
        orderNo: order.order_no,
        refundNo: row.refund_no,
        amount: row.amount_minor,
        currency: row.currency,
        credits: row.credits_taken_back,
        reason: row.reason,
      },
    });
    return { row, replayed: false };
  });
  if (!result.replayed) await deliverLocalRefund(ctx, result.row);
  const current = (await findRefundByKey(ctx.db, key)) ?? result.row;
  return { refund: await toRefund(ctx, current), replayed: result.replayed };
}

// ---------------------------------------------------------------------------------------------
// Payments that need attention (decision 048)

const detailString = (detail: Record<string, unknown> | null, field: string) =>
  typeof detail?.[field] === 'string' ? detail[field] : null;
const detailNumber = (detail: Record<string, unknown> | null, field: string) =>
  typeof detail?.[field] === 'number' ? detail[field] : null;

/**
 * Fulfils or refunds a paid notification we did not fulfil, once: under the event row's lock a
 * second action (or a replay) finds it handled (409 `paymentEventHandled`).
 */
export async function handleAttention(
  ctx: Ctx,
  actor: MoneyActor,
  eventId: number,
  action: 'fulfil' | 'refund',
  reason: string,
): Promise<{ resolution: 'fulfilled' | 'refunded'; orderNo: string | null }> {
  const now = ctx.clock.now();
  const payments = ctx.providers.payments;
  return ctx.db.transaction(async (tx) => {
    const event = await lockPaymentEvent(tx, eventId);
    if (!event) throw notFound('paymentEventNotFound');
    if (event.resolved_at) throw conflict('paymentEventHandled');
    const detail = event.detail ?? null;
    const sessionId = detailString(detail, 'sessionId');
    const amount = detailNumber(detail, 'amountMinor');
    const currency = detailString(detail, 'currency');
    if (
      (event.outcome !== 'mismatch' && event.outcome !== 'unknown_session') ||
      detailString(detail, 'paymentStatus') !== 'paid' ||
      !sessionId ||
      amount === null ||
      !currency
    )
      throw conflict('paymentEventNotActionable');
    if (action === 'refund') {
      await payments.refundPayment({
        source: { kind: 'session', sessionId },
        amountMinor: amount,
        currency,
        refundNo: `attention-${event.id}`,
        idempotencyKey: `attention:${event.id}`,
      });
      let orderNo: string | null = null;
      let parentId: number | null = null;
      if (event.order_id) {
        const order = await findOrderById(tx, event.order_id);
        orderNo = order?.order_no ?? null;
        parentId = order?.parent_id ?? null;
      }
      await resolvePaymentEvent(tx, event.id, 'refunded', actor.staffId, now);
      await recordAudit(tx, {
        staffId: actor.staffId,
        action: 'refund.requested',
        target: { type: 'payment-event', id: event.id },
        parentId,
        ip: actor.ip,
        detail: { orderNo, amount, currency, credits: 0, reason },
      });
      return { resolution: 'refunded' as const, orderNo };
    }
    if (event.outcome !== 'mismatch' || !event.order_id)
      throw conflict('paymentEventNotActionable');
    const unlocked = await findOrderById(tx, event.order_id);
    if (!unlocked) throw conflict('paymentEventNotActionable');
    // The parent's row first, then the order's (as fulfilment takes them).
    await lockParent(tx, unlocked.parent_id);
    const order = (await lockOrderById(tx, event.order_id))!;
    if (!['pending', 'cancelled', 'expired'].includes(order.status))
      throw conflict('paymentEventNotActionable');
    const session = await findSessionOfOrder(tx, order.id, sessionId);
    if (!session) throw conflict('paymentEventNotActionable');
    await fulfilOrderByHand(
      tx,
      order,
      {
        sessionId,
        payMethod: session.pay_method,
        subscriptionId: detailString(detail, 'subscriptionId'),
      },
      now,
    );
    await resolvePaymentEvent(tx, event.id, 'fulfilled', actor.staffId, now);
    await recordAudit(tx, {
      staffId: actor.staffId,
      action: 'order.fulfilled',
      target: { type: 'order', id: order.order_no },
      parentId: order.parent_id,
      ip: actor.ip,
      detail: { orderNo: order.order_no, amount, currency, reason },
    });
    return { resolution: 'fulfilled' as const, orderNo: order.order_no };
  });
}

// ---------------------------------------------------------------------------------------------
// A plan's current period (for cancelling it at once)

/**
 * What was paid for a plan's current period and through what: the latest renewal paid by `at`
 * (its invoice), else the order that bought the plan (its session).
 */
export async function planPeriodPayment(
  db: Ctx['db'] | Transaction,
  membership: { id: number; order_id: number | null },
  at: Date,
): Promise<{
  order: OrderRow | null;
  paidMinor: number;
  source: PaymentRefundRequest['source'] | null;
}> {
  const order = membership.order_id ? await findOrderById(db, membership.order_id) : undefined;
  const renewal = await latestSubscriptionPayment(db, membership.id, at);
  if (renewal)
    return {
      order: order ?? null,
      paidMinor: renewal.amount_minor,
      source: { kind: 'invoice', invoiceId: renewal.invoice_id },
    };
  return {
    order: order ?? null,
    paidMinor: order ? order.amount_minor : 0,
    source: order?.checkout_session_id
      ? { kind: 'session', sessionId: order.checkout_session_id }
      : null,
  };
}

/** An earlier refund made with this form's key (a resent cancellation). */
export function findRefundOfKey(db: Ctx['db'] | Transaction, key: string) {
  return findRefundByKey(db, key.toLowerCase());
}

/** The parent's row locked for a money write (as ordering and fulfilment take it first). */
export async function lockParentForMoney(tx: Transaction, parentId: number) {
  await lockParent(tx, parentId);
}
