import { and, desc, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  checkoutSessions,
  orders,
  paymentEvents,
  refunds,
  staff,
  subscriptionPayments,
} from '../../db/schema';

export type RefundRow = typeof refunds.$inferSelect;
export type PaymentEventRow = typeof paymentEvents.$inferSelect;

export async function findOrderByNo(db: DbOrTx, orderNo: string) {
  const [row] = await db.select().from(orders).where(eq(orders.order_no, orderNo));
  return row;
}

export async function lockOrderById(db: DbOrTx, id: number) {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).for('update');
  return row;
}

export async function findRefundByKey(db: DbOrTx, idempotencyKey: string) {
  const [row] = await db.select().from(refunds).where(eq(refunds.idempotency_key, idempotencyKey));
  return row;
}

export async function insertRefund(db: DbOrTx, row: typeof refunds.$inferInsert) {
  const [inserted] = await db.insert(refunds).values(row).returning();
  return inserted!;
}

export async function updateRefund(db: DbOrTx, id: number, patch: Partial<RefundRow>) {
  const [row] = await db.update(refunds).set(patch).where(eq(refunds.id, id)).returning();
  return row!;
}

/** Money given back or on its way (refunds not failed), and credits taken back, of an order. */
export async function refundTotalsOfOrder(db: DbOrTx, orderId: number) {
  const [row] = await db
    .select({
      amount: sql<string>`coalesce(sum(${refunds.amount_minor}), 0)`,
      credits: sql<string>`coalesce(sum(${refunds.credits_taken_back}), 0)`,
    })
    .from(refunds)
    .where(and(eq(refunds.order_id, orderId), ne(refunds.status, 'failed')));
  return { amount: Number(row?.amount ?? 0), credits: Number(row?.credits ?? 0) };
}

/**
 * Settles a requested refund once: answers the row only when this call moved it from
 * `requested` (different notifications confirming one refund count once).
 */
export async function settleRefund(
  db: DbOrTx,
  provider: string,
  providerRefundId: string,
  patch: Pick<RefundRow, 'status'> & Partial<RefundRow>,
) {
  const [row] = await db
    .update(refunds)
    .set(patch)
    .where(
      and(
        eq(refunds.provider, provider),
        eq(refunds.provider_refund_id, providerRefundId),
        eq(refunds.status, 'requested'),
      ),
    )
    .returning();
  return row;
}

export async function findRefundByNo(db: DbOrTx, refundNo: string) {
  const [row] = await db.select().from(refunds).where(eq(refunds.refund_no, refundNo));
  return row;
}

export async function findRefundById(db: DbOrTx, id: number) {
  const [row] = await db.select().from(refunds).where(eq(refunds.id, id));
  return row;
}

export async function addRefundedToOrder(db: DbOrTx, orderId: number, amount: number, now: Date) {
  await db
    .update(orders)
    .set({
      refunded_minor: sql`least(${orders.amount_minor}, ${orders.refunded_minor} + ${amount})`,
      status: sql`case when ${orders.refunded_minor} + ${amount} >= ${orders.amount_minor} then 'refunded' else ${orders.status} end`,
      refunded_at: sql`case when ${orders.refunded_minor} + ${amount} >= ${orders.amount_minor} then ${now.toISOString()}::timestamptz else ${orders.refunded_at} end`,
      updated_at: now,
    })
    .where(eq(orders.id, orderId));
}

export async function findSessionOfOrder(db: DbOrTx, orderId: number, sessionId: string) {
  const [row] = await db
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.order_id, orderId), eq(checkoutSessions.session_id, sessionId)));
  return row;
}

export async function staffNames(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db
    .select({ id: staff.id, name: staff.name })
    .from(staff)
    .where(inArray(staff.id, ids));
  return new Map(rows.map((row) => [row.id, row.name]));
}

// Payment notifications -----------------------------------------------------------------------

export async function lockPaymentEvent(db: DbOrTx, id: number) {
  const [row] = await db.select().from(paymentEvents).where(eq(paymentEvents.id, id)).for('update');
  return row;
}

export async function resolvePaymentEvent(
  db: DbOrTx,
  id: number,
  resolution: 'fulfilled' | 'refunded',
  staffId: number,
  now: Date,
) {
  await db
    .update(paymentEvents)
    .set({ resolution, resolved_at: now, resolved_by: staffId })
    .where(eq(paymentEvents.id, id));
}

// Renewals ------------------------------------------------------------------------------------

/** A renewal paid at the provider, once per invoice. */
export async function insertSubscriptionPayment(
  db: DbOrTx,
  row: typeof subscriptionPayments.$inferInsert,
) {
  await db
    .insert(subscriptionPayments)
    .values(row)
    .onConflictDoNothing({
      target: [subscriptionPayments.provider, subscriptionPayments.invoice_id],
    });
}

/** The membership's latest renewal paid by `at` (its current period's payment), if any. */
export async function latestSubscriptionPayment(db: DbOrTx, membershipId: number, at: Date) {
  const [row] = await db
    .select()
    .from(subscriptionPayments)
    .where(
      and(
        eq(subscriptionPayments.membership_id, membershipId),
        lte(subscriptionPayments.paid_at, at),
      ),
    )
    .orderBy(desc(subscriptionPayments.paid_at), desc(subscriptionPayments.id))
    .limit(1);
  return row;
}
