import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { advisers } from '../../db/schema';

export type AdviserRow = typeof advisers.$inferSelect;

export async function findAdviserById(db: DbOrTx, id: number): Promise<AdviserRow | undefined> {
  const [row] = await db.select().from(advisers).where(eq(advisers.id, id)).limit(1);
  return row;
}

export async function findAdviserByInviteCode(
  db: DbOrTx,
  code: string,
): Promise<AdviserRow | undefined> {
  const [row] = await db.select().from(advisers).where(eq(advisers.invite_code, code)).limit(1);
  return row;
}

/** The adviser new parents get when their link carried no invite code: the first by sort. */
export async function findFirstAdviser(db: DbOrTx): Promise<AdviserRow | undefined> {
  const [row] = await db
    .select()
    .from(advisers)
    .orderBy(asc(advisers.sort), asc(advisers.id))
    .limit(1);
  return row;
}

/** Every adviser, in the sort order parents' lists use. */
export function findAllAdvisers(db: DbOrTx): Promise<AdviserRow[]> {
  return db.select().from(advisers).orderBy(asc(advisers.sort), asc(advisers.id));
}
