import { translate } from '../../lib/catalogue';
import { STAFF_SETUP_LINK_HOURS, type StaffRole, type StaffStatus } from '@portal/shared/staff';
import type { AppContext } from '../../app-context';
import type { DbOrTx } from '../../db/client';
import { badRequest, conflict, notFound, unauthenticated } from '../../lib/app-error';
import { newOpaqueToken, sha256 } from '../../lib/tokens';
import { changedFields, recordAudit } from '../audit/audit.service';
import { auditMember } from './staff-audit';
import {
  clearSecondFactor,
  findStaffByEmail,
  findStaffById,
  findStaffListRow,
  insertStaff,
  insertStaffToken,
  retireTokens,
  selectStaffPage,
  updateStaffRow,
  type StaffListFilter,
  type StaffRow,
} from './staff.repository';
import {
  listStaffSessions,
  revokeAllStaffSessions,
  type StaffSessionView,
} from './staff-sessions.service';
import { meOf, memberViewOf, type Me, type StaffMemberView } from './staff-views';
import { encryptSecret } from './totp';

/**
 * Staff accounts and their management (docs/product.md → Staff → Staff management): the
 * signed-in member's own record, and what admins do to others — invite, rename, change role,
 * disable and enable, reset the second factor. Set-up links (48 hours) are e-mailed; every
 * change is audited in its transaction.
 */
export const SETUP_LINK_MS = STAFF_SETUP_LINK_HOURS * 3_600_000;

export type { Me, StaffMemberView } from './staff-views';
export type { StaffSessionView } from './staff-sessions.service';

export interface StaffMemberDetail extends StaffMemberView {
  /** The member's live sessions, newest first. */
  sessions: StaffSessionView[];
}

/** Who does it, from where (the audit entry's `staff_id` and `ip`). */
export interface Actor {
  staffId: number;
  ip: string | null;
}

/** Where a failed e-mail goes: it is logged, the change stands (a reset sends a new link). */
export type LogFailure = (error: unknown) => void;

/** The signed-in member (401 when their row is gone). */
export async function getMe(ctx: Pick<AppContext, 'db'>, staffId: number): Promise<Me> {
  const row = await findStaffById(ctx.db, staffId);
  if (!row) throw unauthenticated();
  return meOf(row);
}

export async function listStaff(
  ctx: Pick<AppContext, 'db'>,
  filter: StaffListFilter,
  page: { page: number; pageSize: number },
): Promise<{ items: StaffMemberView[]; total: number }> {
  const { rows, total } = await selectStaffPage(ctx.db, filter, {
    offset: (page.page - 1) * page.pageSize,
    limit: page.pageSize,
  });
  return { items: rows.map(memberViewOf), total };
}

/** A member with their live sessions; 404 for an unknown id. */
export async function getStaffMember(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  id: number,
): Promise<StaffMemberDetail> {
  const row = await findStaffListRow(ctx.db, id);
  if (!row) throw notFound();
  return { ...memberViewOf(row), sessions: await listStaffSessions(ctx, id) };
}

async function requireMember(db: DbOrTx, id: number): Promise<StaffRow> {
  const row = await findStaffById(db, id);
  if (!row) throw notFound();
  return row;
}

/**
 * Changes member `id` at the clock's `now` in one transaction (404 for an unknown id; `change` may
 * change nothing), then answers the member as they now are.
 */
async function changeMember(
  ctx: AppContext,
  id: number,
  change: (tx: DbOrTx, member: StaffRow, now: Date) => Promise<void>,
): Promise<StaffMemberDetail> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => change(tx, await requireMember(tx, id), now));
  return getStaffMember(ctx, id);
}

/** A new set-up link for the member (older ones retired), in the caller's transaction. */
async function issueSetupLink(
  ctx: Pick<AppContext, 'config'>,
  db: DbOrTx,
  staffId: number,
  now: Date,
): Promise<{ link: string; expiresAt: Date }> {
  const token = newOpaqueToken();
  const expiresAt = new Date(now.getTime() + SETUP_LINK_MS);
  await retireTokens(db, staffId, ['setup'], now);
  await insertStaffToken(db, staffId, 'setup', sha256(token), expiresAt, now);
  return { link: `${ctx.config.publicUrl}/ops/setup/${token}`, expiresAt };
}

/**
 * The set-up e-mail, in both languages (a member has no language of their own yet). Sent after
 * the commit; a failure is logged and the change stands: an admin sends a new link by a reset.
 */
async function sendSetupLink(
  ctx: Pick<AppContext, 'providers'>,
  member: { email: string; name: string },
  link: string,
  log: LogFailure,
): Promise<void> {
  const name = member.name || member.email;
  try {
    await ctx.providers.email.send({
      to: member.email,
      subject: `${translate('en', 'staffSetupMailSubject')} · ${translate('zh_CN', 'staffSetupMailSubject')}`,
      text: [
        translate('en', 'staffSetupMailBody', { name, link }),
        translate('zh_CN', 'staffSetupMailBody', { name, link }),
      ].join('\n\n— — —\n\n'),
    });
  } catch (error) {
    log(error);
  }
}

/** Invites a member by e-mail: an `invited` row and a 48-hour set-up link. */
export async function inviteStaff(
  ctx: AppContext,
  actor: Actor,
  input: { email: string; name: string; role: StaffRole },
  log: LogFailure,
): Promise<{ id: number }> {
  const now = ctx.clock.now();
  const email = input.email.toLowerCase();
  if (await findStaffByEmail(ctx.db, email)) throw conflict('staffEmailTaken');
  const { id, link } = await ctx.db.transaction(async (tx) => {
    const newId = await insertStaff(
      tx,
      { email, name: input.name, role: input.role, status: 'invited' },
      now,
    );
    // Two admins inviting the same address at once: the unique index lets one through.
    if (newId === undefined) throw conflict('staffEmailTaken');
    const setup = await issueSetupLink(ctx, tx, newId, now);
    await auditMember(tx, actor, newId, {
      action: 'staff.invited',
      after: { email, name: input.name, role: input.role, status: 'invited' },
      detail: { linkExpiresAt: setup.expiresAt.toISOString() },
    });
    return { id: newId, link: setup.link };
  });
  await sendSetupLink(ctx, { email, name: input.name }, link, log);
  return { id };
}

/**
 * Renames a member or changes their role; the role applies from their next request (the
 * authenticator reads it each time). An admin cannot change their own role.
 */
export async function updateStaffMember(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: { name?: string; role?: StaffRole },
): Promise<StaffMemberDetail> {
  return changeMember(ctx, id, async (tx, member, now) => {
    if (id === actor.staffId && input.role !== undefined && input.role !== member.role) {
      throw badRequest('staffCannotChangeOwnRole');
    }
    const changed = changedFields({ name: member.name, role: member.role }, input);
    if (Object.keys(changed.after).length === 0) return;
    await updateStaffRow(tx, id, changed.after, now);
    await auditMember(tx, actor, id, {
      action: 'staff.updated',
      before: changed.before,
      after: changed.after,
    });
  });
}

/**
 * Disables a member: their sessions end at once and their unused links and tickets die.
 * Disabling a disabled member changes nothing. An admin cannot disable themselves.
 */
export async function disableStaffMember(
  ctx: AppContext,
  actor: Actor,
  id: number,
): Promise<StaffMemberDetail> {
  return changeMember(ctx, id, async (tx, member, now) => {
    if (id === actor.staffId) throw badRequest('staffCannotDisableSelf');
    if (member.status === 'disabled') return;
    await updateStaffRow(tx, id, { status: 'disabled' }, now);
    const sessionsRevoked = await revokeAllStaffSessions(tx, id, now);
    await retireTokens(tx, id, ['setup', 'sign-in'], now);
    await auditMember(tx, actor, id, {
      action: 'staff.disabled',
      before: { status: member.status },
      after: { status: 'disabled' },
      detail: { sessionsRevoked },
    });
  });
}

/**
 * Enables a disabled member: `active` when they had finished their set-up, `invited` otherwise
 * (a reset sends them a new link). Enabling an enabled member changes nothing.
 */
export async function enableStaffMember(
  ctx: AppContext,
  actor: Actor,
  id: number,
): Promise<StaffMemberDetail> {
  return changeMember(ctx, id, async (tx, member, now) => {
    if (member.status !== 'disabled') return;
    const status: StaffStatus = member.password_hash ? 'active' : 'invited';
    await updateStaffRow(tx, id, { status }, now);
    await auditMember(tx, actor, id, {
      action: 'staff.enabled',
      before: { status: 'disabled' },
      after: { status },
    });
  });
}

/**
 * Resets a member's second factor: the secret and recovery codes are gone, every session ends,
 * and a new set-up link (48 hours) is e-mailed; they enrol again at their next sign-in or through
 * the link. Refused for a disabled member: enable them first.
 */
export async function resetSecondFactor(
  ctx: AppContext,
  actor: Actor,
  id: number,
  log: LogFailure,
): Promise<StaffMemberDetail> {
  const now = ctx.clock.now();
  const { member, link } = await ctx.db.transaction(async (tx) => {
    const found = await requireMember(tx, id);
    if (found.status === 'disabled') throw badRequest('staffDisabledNoReset');
    await clearSecondFactor(tx, id, {}, now);
    await retireTokens(tx, id, ['sign-in'], now);
    const sessionsRevoked = await revokeAllStaffSessions(tx, id, now);
    const setup = await issueSetupLink(ctx, tx, id, now);
    await auditMember(tx, actor, id, {
      action: 'staff.second-factor-reset',
      before: { secondFactor: found.totp_secret_enc !== null },
      after: { secondFactor: false },
      detail: { sessionsRevoked, linkExpiresAt: setup.expiresAt.toISOString() },
    });
    return { member: found, link: setup.link };
  });
  await sendSetupLink(ctx, member, link, log);
  return getStaffMember(ctx, id);
}

/**
 * `npm run ops:create-admin`: the first admin (or another one) as an invited member with a
 * set-up link, printed by the command and e-mailed (the outbox in development). An address that
 * is already a member is refused: their admin resets their second factor instead.
 */
export async function createAdminInvitation(
  ctx: AppContext,
  email: string,
  log: LogFailure,
): Promise<{ id: number; link: string; expiresAt: Date }> {
  const now = ctx.clock.now();
  const address = email.toLowerCase();
  const created = await ctx.db.transaction(async (tx) => {
    const id = await insertStaff(
      tx,
      { email: address, name: '', role: 'admin', status: 'invited' },
      now,
    );
    if (id === undefined) throw conflict('staffEmailTaken');
    const setup = await issueSetupLink(ctx, tx, id, now);
    await recordAudit(tx, {
      staffId: null,
      action: 'staff.setup-link-created',
      target: { type: 'staff', id },
      after: { email: address, role: 'admin', status: 'invited' },
      detail: { by: 'ops:create-admin', linkExpiresAt: setup.expiresAt.toISOString() },
    });
    return { id, ...setup };
  });
  await sendSetupLink(ctx, { email: address, name: '' }, created.link, log);
  return created;
}

/**
 * A member who has finished their set-up, with a known password hash and TOTP secret: the demo
 * data's accounts (docs/product.md → Demo data). In the caller's transaction.
 */
export async function insertEnrolledStaff(
  db: DbOrTx,
  totpKey: Buffer,
  member: {
    email: string;
    name: string;
    role: StaffRole;
    passwordHash: string;
    totpSecret: string;
    /** An adviser's record in the parents' adviser list. */
    adviserId?: number;
  },
  now: Date,
): Promise<number> {
  const id = await insertStaff(
    db,
    {
      email: member.email,
      name: member.name,
      role: member.role,
      status: 'active',
      password_hash: member.passwordHash,
    },
    now,
  );
  if (id === undefined) throw conflict('staffEmailTaken');
  await updateStaffRow(
    db,
    id,
    {
      totp_secret_enc: encryptSecret(totpKey, id, member.totpSecret),
      adviser_id: member.adviserId ?? null,
    },
    now,
  );
  return id;
}
