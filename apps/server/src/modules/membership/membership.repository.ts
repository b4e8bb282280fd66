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
