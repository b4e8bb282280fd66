import type { AppContext } from '../../app-context';
import type { Transaction } from '../../db/client';
import type { PaymentEvent, PaymentProvider } from '../../providers/payments/payments';
import { AppError } from '../../lib/app-error';
import { grantPurchasedCredits, restoreRefundedCredits } from '../credits/ledger.service';
import {
  endSubscription,
  getMembershipAt,
  renewSubscription,
  startMembership,
} from '../membership/membership.service';
import { findParentById } from '../parents/parents.service';
import {
  findParentOfSession,
  lockOrderOfSession,
  lockParent,
  recordPaymentEvent,
  setPaymentEventOutcome,
  updateOrder,
  type OrderRow,
} from './orders.repository';
import { mirrorCancelAtPeriodEnd } from './plan-pause.repository';
import { sendRefundReceipt } from './refund-receipt';
import {
  addRefundedToOrder,
  findRefundByNo,
  insertSubscriptionPayment,
  latestSubscriptionPayment,
  settleRefund,
  type RefundRow,
} from './refunds.repository';

/** What a notification did; recorded beside its id. */
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
  | 'updated'
  | 'refunded'
  | 'refund_confirmed'
  | 'refund_failed'
  | 'ignored';

/**
 * Acts on a verified notification exactly once (docs/product.md → Payments). Its id is recorded
 * first; a redelivery stops there. A checkout is fulfilled only when paid and when amount,
 * currency, order number and parent match our order row, in the same transaction as the
 * ledger or plan write. Notifications are the only way anything is granted.
 */
export async function handlePaymentEvent(
  ctx: Pick<AppContext, 'db' | 'clock' | 'providers'>,
  event: PaymentEvent,
): Promise<PaymentOutcome> {
  const provider = ctx.providers.payments.kind;
  const handled = await ctx.db.transaction(async (tx) => {
    const recorded = await recordPaymentEvent(tx, {
      provider,
      event_id: event.id,
      type: event.kind === 'other' ? event.type : event.kind,
      outcome: 'received',
      detail: detailOf(event),
    });
    if (recorded === undefined) return { outcome: 'duplicate' as const };
    const applied = await applyEvent(tx, ctx.providers.payments, event, ctx.clock.now());
    await setPaymentEventOutcome(tx, recorded, applied.outcome, applied.orderId);
    return applied;
  });
  // The parent's receipt, once: only the notification that confirmed the refund sends it.
  if (handled.outcome === 'refund_confirmed' && handled.refund)
    await sendRefundReceipt(ctx, handled.refund);
  return handled.outcome;
}

/** What a notification said, kept beside it for the console (decision 048). */
export function detailOf(event: PaymentEvent): Record<string, unknown> {
  switch (event.kind) {
    case 'checkout.completed':
      return {
        sessionId: event.sessionId,
        amountMinor: event.amountMinor,
        currency: event.currency,
        orderNo: event.orderNo,
        userSn: event.userSn,
        paymentStatus: event.paymentStatus,
        subscriptionId: event.subscriptionId,
      };
    case 'checkout.expired':
      return { sessionId: event.sessionId };
    case 'subscription.renewed':
      return {
        subscriptionId: event.subscriptionId,
        invoiceId: event.invoiceId,
        amountMinor: event.amountMinor,
        currency: event.currency,
        periodEnd: event.periodEnd.toISOString(),
      };
    case 'subscription.ended':
      return { subscriptionId: event.subscriptionId };
    case 'subscription.updated':
      return {
        subscriptionId: event.subscriptionId,
        cancelAtPeriodEnd: event.cancelAtPeriodEnd,
        pauseResumesAt: event.pauseResumesAt?.toISOString() ?? null,
      };
    case 'refund.updated':
      return {
        refundId: event.refundId,
        status: event.status,
        amountMinor: event.amountMinor,
        currency: event.currency,
        refundNo: event.refundNo,
        failureReason: event.failureReason,
      };
    default:
      return {};
  }
}

interface Applied {
  outcome: PaymentOutcome;
  orderId?: number;
  /** A refund this notification confirmed (its receipt goes out after commit). */
  refund?: RefundRow;
}

async function applyEvent(
  tx: Transaction,
  payments: PaymentProvider,
  event: PaymentEvent,
  now: Date,
): Promise<Applied> {
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
      const [renewed] = await renewSubscription(tx, event.subscriptionId, event.periodEnd, now);
      if (!renewed) return { outcome: 'ignored' };
      // Revenue in the books, and what a plan cancelled at once refunds from (once per invoice).
      await insertSubscriptionPayment(tx, {
        provider,
        invoice_id: event.invoiceId,
        subscription_id: event.subscriptionId,
        membership_id: renewed.id,
        parent_id: renewed.parent_id,
        amount_minor: event.amountMinor,
        currency: event.currency,
        period_end: event.periodEnd,
        paid_at: now,
      });
      return { outcome: 'renewed', ...(renewed.order_id ? { orderId: renewed.order_id } : {}) };
    }
    case 'refund.updated':
      return applyRefundUpdate(tx, provider, event, now);
    case 'subscription.ended':
      // The provider ends the subscription when the paid month is over: the plan stops then.
      return {
        outcome: (await endSubscription(tx, event.subscriptionId, now)) ? 'ended' : 'ignored',
      };
    case 'subscription.updated': {
      // Renewals stopping or starting again at the provider (our own cancellation, the
      // parent's or staff's, or the provider's dashboard): mirrored by a conditional update,
      // so a replay or a second event changes nothing. A pause moves nothing here: the plan's
      // expiry moved when the pause was taken (plan-pause.service), once per period.
      const changed = await mirrorCancelAtPeriodEnd(
        tx,
        event.subscriptionId,
        event.cancelAtPeriodEnd,
        now,
      );
      const orderId = changed[0]?.order_id;
      return { outcome: changed.length ? 'updated' : 'ignored', ...(orderId ? { orderId } : {}) };
    }
    default:
      return { outcome: 'ignored' };
  }
}

/**
 * A staff refund's news (decision 048): final only when the provider says so. The conditional
 * update moves a refund out of `requested` once, so any number of notifications about it
 * (replays, refund.updated and charge.refund.updated alike) confirm or fail it once.
 */
async function applyRefundUpdate(
  tx: Transaction,
  provider: string,
  event: Extract<PaymentEvent, { kind: 'refund.updated' }>,
  now: Date,
): Promise<Applied> {
  const succeeded = event.status === 'succeeded';
  const failed = event.status === 'failed' || event.status === 'canceled';
  if (!succeeded && !failed) return { outcome: 'ignored' };
  const settled = await settleRefund(
    tx,
    provider,
    event.refundId,
    succeeded
      ? { status: 'succeeded', confirmed_at: now }
      : {
          status: 'failed',
          failure_reason: event.failureReason ?? event.status,
          confirmed_at: null,
        },
  );
  if (!settled) {
    // One of ours not yet visible: the refund's transaction is still open (Stripe can notify
    // before we stored its id). Answering an error makes the provider deliver it again.
    if (event.refundNo?.startsWith(REFUND_NO_PREFIX) && !(await findRefundByNo(tx, event.refundNo)))
      throw new AppError('UNAVAILABLE', 'paymentUnavailable');
    return { outcome: 'ignored' };
  }
  if (failed) {
    await restoreRefundedCredits(
      tx,
      { parentId: settled.parent_id, refundNo: settled.refund_no },
      now,
    );
    return { outcome: 'refund_failed', orderId: settled.order_id };
  }
  // A plan cancelled at once may be refunded from a renewal's invoice, not from the order.
  const fromRenewal =
    settled.membership_id !== null &&
    (await latestSubscriptionPayment(tx, settled.membership_id, settled.requested_at)) !==
      undefined;
  if (!fromRenewal) await addRefundedToOrder(tx, settled.order_id, settled.amount_minor, now);
  return { outcome: 'refund_confirmed', orderId: settled.order_id, refund: settled };
}

/** Our refund numbers start so (`RF` + day + random); the notification names them back. */
export const REFUND_NO_PREFIX = 'RF';

/**
 * A payment that needs attention, fulfilled by hand (decision 048): the order becomes paid with
 * that session and grants exactly what a matching notification would. The caller holds the
 * parent's and the order's locks and checked the order is unpaid.
 */
export async function fulfilOrderByHand(
  tx: Transaction,
  order: OrderRow,
  payment: { sessionId: string; payMethod: number; subscriptionId: string | null },
  now: Date,
) {
  await updateOrder(tx, order.id, {
    status: 'paid',
    paid_at: now,
    checkout_session_id: payment.sessionId,
    pay_method: payment.payMethod,
    subscription_id: payment.subscriptionId,
    updated_at: now,
  });
  await grant(tx, { ...order, pay_method: payment.payMethod }, payment.subscriptionId, now);
}

/** What a paid order gives: a month of the plan, or credits (paid + free extra). */
async function grant(tx: Transaction, order: OrderRow, subscriptionId: string | null, now: Date) {
  if (order.kind === 'plan') {
    await startMembership(
      tx,
      {
        parentId: order.parent_id,
        title: { en: order.title_en, zh: order.title_zh },
        kids: order.kids,
        memberType: 1,
        // The plan's monthly price: a change paid less only by the credit of the old plan.
        priceMinor: order.amount_minor + order.credit_minor,
        currency: order.currency,
        payMethodType: order.pay_method,
        payMethodName: order.pay_method === 2 ? 'Alipay' : 'Card',
        orderId: order.id,
        subscriptionId,
      },
      now,
    );
    return;
  }
  await grantPurchasedCredits(
    tx,
    {
      parentId: order.parent_id,
      orderNo: order.order_no,
      quantity: order.quantity,
      extraQuantity: order.extra_quantity,
      title: { en: order.title_en, zh: order.title_zh },
    },
    now,
  );
}
