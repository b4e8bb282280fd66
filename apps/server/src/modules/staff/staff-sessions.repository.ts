import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { StaffRole } from '@portal/shared/staff';
import type { DbOrTx } from '../../db/client';
import { prepared } from '../../db/prepared';
import { staff, staffSessions } from '../../db/schema';

export type StaffSessionRow = typeof staffSessions.$inferSelect;

/** The member's sessions that are neither revoked nor expired at `now`. */
const liveSessionsOf = (staffId: number, now: Date) =>
  and(
    eq(staffSessions.staff_id, staffId),
    isNull(staffSessions.revoked_at),
    gt(staffSessions.expires_at, now),
  );

export async function insertStaffSession(
  db: DbOrTx,
  values: {
    staffId: number;
    tokenHash: string;
    expiresAt: Date;
    ip: string | null;
    userAgent: string | null;
  },
  now: Date,
): Promise<StaffSessionRow> {
  const [row] = await db
    .insert(staffSessions)
    .values({
      staff_id: values.staffId,
      token_hash: values.tokenHash,
      expires_at: values.expiresAt,
      ip: values.ip,
      user_agent: values.userAgent,
      created_at: now,
      last_seen_at: now,
    })
    .returning();
  return row!;
}

export interface LiveStaffSession {
  sessionId: number;
  staffId: number;
  /** Read from the member's row at every request: a role change applies to the next one. */
  role: StaffRole;
  lastSeenAt: Date;
}

/**
 * The live session of a token hash (not revoked, not expired) of an active member, with the
 * member's current role. Every ops request asks this first: built once (db/prepared.ts).
 */
export async function findLiveStaffSession(
  db: DbOrTx,
  tokenHash: string,
  now: Date,
): Promise<LiveStaffSession | undefined> {
  const query = prepared(db, 'staff_session_live', (db) =>
    db
      .select({
        sessionId: staffSessions.id,
        staffId: staff.id,
        role: staff.role,
        lastSeenAt: staffSessions.last_seen_at,
      })
      .from(staffSessions)
      .innerJoin(staff, eq(staff.id, staffSessions.staff_id))
      .where(
        and(
          eq(staffSessions.token_hash, sql.placeholder('tokenHash')),
          isNull(staffSessions.revoked_at),
          gt(staffSessions.expires_at, sql.placeholder('now')),
          eq(staff.status, 'active'),
        ),
      )
      .limit(1)
      .prepare('staff_session_live'),
  );
  const [row] = await query.execute({ tokenHash, now: now.toISOString() });
  return row;
}

/** Moves `last_seen_at` forward (only when it is older than `before`, so at most once a minute). */
export async function touchStaffSession(
  db: DbOrTx,
  sessionId: number,
  now: Date,
  before: Date,
): Promise<void> {
  await db
    .update(staffSessions)
    .set({ last_seen_at: now })
    .where(and(eq(staffSessions.id, sessionId), lt(staffSessions.last_seen_at, before)));
}

/** The member's live sessions, newest first. */
export async function selectLiveStaffSessions(
  db: DbOrTx,
  staffId: number,
  now: Date,
): Promise<StaffSessionRow[]> {
  return db
    .select()
    .from(staffSessions)
    .where(liveSessionsOf(staffId, now))
    .orderBy(desc(staffSessions.created_at), desc(staffSessions.id));
}

/** Revokes one live session of the member: false when it is not theirs or not live. */
export async function revokeStaffSessionRow(
  db: DbOrTx,
  staffId: number,
  sessionId: number,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(staffSessions)
    .set({ revoked_at: now })
    .where(and(eq(staffSessions.id, sessionId), liveSessionsOf(staffId, now)))
    .returning({ id: staffSessions.id });
  return rows.length === 1;
}

/** Revokes every live session of the member; answers how many. */
export async function revokeAllStaffSessionRows(
  db: DbOrTx,
  staffId: number,
  now: Date,
): Promise<number> {
  const rows = await db
    .update(staffSessions)
    .set({ revoked_at: now })
    .where(liveSessionsOf(staffId, now))
    .returning({ id: staffSessions.id });
  return rows.length;
}
