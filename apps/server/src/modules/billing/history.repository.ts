import { and, count, desc, eq, gte, inArray, lt, notInArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orders } from '../../db/schema';

/** Orders that reached a checkout, newest first (the charges list). */
export function findChargeOrders(
  db: DbOrTx,
  parentId: number,
  page: { limit: number; offset: number },
) {
  return db
    .select()
    .from(orders)
    .where(chargeWhere(parentId))
    .orderBy(desc(orders.created_at), desc(orders.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countChargeOrders(db: DbOrTx, parentId: number) {
  const [row] = await db.select({ n: count() }).from(orders).where(chargeWhere(parentId));
  return row?.n ?? 0;
}

/** Charges: paid, refunded or cancelled orders; open and expired ones never charged anything. */
function chargeWhere(parentId: number) {
  return and(eq(orders.parent_id, parentId), notInArray(orders.status, ['pending', 'expired']));
}

/** Paid credit purchases (packages and goods) in a time range, newest first. */
function rechargeWhere(parentId: number, from?: Date, to?: Date) {
  return and(
    eq(orders.parent_id, parentId),
    eq(orders.status, 'paid'),
    inArray(orders.kind, ['package', 'good']),
    from ? gte(orders.paid_at, from) : undefined,
    to ? lt(orders.paid_at, to) : undefined,
  );
}

export function findRechargeOrders(
  db: DbOrTx,
  parentId: number,
  range: { from?: Date | undefined; to?: Date | undefined },
  page: { limit: number; offset: number },
) {
  return db
    .select()
    .from(orders)
    .where(rechargeWhere(parentId, range.from, range.to))
    .orderBy(desc(orders.paid_at), desc(orders.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countRechargeOrders(
  db: DbOrTx,
  parentId: number,
  range: { from?: Date | undefined; to?: Date | undefined },
) {
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .where(rechargeWhere(parentId, range.from, range.to));
  return row?.n ?? 0;
}
