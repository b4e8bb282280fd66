import { z } from 'zod';
import type { PaymentEvent } from './payments';

const Id = z.string().min(1).max(255);
const Ref = z
  .union([Id, z.object({ id: Id })])
  .transform((ref) => (typeof ref === 'string' ? ref : ref.id));

const EventSchema = z.object({
  id: Id,
  type: z.string().max(100),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

const SessionSchema = z.object({
  id: Id,
  payment_status: z.string(),
  amount_total: z.number().int(),
  currency: z.string(),
  client_reference_id: z.string().nullable().optional(),
  metadata: z.object({ order_no: z.string(), user_sn: z.string() }),
  subscription: Ref.nullable().optional(),
});

const InvoiceSchema = z.object({
  id: Id,
  amount_paid: z.number().int(),
  currency: z.string(),
  billing_reason: z.string().nullable().optional(),
  period_end: z.number().int(),
  // Where the subscription sits moved between API versions; read both.
  subscription: Ref.nullable().optional(),
  parent: z
    .object({ subscription_details: z.object({ subscription: Ref }).nullable().optional() })
    .nullable()
    .optional(),
  lines: z
    .object({ data: z.array(z.object({ period: z.object({ end: z.number().int() }) })) })
    .optional(),
});

const RefundSchema = z.object({
  id: Id,
  status: z.string().nullable().optional(),
  amount: z.number().int(),
  currency: z.string(),
  failure_reason: z.string().nullable().optional(),
  metadata: z.record(z.string(), z.string()).nullable().optional(),
});

const SubscriptionSchema = z.object({
  id: Id,
  cancel_at_period_end: z.boolean(),
  pause_collection: z
    .object({ behavior: z.string(), resumes_at: z.number().int().nullable().optional() })
    .nullable()
    .optional(),
});

function refundEvent(id: string, raw: unknown): PaymentEvent | null {
  const refund = RefundSchema.safeParse(raw);
  if (!refund.success) return null;
  return {
    kind: 'refund.updated',
    id,
    refundId: refund.data.id,
    status: refund.data.status ?? 'pending',
    amountMinor: refund.data.amount,
    currency: refund.data.currency.toUpperCase(),
    refundNo: refund.data.metadata?.refund_no ?? null,
    failureReason: refund.data.failure_reason ?? null,
  };
}

/**
 * Maps a Stripe event (verified already) to our terms. Shapes we do not know, or known types
 * with unexpected content, become `other` and are recorded without effect.
 */
export function toPaymentEvent(raw: unknown): PaymentEvent {
  const event = EventSchema.parse(raw);
  const object = event.data.object;
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = SessionSchema.safeParse(object);
      if (!session.success) break;
      return {
        kind: 'checkout.completed',
        id: event.id,
        sessionId: session.data.id,
        paymentStatus: session.data.payment_status,
        amountMinor: session.data.amount_total,
        currency: session.data.currency.toUpperCase(),
        orderNo: session.data.metadata.order_no,
        userSn: session.data.metadata.user_sn,
        subscriptionId: session.data.subscription ?? null,
      };
    }
    case 'checkout.session.expired': {
      const id = Id.safeParse(object.id);
      if (id.success) return { kind: 'checkout.expired', id: event.id, sessionId: id.data };
      break;
    }
    case 'invoice.paid': {
      const invoice = InvoiceSchema.safeParse(object);
      if (!invoice.success || invoice.data.billing_reason !== 'subscription_cycle') break;
      const subscriptionId =
        invoice.data.subscription ?? invoice.data.parent?.subscription_details?.subscription;
      if (!subscriptionId) break;
      const periodEnd = invoice.data.lines?.data[0]?.period.end ?? invoice.data.period_end;
      return {
        kind: 'subscription.renewed',
        id: event.id,
        subscriptionId,
        invoiceId: invoice.data.id,
        amountMinor: invoice.data.amount_paid,
        currency: invoice.data.currency.toUpperCase(),
        periodEnd: new Date(periodEnd * 1000),
      };
    }
    case 'refund.created':
    case 'refund.updated':
    case 'refund.failed':
    case 'charge.refund.updated': {
      const refund = refundEvent(event.id, object);
      if (refund) return refund;
      break;
    }
    case 'charge.refunded': {
      // The charge lists its refunds, newest first: the newest is the one this event is about
      // (each refund also sends its own refund.* events).
      const list = z
        .object({ refunds: z.object({ data: z.array(z.unknown()) }) })
        .safeParse(object);
      const refund = list.success ? refundEvent(event.id, list.data.refunds.data[0]) : null;
      if (refund) return refund;
      break;
    }
    case 'customer.subscription.updated': {
      const subscription = SubscriptionSchema.safeParse(object);
      if (!subscription.success) break;
      const resumes = subscription.data.pause_collection?.resumes_at;
      return {
        kind: 'subscription.updated',
        id: event.id,
        subscriptionId: subscription.data.id,
        cancelAtPeriodEnd: subscription.data.cancel_at_period_end,
        pauseResumesAt: subscription.data.pause_collection
          ? resumes
            ? new Date(resumes * 1000)
            : null
          : null,
      };
    }
    case 'customer.subscription.deleted': {
      const id = Id.safeParse(object.id);
      if (id.success) return { kind: 'subscription.ended', id: event.id, subscriptionId: id.data };
      break;
    }
  }
  return { kind: 'other', id: event.id, type: event.type };
}
