import { and, count, desc, eq, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { checkoutSessions, orders, parents, paymentEvents } from '../../db/schema';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrderRow = typeof orders.$inferInsert;

export async function insertOrder(db: DbOrTx, row: typeof orders.$inferInsert): Promise<OrderRow> {
  const [inserted] = await db.insert(orders).values(row).returning();
  return inserted!;
}

/** One of this parent's orders; another parent's order_no finds nothing. */
export async function findOwnOrder(db: DbOrTx, parentId: number, orderNo: string) {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.order_no, orderNo), eq(orders.parent_id, parentId)));
  return row;
}

export async function updateOrder(db: DbOrTx, id: number, patch: Partial<OrderRow>) {
  await db.update(orders).set(patch).where(eq(orders.id, id));
}

export async function insertCheckoutSession(
  db: DbOrTx,
  row: typeof checkoutSessions.$inferInsert,
): Promise<void> {
  // Stripe answers the same session to a retried idempotency key: recorded once.
  await db.insert(checkoutSessions).values(row).onConflictDoNothing();
}

/**
 * Locks the parent's row for the rest of the transaction, so one parent's orders and plan
 * fulfilments go one after another. Answers whether the parent exists.
 */
export async function lockParent(db: DbOrTx, parentId: number): Promise<boolean> {
  const rows = await db
    .select({ id: parents.id })
    .from(parents)
    .where(eq(parents.id, parentId))
    .for('update');
  return rows.length > 0;
}

/** The order locked for the rest of the transaction (opening its checkout). */
export async function lockOrder(db: DbOrTx, id: number) {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).for('update');
  return row;
}

/** The parent's pending order for one thing (unique by orders_open_item_uq). */
export async function findPendingOrder(
  db: DbOrTx,
  parentId: number,
  kind: OrderRow['kind'],
  itemId: number,
) {
  const [row] = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.parent_id, parentId),
        eq(orders.kind, kind),
        eq(orders.item_id, itemId),
        eq(orders.status, 'pending'),
      ),
    );
  return row;
}

/** The parent's pending plan order, whatever the plan (unique by orders_open_plan_uq). */
export async function findPendingPlanOrder(db: DbOrTx, parentId: number) {
  const [row] = await db
    .select()
    .from(orders)
    .where(
      and(eq(orders.parent_id, parentId), eq(orders.kind, 'plan'), eq(orders.status, 'pending')),
    );
  return row;
}

export async function countPendingOrders(db: DbOrTx, parentId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.parent_id, parentId), eq(orders.status, 'pending')));
  return row?.n ?? 0;
}

/**
 * Marks pending orders past their expiry `expired` (one parent's, or everyone's), answering
 * how many. One statement: run twice at once, the second finds them expired already.
 */
export async function expirePendingOrders(db: DbOrTx, now: Date, parentId?: number) {
  const rows = await db
    .update(orders)
    .set({ status: 'expired', updated_at: now })
    .where(
      and(
        eq(orders.status, 'pending'),
        lte(orders.expires_at, now),
        parentId === undefined ? undefined : eq(orders.parent_id, parentId),
      ),
    )
    .returning({ id: orders.id });
  return rows.length;
}

export async function countSessionsOfOrder(db: DbOrTx, orderId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(checkoutSessions)
    .where(eq(checkoutSessions.order_id, orderId));
  return row?.n ?? 0;
}

export async function findOrderById(db: DbOrTx, id: number) {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row;
}

/** The latest session opened for an order with this pay method (reused instead of a new one). */
export async function findOpenSession(db: DbOrTx, orderId: number, payMethod: number) {
  const [row] = await db
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.order_id, orderId), eq(checkoutSessions.pay_method, payMethod)))
    .orderBy(desc(checkoutSessions.id))
    .limit(1);
  return row;
}

/** The order behind a session we opened, locked for fulfilment. */
export async function lockOrderOfSession(db: DbOrTx, provider: string, sessionId: string) {
  const [row] = await sessionOrder(db, provider, sessionId).for('update', { of: orders });
  return row;
}

/** The parent whose order a session we opened is for (read before taking any lock). */
export async function findParentOfSession(db: DbOrTx, provider: string, sessionId: string) {
  const [row] = await sessionOrder(db, provider, sessionId);
  return row?.order.parent_id;
}

function sessionOrder(db: DbOrTx, provider: string, sessionId: string) {
  return db
    .select({ order: orders, session: checkoutSessions })
    .from(checkoutSessions)
    .innerJoin(orders, eq(orders.id, checkoutSessions.order_id))
    .where(and(eq(checkoutSessions.provider, provider), eq(checkoutSessions.session_id, sessionId)))
    .$dynamic();
}

/** The session's order when it belongs to this parent (the local checkout page). */
export async function findOwnSession(db: DbOrTx, parentId: number, sessionId: string) {
  const [row] = await db
    .select({ order: orders, session: checkoutSessions })
    .from(checkoutSessions)
    .innerJoin(orders, eq(orders.id, checkoutSessions.order_id))
    .where(and(eq(checkoutSessions.session_id, sessionId), eq(orders.parent_id, parentId)));
  return row;
}

/** Records a notification once; answers false when its id was seen before (a redelivery). */
export async function recordPaymentEvent(
  db: DbOrTx,
  row: typeof paymentEvents.$inferInsert,
): Promise<number | undefined> {
  const [inserted] = await db
    .insert(paymentEvents)
    .values(row)
    .onConflictDoNothing({ target: [paymentEvents.provider, paymentEvents.event_id] })
    .returning({ id: paymentEvents.id });
  return inserted?.id;
}

export async function setPaymentEventOutcome(
  db: DbOrTx,
  id: number,
  outcome: string,
  orderId?: number,
) {
  await db
    .update(paymentEvents)
    .set({ outcome, ...(orderId ? { order_id: orderId } : {}) })
    .where(eq(paymentEvents.id, id));
}
