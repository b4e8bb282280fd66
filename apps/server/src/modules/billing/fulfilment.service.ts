import type { AppContext } from '../../app-context';
import type { Transaction } from '../../db/client';
import type { PaymentEvent, PaymentProvider } from '../../providers/payments/payments';
import { grantPurchasedCredits } from '../credits/ledger.service';
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
  | 'refunded'
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
    case 'subscription.renewed':
      return {
        outcome: (await renewSubscription(tx, event.subscriptionId, event.periodEnd, now))
          ? 'renewed'
          : 'ignored',
      };
    case 'subscription.ended':
      // The provider ends the subscription when the paid month is over: the plan stops then.
      return {
        outcome: (await endSubscription(tx, event.subscriptionId, now)) ? 'ended' : 'ignored',
      };
    default:
      return { outcome: 'ignored' };
  }
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
