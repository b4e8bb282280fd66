import { and, desc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { prepared } from '../../db/prepared';
import { memberships } from '../../db/schema';

export type MembershipRow = typeof memberships.$inferSelect;

/** Plans active at `at`, longest first. */
export function findActiveMemberships(db: DbOrTx, parentId: number, at: Date) {
  const query = prepared(db, 'memberships_active', (db) =>
    db
      .select()
      .from(memberships)
      .where(
        and(
          eq(memberships.parent_id, sql.placeholder('parentId')),
          lte(memberships.starts_at, sql.placeholder('at')),
          gt(memberships.ends_at, sql.placeholder('at')),
          isNull(memberships.cancelled_at),
        ),
      )
      .orderBy(desc(memberships.ends_at))
      .prepare('memberships_active'),
  );
  return query.execute({ parentId, at: at.toISOString() });
}

export async function insertMembership(db: DbOrTx, row: typeof memberships.$inferInsert) {
  const [inserted] = await db.insert(memberships).values(row).onConflictDoNothing().returning();
  return inserted;
}

/** Changes the live (not cancelled) memberships of a subscription; answers those changed. */
export function updateMembershipsOfSubscription(
  db: DbOrTx,
  subscriptionId: string,
  patch: Partial<MembershipRow>,
) {
  return db
    .update(memberships)
    .set(patch)
    .where(and(eq(memberships.subscription_id, subscriptionId), isNull(memberships.cancelled_at)))
    .returning();
}

/** Ends now every membership of the parent still running at `now`. */
export async function cancelActiveMemberships(db: DbOrTx, parentId: number, now: Date) {
  await db
    .update(memberships)
    .set({ cancelled_at: now, updated_at: now })
    .where(
      and(
        eq(memberships.parent_id, parentId),
        gt(memberships.ends_at, now),
        isNull(memberships.cancelled_at),
      ),
    );
}

export async function updateMembership(db: DbOrTx, id: number, patch: Partial<MembershipRow>) {
  const [row] = await db.update(memberships).set(patch).where(eq(memberships.id, id)).returning();
  return row!;
}
