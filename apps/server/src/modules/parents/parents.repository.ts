import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { prepared } from '../../db/prepared';
import { parents } from '../../db/schema';

export type ParentRow = typeof parents.$inferSelect;
export type NewParent = typeof parents.$inferInsert;

export async function findParentByPhone(
  db: DbOrTx,
  countryCode: string,
  mobile: string,
): Promise<ParentRow | undefined> {
  const [row] = await db
    .select()
    .from(parents)
    .where(and(eq(parents.country_code, countryCode), eq(parents.mobile, mobile)))
    .limit(1);
  return row;
}

export async function findParentById(db: DbOrTx, id: number): Promise<ParentRow | undefined> {
  const query = prepared(db, 'parent_by_id', (db) =>
    db
      .select()
      .from(parents)
      .where(eq(parents.id, sql.placeholder('id')))
      .limit(1)
      .prepare('parent_by_id'),
  );
  const [row] = await query.execute({ id });
  return row;
}

/** A parent by public id (`user_sn`): how the school's console names a family. */
export async function findParentByUserSn(
  db: DbOrTx,
  userSn: string,
): Promise<ParentRow | undefined> {
  const [row] = await db.select().from(parents).where(eq(parents.user_sn, userSn)).limit(1);
  return row;
}

export async function findParentByEmail(db: DbOrTx, email: string): Promise<ParentRow | undefined> {
  const [row] = await db
    .select()
    .from(parents)
    .where(sql`lower(${parents.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row;
}

export async function insertParent(db: DbOrTx, parent: NewParent): Promise<ParentRow> {
  const [row] = await db.insert(parents).values(parent).returning();
  return row!;
}

export async function updateParent(
  db: DbOrTx,
  id: number,
  changes: Partial<Omit<NewParent, 'id' | 'user_sn' | 'created_at'>>,
  now: Date,
): Promise<void> {
  await db
    .update(parents)
    .set({ ...changes, updated_at: now })
    .where(eq(parents.id, id));
}

/**
 * Sets the parent's e-mail (stored lower-case); answers false, changing nothing, when another
 * parent holds the address — the unique index decides between two parents claiming it at once.
 */
export async function updateParentEmail(
  db: DbOrTx,
  id: number,
  email: string,
  now: Date,
): Promise<boolean> {
  try {
    await updateParent(db, id, { email: email.toLowerCase() }, now);
    return true;
  } catch (error) {
    if (isUniqueViolation(error, 'parents_email_uq')) return false;
    throw error;
  }
}

/** Counts one wrong password atomically; answers the new count. */
export async function incrementFailedPasswords(db: DbOrTx, id: number): Promise<number> {
  const [row] = await db
    .update(parents)
    .set({ failed_password_attempts: sql`${parents.failed_password_attempts} + 1` })
    .where(eq(parents.id, id))
    .returning({ count: parents.failed_password_attempts });
  return row?.count ?? 0;
}
