import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { creditGoods, plans, rechargePackages } from '../../db/schema';

export type PackageRow = typeof rechargePackages.$inferSelect;
export type PlanRow = typeof plans.$inferSelect;
export type GoodRow = typeof creditGoods.$inferSelect;

/** Every package, plan and good, retired included, in display order. */
export async function selectAllPrices(db: DbOrTx) {
  const [packageRows, planRows, goodRows] = await Promise.all([
    db
      .select()
      .from(rechargePackages)
      .orderBy(asc(rechargePackages.sort), asc(rechargePackages.id)),
    db.select().from(plans).orderBy(asc(plans.is_hidden), asc(plans.sort), asc(plans.id)),
    db.select().from(creditGoods).orderBy(asc(creditGoods.sort), asc(creditGoods.id)),
  ]);
  return { packageRows, planRows, goodRows };
}

// Row locks: edits of one item run one at a time, so the provider's price chain (the previous
// price archived when a new one is made) never forks.

export async function lockPackage(tx: DbOrTx, id: number): Promise<PackageRow | undefined> {
  const [row] = await tx
    .select()
    .from(rechargePackages)
    .where(eq(rechargePackages.id, id))
    .for('update');
  return row;
}

export async function lockPlan(tx: DbOrTx, id: number): Promise<PlanRow | undefined> {
  const [row] = await tx.select().from(plans).where(eq(plans.id, id)).for('update');
  return row;
}

export async function lockGood(tx: DbOrTx, id: number): Promise<GoodRow | undefined> {
  const [row] = await tx.select().from(creditGoods).where(eq(creditGoods.id, id)).for('update');
  return row;
}

export async function insertPackage(tx: DbOrTx, values: typeof rechargePackages.$inferInsert) {
  const [row] = await tx.insert(rechargePackages).values(values).returning();
  return row!;
}

export async function insertPlan(tx: DbOrTx, values: typeof plans.$inferInsert) {
  const [row] = await tx.insert(plans).values(values).returning();
  return row!;
}

export async function insertGood(tx: DbOrTx, values: typeof creditGoods.$inferInsert) {
  const [row] = await tx.insert(creditGoods).values(values).returning();
  return row!;
}

export async function updatePackage(
  tx: DbOrTx,
  id: number,
  values: Partial<typeof rechargePackages.$inferInsert>,
) {
  await tx.update(rechargePackages).set(values).where(eq(rechargePackages.id, id));
}

export async function updatePlan(
  tx: DbOrTx,
  id: number,
  values: Partial<typeof plans.$inferInsert>,
) {
  await tx.update(plans).set(values).where(eq(plans.id, id));
}

export async function updateGood(
  tx: DbOrTx,
  id: number,
  values: Partial<typeof creditGoods.$inferInsert>,
) {
  await tx.update(creditGoods).set(values).where(eq(creditGoods.id, id));
}
