import { STAFF_SESSION_HOURS, type StaffRole } from '@portal/shared/staff';
import type { AppContext } from '../../app-context';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { newOpaqueToken, sha256 } from '../../lib/tokens';
import { recordAudit } from '../audit/audit.service';
import {
  findLiveStaffSession,
  insertStaffSession,
  revokeAllStaffSessionRows,
  revokeStaffSessionRow,
  selectLiveStaffSessions,
  touchStaffSession,
  type StaffSessionRow,
} from './staff-sessions.repository';

/**
 * Staff sessions (docs/product.md → Staff): opaque tokens like the parents' but in their own
 * table, 12 hours from sign-in (not sliding), revocable one by one, all revoked when a member
 * is disabled or their second factor reset.
 */
export const STAFF_SESSION_MS = STAFF_SESSION_HOURS * 3_600_000;
/** `last_seen_at` is written at most this often per session (a write per request is waste). */
const TOUCH_EVERY_MS = 60_000;

export interface AuthenticatedStaff {
  staffId: number;
  role: StaffRole;
  sessionId: number;
}

export interface StaffSessionView {
  id: number;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  ip: string | null;
  userAgent: string | null;
}

/** Where a request came from, as the edge saw it. */
export interface RequestOrigin {
  ip: string | null;
  userAgent?: string | null;
}

const USER_AGENT_MAX = 300;

/** Opens a session in the caller's transaction; the token is answered once, stored hashed. */
export async function startStaffSession(
  db: DbOrTx,
  staffId: number,
  origin: RequestOrigin,
  now: Date,
): Promise<{ token: string; session: StaffSessionRow }> {
  const token = newOpaqueToken();
  const session = await insertStaffSession(
    db,
    {
      staffId,
      tokenHash: sha256(token),
      expiresAt: new Date(now.getTime() + STAFF_SESSION_MS),
      ip: origin.ip,
      userAgent: origin.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
    },
    now,
  );
  return { token, session };
}

/**
 * The staff edge's authenticator: the member of a live session token, with the role on their
 * row now (a role change applies to the next request), or undefined for anything else — an
 * unknown, expired or revoked token, a disabled member, a parent's token.
 */
export async function authenticateStaff(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  token: string,
): Promise<AuthenticatedStaff | undefined> {
  // A real token is 43 base64url characters; anything wildly different is not worth a query.
  if (token.length < 20 || token.length > 200) return undefined;
  const now = ctx.clock.now();
  const live = await findLiveStaffSession(ctx.db, sha256(token), now);
  if (!live) return undefined;
  if (now.getTime() - live.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
    await touchStaffSession(ctx.db, live.sessionId, now, new Date(now.getTime() - TOUCH_EVERY_MS));
  }
  return { staffId: live.staffId, role: live.role, sessionId: live.sessionId };
}

export function sessionView(row: StaffSessionRow): StaffSessionView {
  return {
    id: row.id,
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at,
    expiresAt: row.expires_at,
    ip: row.ip,
    userAgent: row.user_agent,
  };
}

/** The member's live sessions, newest first. */
export async function listStaffSessions(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  staffId: number,
): Promise<StaffSessionView[]> {
  return (await selectLiveStaffSessions(ctx.db, staffId, ctx.clock.now())).map(sessionView);
}

/** Revokes one of the member's own live sessions (404 for anyone else's or a dead one). */
export async function revokeOwnSession(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  actor: { staffId: number; ip: string | null },
  sessionId: number,
): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    if (!(await revokeStaffSessionRow(tx, actor.staffId, sessionId, now))) throw notFound();
    await recordAudit(tx, {
      staffId: actor.staffId,
      action: 'staff.session-revoked',
      target: { type: 'session', id: sessionId },
      ip: actor.ip,
    });
  });
}

/** Ends the session a request came with (sign-out). */
export async function signOutStaff(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  actor: { staffId: number; sessionId?: number; ip: string | null },
): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    if (actor.sessionId !== undefined) {
      await revokeStaffSessionRow(tx, actor.staffId, actor.sessionId, now);
    }
    await recordAudit(tx, {
      staffId: actor.staffId,
      action: 'staff.signed-out',
      target: actor.sessionId === undefined ? undefined : { type: 'session', id: actor.sessionId },
      ip: actor.ip,
    });
  });
}

/** Revokes every live session of a member in the caller's transaction; answers how many. */
export function revokeAllStaffSessions(db: DbOrTx, staffId: number, now: Date): Promise<number> {
  return revokeAllStaffSessionRows(db, staffId, now);
}
