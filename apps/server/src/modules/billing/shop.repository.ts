import { and, asc, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { creditGoods, plans, rechargePackages } from '../../db/schema';

export type PlanRow = typeof plans.$inferSelect;
export type GoodRow = typeof creditGoods.$inferSelect;
export type PackageRow = typeof rechargePackages.$inferSelect;

export function findActivePackages(db: DbOrTx) {
  return db
    .select()
    .from(rechargePackages)
    .where(eq(rechargePackages.is_active, true))
    .orderBy(asc(rechargePackages.sort), asc(rechargePackages.id));
}

export async function findActivePackage(db: DbOrTx, id: number) {
  const [row] = await db
    .select()
    .from(rechargePackages)
    .where(and(eq(rechargePackages.id, id), eq(rechargePackages.is_active, true)));
  return row;
}

/** Plans on sale (not the hidden offers), optionally for one kids count. */
export function findVisiblePlans(db: DbOrTx, kids?: number) {
  return db
    .select()
    .from(plans)
    .where(and(eq(plans.is_hidden, false), kids === undefined ? undefined : eq(plans.kids, kids)))
    .orderBy(asc(plans.sort), asc(plans.id));
}

/** A plan a parent may buy now: on sale, or a hidden offer still running. */
export async function findBuyablePlan(db: DbOrTx, id: number, now: Date) {
  const [row] = await db.select().from(plans).where(eq(plans.id, id));
  if (!row) return undefined;
  if (row.is_hidden && !(row.offer_ends_at && row.offer_ends_at > now)) return undefined;
  return row;
}

/** The running time-limited offer ending soonest. */
export async function findRunningOffer(db: DbOrTx, now: Date) {
  const [row] = await db
    .select()
    .from(plans)
    .where(and(eq(plans.is_hidden, true), gt(plans.offer_ends_at, now)))
    .orderBy(asc(plans.offer_ends_at))
    .limit(1);
  return row;
}

export function findGoods(db: DbOrTx, hidden = false) {
  return db
    .select()
    .from(creditGoods)
    .where(eq(creditGoods.is_hidden, hidden))
    .orderBy(asc(creditGoods.sort), asc(creditGoods.id));
}

export async function findGood(db: DbOrTx, id: number) {
  const [row] = await db.select().from(creditGoods).where(eq(creditGoods.id, id));
  return row;
}
