import { and, desc, eq, gt, lt, notInArray, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { knownDevices } from '../../db/schema';

/** The id of a known device of the parent used since `since`, or undefined. */
export async function findKnownDevice(
  db: DbOrTx,
  parentId: number,
  tokenHash: string,
  since: Date,
): Promise<number | undefined> {
  const [row] = await db
    .select({ id: knownDevices.id })
    .from(knownDevices)
    .where(
      and(
        eq(knownDevices.parent_id, parentId),
        eq(knownDevices.token_hash, tokenHash),
        gt(knownDevices.last_used_at, since),
      ),
    )
    .limit(1);
  return row?.id;
}

export async function insertKnownDevice(
  db: DbOrTx,
  parentId: number,
  tokenHash: string,
  now: Date,
): Promise<void> {
  await db
    .insert(knownDevices)
    .values({ parent_id: parentId, token_hash: tokenHash, created_at: now, last_used_at: now });
}

export async function touchKnownDevice(db: DbOrTx, id: number, now: Date): Promise<void> {
  await db.update(knownDevices).set({ last_used_at: now }).where(eq(knownDevices.id, id));
}

/** Drops the parent's devices unused since `since` and all but the `keep` most recent. */
export async function pruneKnownDevices(
  db: DbOrTx,
  parentId: number,
  since: Date,
  keep: number,
): Promise<void> {
  const recent = db
    .select({ id: knownDevices.id })
    .from(knownDevices)
    .where(eq(knownDevices.parent_id, parentId))
    .orderBy(desc(knownDevices.last_used_at), desc(knownDevices.id))
    .limit(keep);
  await db
    .delete(knownDevices)
    .where(
      and(
        eq(knownDevices.parent_id, parentId),
        or(lt(knownDevices.last_used_at, since), notInArray(knownDevices.id, recent)),
      ),
    );
}
