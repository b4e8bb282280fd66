import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { prepared } from '../../db/prepared';
import { sessions } from '../../db/schema';

export interface SessionRow {
  id: number;
  parent_id: number;
  expires_at: Date;
}

export async function insertSession(
  db: DbOrTx,
  parentId: number,
  tokenHash: string,
  expiresAt: Date,
): Promise<number> {
  const [row] = await db
    .insert(sessions)
    .values({ parent_id: parentId, token_hash: tokenHash, expires_at: expiresAt })
    .returning({ id: sessions.id });
  return row!.id;
}

/** The live session for a token hash: not revoked and not expired at `now`. */
export async function findLiveSession(
  db: DbOrTx,
  tokenHash: string,
  now: Date,
): Promise<SessionRow | undefined> {
  // Every private request asks this first: built once (db/prepared.ts).
  const query = prepared(db, 'session_live', (db) =>
    db
      .select({ id: sessions.id, parent_id: sessions.parent_id, expires_at: sessions.expires_at })
      .from(sessions)
      .where(
        and(
          eq(sessions.token_hash, sql.placeholder('tokenHash')),
          isNull(sessions.revoked_at),
          gt(sessions.expires_at, sql.placeholder('now')),
        ),
      )
      .limit(1)
      .prepare('session_live'),
  );
  const [row] = await query.execute({ tokenHash, now: now.toISOString() });
  return row;
}

export async function revokeSession(db: DbOrTx, sessionId: number, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revoked_at: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revoked_at)));
}

/** The parent's live sessions (not revoked, not expired at `now`), newest first. */
export function findLiveSessionsOf(db: DbOrTx, parentId: number, now: Date) {
  return db
    .select({
      id: sessions.id,
      created_at: sessions.created_at,
      last_seen_at: sessions.last_seen_at,
      expires_at: sessions.expires_at,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.parent_id, parentId),
        isNull(sessions.revoked_at),
        gt(sessions.expires_at, now),
      ),
    )
    .orderBy(desc(sessions.id));
}

/** Revokes every live session of a parent except `keepSessionId` (password change, spec issue #3). */
export async function revokeOtherSessions(
  db: DbOrTx,
  parentId: number,
  keepSessionId: number | null,
  now: Date,
): Promise<number> {
  const revoked = await db
    .update(sessions)
    .set({ revoked_at: now })
    .where(
      and(
        eq(sessions.parent_id, parentId),
        isNull(sessions.revoked_at),
        keepSessionId === null ? sql`true` : ne(sessions.id, keepSessionId),
      ),
    )
    .returning({ id: sessions.id });
  return revoked.length;
}
