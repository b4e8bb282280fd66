import { randomBytes } from 'node:crypto';

/** What the local checkout page's Pay or Cancel says about one of its sessions. */
export interface LocalCheckoutOutcome {
  sessionId: string;
  action: 'pay' | 'cancel';
  orderNo: string;
  /** The order's own amount, in minor units, and its currency (ISO 4217, upper case). */
  amountMinor: number;
  currency: string;
  userSn: string;
  now: Date;
}

/**
 * The notification the local checkout sends when Pay or Cancel is pressed: Stripe's event shape
 * (`checkout.session.completed` / `.expired`) with the order's own amount, so it goes through the
 * same signature check and the same fulfilment as a real one. Answers the raw body to sign.
 */
export function localCheckoutEvent(outcome: LocalCheckoutOutcome): string {
  const paid = outcome.action === 'pay';
  return JSON.stringify({
    id: `evt_local_${randomBytes(12).toString('hex')}`,
    object: 'event',
    created: Math.floor(outcome.now.getTime() / 1000),
    type: paid ? 'checkout.session.completed' : 'checkout.session.expired',
    data: {
      object: {
        id: outcome.sessionId,
        object: 'checkout.session',
        payment_status: paid ? 'paid' : 'unpaid',
        amount_total: outcome.amountMinor,
        currency: outcome.currency.toLowerCase(),
        client_reference_id: outcome.orderNo,
        metadata: { order_no: outcome.orderNo, user_sn: outcome.userSn },
        subscription: null,
      },
    },
  });
}
