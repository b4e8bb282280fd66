import { and, eq, gte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { creditCorrections, creditLedger } from '../../db/schema';

export type CorrectionRow = typeof creditCorrections.$inferSelect;

/** Any fixed number: the first key of the per-member advisory lock of corrections. */
const CORRECTIONS_LOCK_ID = 21_044;

/**
 * Serialises one staff member's corrections until the transaction ends (a transaction-scoped
 * advisory lock), so the daily sum and the idempotency key are checked with nothing in flight.
 */
export async function lockCorrectionsOf(db: DbOrTx, staffId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${CORRECTIONS_LOCK_ID}, ${staffId})`);
}

export async function findCorrectionByKey(
  db: DbOrTx,
  staffId: number,
  idempotencyKey: string,
): Promise<CorrectionRow | undefined> {
  const [row] = await db
    .select()
    .from(creditCorrections)
    .where(
      and(
        eq(creditCorrections.staff_id, staffId),
        eq(creditCorrections.idempotency_key, idempotencyKey),
      ),
    )
    .limit(1);
  return row;
}

/** Credits the member moved (granted or removed, in absolute value) since `since`. */
export async function sumCorrectedSince(db: DbOrTx, staffId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(abs(${creditCorrections.delta})), 0)` })
    .from(creditCorrections)
    .where(and(eq(creditCorrections.staff_id, staffId), gte(creditCorrections.created_at, since)));
  return Number(row?.total ?? 0);
}

/** The correction's ledger row; answers its id. */
export async function insertCorrectionLedgerRow(
  db: DbOrTx,
  row: typeof creditLedger.$inferInsert,
): Promise<number> {
  const [inserted] = await db.insert(creditLedger).values(row).returning({ id: creditLedger.id });
  return inserted!.id;
}

export async function insertCorrection(
  db: DbOrTx,
  row: typeof creditCorrections.$inferInsert,
): Promise<number> {
  const [inserted] = await db
    .insert(creditCorrections)
    .values(row)
    .returning({ id: creditCorrections.id });
  return inserted!.id;
}
