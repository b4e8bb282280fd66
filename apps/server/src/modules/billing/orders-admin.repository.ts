import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  checkoutSessions,
  creditLedger,
  orders,
  parents,
  paymentEvents,
  refunds,
  staff,
} from '../../db/schema';

/**
 * The console's read models of orders and payments (issue #23, like decision 044's families
 * search): one SQL statement per list, so filters and paging stay in the database. They read the
 * parent's name and the staff member's name beside billing's own rows; nothing here writes.
 */

export type OrderStatusValue = (typeof orders.$inferSelect)['status'];

export interface OrderListFilter {
  status?: OrderStatusValue;
  provider?: string;
  /** Created in [createdFrom, createdBefore). */
  createdFrom?: Date;
  createdBefore?: Date;
  minAmount?: number;
  maxAmount?: number;
  /** ILIKE pattern on the parent's name, e-mail, user_sn and the order number. */
  textPattern?: string;
  /** LIKE pattern of digits on the parent's mobile (with or without the calling code). */
  digitsPattern?: string;
}

const orderColumns = {
  id: orders.id,
  orderNo: orders.order_no,
  createdAt: orders.created_at,
  paidAt: orders.paid_at,
  parentId: orders.parent_id,
  userSn: parents.user_sn,
  parentName: parents.name,
  kind: orders.kind,
  titleEn: orders.title_en,
  titleZh: orders.title_zh,
  amount: orders.amount_minor,
  refunded: orders.refunded_minor,
  currency: orders.currency,
  status: orders.status,
  provider: orders.provider,
};

function whereOf(filter: OrderListFilter): SQL | undefined {
  const matches: SQL[] = [];
  if (filter.textPattern) {
    const pattern = filter.textPattern;
    matches.push(
      sql`${parents.name} ilike ${pattern}`,
      sql`${parents.email} ilike ${pattern}`,
      sql`${parents.user_sn} ilike ${pattern}`,
      sql`${orders.order_no} ilike ${pattern}`,
    );
  }
  if (filter.digitsPattern) {
    matches.push(
      sql`${parents.mobile} like ${filter.digitsPattern}`,
      sql`(${parents.country_code} || ${parents.mobile}) like ${filter.digitsPattern}`,
    );
  }
  return and(
    matches.length > 0 ? or(...matches) : undefined,
    filter.status ? eq(orders.status, filter.status) : undefined,
    filter.provider ? eq(orders.provider, filter.provider) : undefined,
    filter.createdFrom ? gte(orders.created_at, filter.createdFrom) : undefined,
    filter.createdBefore ? lt(orders.created_at, filter.createdBefore) : undefined,
    filter.minAmount === undefined ? undefined : gte(orders.amount_minor, filter.minAmount),
    filter.maxAmount === undefined ? undefined : lte(orders.amount_minor, filter.maxAmount),
  );
}

/** One page of orders, newest first, with the number matching. */
export async function findOrderPage(
  db: DbOrTx,
  filter: OrderListFilter,
  page: { offset: number; limit: number },
) {
  const where = whereOf(filter);
  const [rows, [counted]] = await Promise.all([
    db
      .select(orderColumns)
      .from(orders)
      .innerJoin(parents, eq(parents.id, orders.parent_id))
      .where(where)
      .orderBy(desc(orders.created_at), desc(orders.id))
      .offset(page.offset)
      .limit(page.limit),
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(orders)
      .innerJoin(parents, eq(parents.id, orders.parent_id))
      .where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** One order by its number, with its parent's public id and name. */
export async function findOrderByNo(db: DbOrTx, orderNo: string) {
  const [row] = await db
    .select({
      ...orderColumns,
      quantity: orders.quantity,
      extraQuantity: orders.extra_quantity,
      kids: orders.kids,
      payMethod: orders.pay_method,
      expiresAt: orders.expires_at,
      acceptedSessionId: orders.checkout_session_id,
    })
    .from(orders)
    .innerJoin(parents, eq(parents.id, orders.parent_id))
    .where(eq(orders.order_no, orderNo));
  return row;
}

export function findSessionsOfOrder(db: DbOrTx, orderId: number) {
  return db
    .select()
    .from(checkoutSessions)
    .where(eq(checkoutSessions.order_id, orderId))
    .orderBy(asc(checkoutSessions.created_at), asc(checkoutSessions.id));
}

/**
 * The notifications about an order: those matched to it, those naming one of its sessions (an
 * unmatched payment) and those about one of its refunds, in the order received.
 */
export function findEventsOfOrder(db: DbOrTx, orderId: number, refundNos: string[]) {
  const sessions = sql`(select cs.session_id from checkout_sessions cs where cs.order_id = ${orderId})`;
  return db
    .select()
    .from(paymentEvents)
    .where(
      or(
        eq(paymentEvents.order_id, orderId),
        sql`${paymentEvents.detail}->>'sessionId' in ${sessions}`,
        refundNos.length > 0
          ? inArray(sql<string>`${paymentEvents.detail}->>'refundNo'`, refundNos)
          : undefined,
      ),
    )
    .orderBy(asc(paymentEvents.received_at), asc(paymentEvents.id));
}

/** The order's refunds, oldest first, with the name of the staff member who asked. */
export function findRefundsOfOrder(db: DbOrTx, orderId: number) {
  return db
    .select({ refund: refunds, staffName: staff.name })
    .from(refunds)
    .leftJoin(staff, eq(staff.id, refunds.staff_id))
    .where(eq(refunds.order_id, orderId))
    .orderBy(asc(refunds.requested_at), asc(refunds.id));
}

/** A LIKE prefix that matches `prefix` literally, then anything. */
const prefixPattern = (prefix: string) => `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The ledger rows an order caused, by their idempotency keys: the grant (`order:<no>:…`) and
 * the credits its refunds took back or gave back again (`refund:<refund_no>:…`).
 */
export function findLedgerOfOrder(
  db: DbOrTx,
  parentId: number,
  orderNo: string,
  refundNos: string[],
) {
  const prefixes = [`order:${orderNo}:`, ...refundNos.map((no) => `refund:${no}:`)];
  return db
    .select()
    .from(creditLedger)
    .where(
      and(
        eq(creditLedger.parent_id, parentId),
        or(
          ...prefixes.map(
            (prefix) => sql`${creditLedger.idempotency_key} like ${prefixPattern(prefix)}`,
          ),
        ),
      ),
    )
    .orderBy(asc(creditLedger.created_at), asc(creditLedger.id));
}

/**
 * Paid notifications we did not fulfil and staff have not handled (payment_events_attention_idx),
 * oldest first, with the order they named (a mismatch) and its parent.
 */
const attentionWhere = and(
  inArray(paymentEvents.outcome, ['mismatch', 'unknown_session']),
  isNull(paymentEvents.resolved_at),
  sql`${paymentEvents.detail}->>'paymentStatus' = 'paid'`,
);

export async function findAttentionPage(db: DbOrTx, page: { offset: number; limit: number }) {
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        event: paymentEvents,
        order: {
          orderNo: orders.order_no,
          amount: orders.amount_minor,
          currency: orders.currency,
          status: orders.status,
        },
        userSn: parents.user_sn,
        parentName: parents.name,
      })
      .from(paymentEvents)
      .leftJoin(orders, eq(orders.id, paymentEvents.order_id))
      .leftJoin(parents, eq(parents.id, orders.parent_id))
      .where(attentionWhere)
      .orderBy(asc(paymentEvents.received_at), asc(paymentEvents.id))
      .offset(page.offset)
      .limit(page.limit),
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(paymentEvents)
      .where(attentionWhere),
  ]);
  return { rows, total: counted?.total ?? 0 };
}
