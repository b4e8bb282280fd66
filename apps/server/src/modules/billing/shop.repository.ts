import { and, asc, eq, gt, isNull, lte, or } from 'drizzle-orm';
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

/** Plans on sale (not the hidden offers, not retired), optionally for one kids count. */
export function findVisiblePlans(db: DbOrTx, kids?: number) {
  return db
    .select()
    .from(plans)
    .where(
      and(
        eq(plans.is_hidden, false),
        isNull(plans.retired_at),
        kids === undefined ? undefined : eq(plans.kids, kids),
      ),
    )
    .orderBy(asc(plans.sort), asc(plans.id));
}

/** Any plan by id, on sale or not (what an order or a membership names). */
export async function findPlan(db: DbOrTx, id: number) {
  const [row] = await db.select().from(plans).where(eq(plans.id, id));
  return row;
}

/**
 * Is the plan on sale at `now`? Not once retired (it was before its retirement); an offer (hidden
 * plan) is from its start (none: at once) until its end (decision 048).
 */
export function isPlanOnSale(row: typeof plans.$inferSelect, now: Date): boolean {
  if (row.retired_at && row.retired_at <= now) return false;
  if (!row.is_hidden) return true;
  if (row.offer_starts_at && row.offer_starts_at > now) return false;
  return Boolean(row.offer_ends_at && row.offer_ends_at > now);
}

/** A plan a parent may buy now: on sale, or an offer running now. */
export async function findBuyablePlan(db: DbOrTx, id: number, now: Date) {
  const row = await findPlan(db, id);
  return row && isPlanOnSale(row, now) ? row : undefined;
}

/** The running time-limited offer ending soonest (started, not ended, not retired). */
export async function findRunningOffer(db: DbOrTx, now: Date) {
  const [row] = await db
    .select()
    .from(plans)
    .where(
      and(
        eq(plans.is_hidden, true),
        isNull(plans.retired_at),
        or(isNull(plans.offer_starts_at), lte(plans.offer_starts_at, now)),
        gt(plans.offer_ends_at, now),
      ),
    )
    .orderBy(asc(plans.offer_ends_at))
    .limit(1);
  return row;
}

export function findGoods(db: DbOrTx, hidden = false) {
  return db
    .select()
    .from(creditGoods)
    .where(and(eq(creditGoods.is_hidden, hidden), isNull(creditGoods.retired_at)))
    .orderBy(asc(creditGoods.sort), asc(creditGoods.id));
}

export async function findGood(db: DbOrTx, id: number) {
  const [row] = await db
    .select()
    .from(creditGoods)
    .where(and(eq(creditGoods.id, id), isNull(creditGoods.retired_at)));
  return row;
}
