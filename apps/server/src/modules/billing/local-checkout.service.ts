import type { AppContext } from '../../app-context';
import { conflict, notFound } from '../../lib/app-error';
import { localCheckoutEvent } from '../../providers/payments/local-checkout-event';
import { findOwnSession } from './orders.repository';
import { isPayable, requireParent, toOrder } from './orders.service';

/*
 * The local checkout page (docs/architecture.md → Outside services): the offline stand-in for
 * the provider's hosted checkout, whose Pay and Cancel send a notification in Stripe's format.
 */

/** The order behind one of the parent's local checkout sessions. */
export async function getLocalCheckout(ctx: AppContext, parentId: number, sessionId: string) {
  const found = await findOwnSession(ctx.db, parentId, sessionId);
  if (!found || found.session.provider !== 'local') throw notFound('orderNotFound');
  return { sessionId, order: await toOrder(ctx, found.order) };
}

/**
 * Pay or Cancel on the local checkout page: the notification to deliver (unsigned, in Stripe's
 * format, providers/payments/local-checkout-event.ts) for a session of the parent's that can
 * still be paid.
 */
export async function localCheckoutNotification(
  ctx: AppContext,
  parentId: number,
  sessionId: string,
  action: 'pay' | 'cancel',
): Promise<{ payload: string; orderNo: string }> {
  const found = await findOwnSession(ctx.db, parentId, sessionId);
  if (!found || found.session.provider !== 'local') throw notFound('orderNotFound');
  if (!isPayable(found.order, ctx.clock.now())) throw conflict('orderNotPayable');
  const parent = await requireParent(ctx, parentId);
  const payload = localCheckoutEvent({
    sessionId,
    action,
    orderNo: found.order.order_no,
    amountMinor: found.order.amount_minor,
    currency: found.order.currency,
    userSn: parent.user_sn,
    now: ctx.clock.now(),
  });
  return { payload, orderNo: found.order.order_no };
}
