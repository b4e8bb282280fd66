import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { creditLedger, parents } from '../../db/schema';

export interface CreditTotals {
  paid: number;
  reward: number;
  reserved: number;
}

/** Sums of the parent's ledger (one indexed range scan). */
export async function sumCredits(db: DbOrTx, parentId: number): Promise<CreditTotals> {
  const [row] = await db
    .select({
      paid: sql<string>`coalesce(sum(${creditLedger.paid_delta}), 0)`,
      reward: sql<string>`coalesce(sum(${creditLedger.reward_delta}), 0)`,
      reserved: sql<string>`coalesce(sum(${creditLedger.reserved_delta}), 0)`,
    })
    .from(creditLedger)
    .where(eq(creditLedger.parent_id, parentId));
  return {
    paid: Number(row?.paid ?? 0),
    reward: Number(row?.reward ?? 0),
    reserved: Number(row?.reserved ?? 0),
  };
}

export type NewLedgerRow = typeof creditLedger.$inferInsert;

/** Appends a row; answers false when the idempotency key was already used (a retry). */
export async function appendLedger(db: DbOrTx, row: NewLedgerRow): Promise<boolean> {
  const inserted = await db
    .insert(creditLedger)
    .values(row)
    .onConflictDoNothing({ target: creditLedger.idempotency_key })
    .returning({ id: creditLedger.id });
  return inserted.length > 0;
}

/**
 * Locks the parent's row for the rest of the transaction: every ledger write of one parent
 * goes one after another, so a balance checked here is still true when the row is appended.
 */
export async function lockLedgerOf(db: DbOrTx, parentId: number): Promise<void> {
  await db.select({ id: parents.id }).from(parents).where(eq(parents.id, parentId)).for('update');
}

export async function hasLedgerKey(db: DbOrTx, key: string): Promise<boolean> {
  const rows = await db
    .select({ id: creditLedger.id })
    .from(creditLedger)
    .where(eq(creditLedger.idempotency_key, key))
    .limit(1);
  return rows.length > 0;
}

/** Credits actually consumed per lesson, by lesson id (the lesson statement's `credit` column). */
export async function consumedByLesson(db: DbOrTx, parentId: number, lessonIds: number[]) {
  if (lessonIds.length === 0) return new Map<number, number>();
  const keys = lessonIds.map((id) => `lesson:${id}:consume`);
  const rows = await db
    .select({ key: creditLedger.idempotency_key, reserved: creditLedger.reserved_delta })
    .from(creditLedger)
    .where(and(eq(creditLedger.parent_id, parentId), inArray(creditLedger.idempotency_key, keys)));
  return new Map(rows.map((row) => [Number(row.key.split(':')[1]), -row.reserved]));
}
