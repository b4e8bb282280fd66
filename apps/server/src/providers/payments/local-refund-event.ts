import { randomBytes } from 'node:crypto';

/** A refund the local provider "made" (`lre_…`), as its notification tells it. */
export interface LocalRefundOutcome {
  refundId: string;
  refundNo: string;
  amountMinor: number;
  /** ISO 4217, upper case. */
  currency: string;
  status: 'succeeded' | 'failed';
  now: Date;
}

/**
 * The notification the local provider sends once a staff refund is asked for: Stripe's
 * `refund.updated` shape, signed with the local secret and delivered to the same handler as a
 * real one, so the demo shows the refund confirmed as Stripe would. Answers the raw body to sign.
 */
export function localRefundEvent(outcome: LocalRefundOutcome): string {
  return JSON.stringify({
    id: `evt_local_${randomBytes(12).toString('hex')}`,
    object: 'event',
    created: Math.floor(outcome.now.getTime() / 1000),
    type: 'refund.updated',
    data: {
      object: {
        id: outcome.refundId,
        object: 'refund',
        amount: outcome.amountMinor,
        currency: outcome.currency.toLowerCase(),
        status: outcome.status,
        failure_reason: outcome.status === 'failed' ? 'unknown' : null,
        metadata: { refund_no: outcome.refundNo },
      },
    },
  });
}
