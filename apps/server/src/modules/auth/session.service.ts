import type { AppContext } from '../../app-context';
import { newOpaqueToken, sha256 } from '../../lib/tokens';
import {
  findLiveSession,
  findLiveSessionsOf,
  insertSession,
  revokeOtherSessions,
  revokeSession,
} from './session.repository';

/** Decision 006: sessions last 30 days from sign-in. */
export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

export interface AuthenticatedSession {
  sessionId: number;
  parentId: number;
}

/** Opens a new session and answers the token, which is shown once and stored only hashed. */
export async function startSession(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  parentId: number,
): Promise<string> {
  const token = newOpaqueToken();
  const expiresAt = new Date(ctx.clock.now().getTime() + SESSION_LIFETIME_MS);
  await insertSession(ctx.db, parentId, sha256(token), expiresAt);
  return token;
}

/** The session a bearer token belongs to, or undefined when unknown, expired or revoked. */
export async function resolveSession(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  token: string,
): Promise<AuthenticatedSession | undefined> {
  // A real token is 43 base64url characters; anything wildly different is not worth a query.
  if (token.length < 20 || token.length > 200) return undefined;
  const row = await findLiveSession(ctx.db, sha256(token), ctx.clock.now());
  return row ? { sessionId: row.id, parentId: row.parent_id } : undefined;
}

export async function endSession(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  sessionId: number,
): Promise<void> {
  await revokeSession(ctx.db, sessionId, ctx.clock.now());
}

/** Ends every other session of the parent (after a password change or reset). */
export async function endOtherSessions(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  parentId: number,
  keepSessionId: number | null,
): Promise<void> {
  await revokeOtherSessions(ctx.db, parentId, keepSessionId, ctx.clock.now());
}

/** A parent's session as the school's console lists it (never the token or its hash). */
export interface SessionSummary {
  id: number;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
}

/** The parent's live sessions, newest first. */
export async function listLiveSessions(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  parentId: number,
): Promise<SessionSummary[]> {
  const rows = await findLiveSessionsOf(ctx.db, parentId, ctx.clock.now());
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at,
    expiresAt: row.expires_at,
  }));
}

/** Ends every session of the parent ("sign out everywhere"); answers how many it revoked. */
export function endAllSessions(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  parentId: number,
): Promise<number> {
  return revokeOtherSessions(ctx.db, parentId, null, ctx.clock.now());
}
