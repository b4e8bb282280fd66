import type { AppContext } from '../../app-context';
import { AppError, badRequest, rateLimited } from '../../lib/app-error';
import {
  dummyPasswordHash,
  HashingBusyError,
  hashPassword,
  verifyPasswordOrBusy,
} from '../../lib/passwords';
import { newOpaqueToken, sha256 } from '../../lib/tokens';
import type { DbOrTx } from '../../db/client';
import { recordAudit } from '../audit/audit.service';
import { auditMember } from './staff-audit';
import { hitWindow } from '../rate-limit/rate-limit.service';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes';
import {
  acceptTotpStep,
  countUnusedRecoveryCodes,
  clearSecondFactor,
  countWrongCode,
  findLiveToken,
  findStaffById,
  findStaffByEmail,
  insertStaffToken,
  replaceRecoveryCodes,
  retireTokens,
  updateStaffRow,
  useRecoveryCode,
  useToken,
  type StaffRow,
} from './staff.repository';
import {
  revokeAllStaffSessions,
  startStaffSession,
  type RequestOrigin,
} from './staff-sessions.service';
import { meOf, type Me } from './staff-views';
import { decryptSecret, encryptSecret, matchTotp, newTotpSecret, otpauthUrl, qrSvg } from './totp';

/**
 * Staff sign-in (docs/product.md → Staff): e-mail and password, then a TOTP code (or a
 * recovery code) against a 10-minute single-use ticket. A member without a second factor (new,
 * or after a reset) enrols at that step. 5 wrong codes lock sign-in for 15 minutes. Every
 * sign-in, failure and lock is in the audit log; no password, code or secret is.
 */
export const SIGN_IN_TICKET_MS = 10 * 60_000;
export const MAX_WRONG_CODES = 5;
export const LOCK_MS = 15 * 60_000;
/** Password tries per e-mail address (any address the request comes from) per window. */
export const EMAIL_TRIES = 10;
export const EMAIL_WINDOW_MS = 15 * 60_000;

export interface Enrolment {
  /** Base32, shown for typing into the app by hand. */
  secret: string;
  otpauthUrl: string;
  qrSvg: string;
}

export type SignInStep =
  { step: 'code'; ticket: string } | { step: 'enrol'; ticket: string; enrolment: Enrolment };

export interface StaffSignedIn {
  token: string;
  expiresAt: Date;
  me: Me;
  /** Only right after an enrolment: shown once. */
  recoveryCodes?: string[];
}

function lockedError(lockedUntil: Date, now: Date): AppError {
  const minutes = Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / 60_000));
  return new AppError('RATE_LIMITED', 'staffLocked', { minutes });
}

const isLocked = (member: StaffRow, now: Date) =>
  member.locked_until !== null && member.locked_until.getTime() > now.getTime();

type FailureReason =
  | 'unknown-email'
  | 'not-set-up'
  | 'wrong-password'
  | 'disabled'
  | 'locked'
  | 'wrong-code'
  | 'reused-code'
  | 'wrong-recovery-code';

function recordFailure(
  ctx: Pick<AppContext, 'db'>,
  member: StaffRow | undefined,
  reason: FailureReason,
  origin: RequestOrigin,
  detail: Record<string, unknown> = {},
) {
  return recordAudit(ctx.db, {
    staffId: member?.id ?? null,
    action: 'staff.sign-in-failed',
    target: member ? { type: 'staff', id: member.id } : undefined,
    ip: origin.ip,
    detail: { reason, ...detail },
  });
}

/** An entry by the member about their own account, in the caller's transaction. */
const auditOwn = (
  tx: DbOrTx,
  staffId: number,
  origin: RequestOrigin,
  entry: Parameters<typeof auditMember>[3],
) => auditMember(tx, { staffId, ip: origin.ip }, staffId, entry);

async function enrolmentOf(ctx: Pick<AppContext, 'config'>, member: StaffRow, secret: string) {
  const url = otpauthUrl(secret, ctx.config.site.companyName.en ?? 'School console', member.email);
  return { secret, otpauthUrl: url, qrSvg: await qrSvg(url) };
}

/**
 * Opens a sign-in ticket for the member; without a second factor, a new secret to enrol
 * (kept encrypted as pending until a first code confirms it). In the caller's transaction.
 */
async function openTicket(
  ctx: Pick<AppContext, 'config'>,
  tx: Parameters<typeof insertStaffToken>[0],
  member: StaffRow,
  now: Date,
): Promise<{ ticket: string; pendingSecret?: string }> {
  const ticket = newOpaqueToken();
  await retireTokens(tx, member.id, ['sign-in'], now);
  await insertStaffToken(
    tx,
    member.id,
    'sign-in',
    sha256(ticket),
    new Date(now.getTime() + SIGN_IN_TICKET_MS),
    now,
  );
  if (member.totp_secret_enc !== null) return { ticket };
  const pendingSecret = newTotpSecret();
  await updateStaffRow(
    tx,
    member.id,
    { totp_pending_enc: encryptSecret(ctx.config.staff.totpKey, member.id, pendingSecret) },
    now,
  );
  return { ticket, pendingSecret };
}

/**
 * Step one: e-mail and password. An unknown address, a member without a password, a wrong
 * password and a disabled member all answer the same message after the same work (one scrypt);
 * a locked member with the right password learns how long the lock lasts.
 */
export async function signInStaff(
  ctx: AppContext,
  input: { email: string; password: string },
  origin: RequestOrigin,
): Promise<SignInStep> {
  const now = ctx.clock.now();
  const email = input.email.toLowerCase();
  const tries = await hitWindow(ctx.db, `staff-sign-in:email:${email}`, EMAIL_WINDOW_MS, now);
  if (tries.count > EMAIL_TRIES) throw rateLimited();
  const member = await findStaffByEmail(ctx.db, email);
  let matches: boolean;
  try {
    matches = await verifyPasswordOrBusy(
      input.password,
      member?.password_hash ?? (await dummyPasswordHash(ctx.config.passwordHashCost)),
      ctx.config.signInHashWaiting,
    );
  } catch (error) {
    if (error instanceof HashingBusyError) throw new AppError('RATE_LIMITED', 'signInBusy');
    throw error;
  }
  const reason: FailureReason | undefined = !member
    ? 'unknown-email'
    : !member.password_hash
      ? 'not-set-up'
      : !matches
        ? 'wrong-password'
        : member.status === 'disabled'
          ? 'disabled'
          : undefined;
  if (reason || !member) {
    // The address tried is kept only when it names nobody (who tried what, not a secret).
    await recordFailure(ctx, member, reason ?? 'unknown-email', origin, member ? {} : { email });
    throw badRequest('staffSignInFailed');
  }
  if (isLocked(member, now)) {
    await recordFailure(ctx, member, 'locked', origin);
    throw lockedError(member.locked_until!, now);
  }
  const opened = await ctx.db.transaction((tx) => openTicket(ctx, tx, member, now));
  if (opened.pendingSecret === undefined) return { step: 'code', ticket: opened.ticket };
  return {
    step: 'enrol',
    ticket: opened.ticket,
    enrolment: await enrolmentOf(ctx, member, opened.pendingSecret),
  };
}

/** Counts a wrong code (locking at the fifth) and throws what the member is told. */
async function refuseCode(
  ctx: AppContext,
  member: StaffRow,
  reason: FailureReason,
  origin: RequestOrigin,
  now: Date,
): Promise<never> {
  const lockUntil = new Date(now.getTime() + LOCK_MS);
  const outcome = await ctx.db.transaction(async (tx) => {
    const counted = await countWrongCode(tx, member.id, MAX_WRONG_CODES, now, lockUntil);
    await auditOwn(tx, member.id, origin, {
      action: 'staff.sign-in-failed',
      detail: { reason },
    });
    if (counted === 'locked-now') {
      await auditOwn(tx, member.id, origin, {
        action: 'staff.locked',
        detail: { until: lockUntil.toISOString(), failures: MAX_WRONG_CODES },
      });
    }
    return counted;
  });
  if (outcome === 'counted') throw badRequest('staffCodeInvalid');
  throw lockedError(outcome === 'locked-now' ? lockUntil : (member.locked_until ?? lockUntil), now);
}

/**
 * Step two: the ticket and a code. A TOTP code is accepted once per time step; a recovery code
 * once ever (and audited). At enrolment only a code from the new secret is accepted; it
 * confirms the secret and the answer carries the 10 recovery codes, shown once. Success uses
 * the ticket and opens a 12-hour session.
 */
export async function verifyStaffSignIn(
  ctx: AppContext,
  input: { ticket: string; code?: string; recoveryCode?: string },
  origin: RequestOrigin,
): Promise<StaffSignedIn> {
  const now = ctx.clock.now();
  const ticketHash = sha256(input.ticket);
  const staffId = await findLiveToken(ctx.db, ticketHash, 'sign-in', now);
  const member = staffId === undefined ? undefined : await findStaffById(ctx.db, staffId);
  if (!member || member.status === 'disabled' || !member.password_hash) {
    throw badRequest('staffTicketInvalid');
  }
  if (isLocked(member, now)) {
    await recordFailure(ctx, member, 'locked', origin);
    throw lockedError(member.locked_until!, now);
  }
  const key = ctx.config.staff.totpKey;
  const enrolling = member.totp_secret_enc === null;

  if (enrolling) {
    const secret =
      member.totp_pending_enc === null
        ? undefined
        : decryptSecret(key, member.id, member.totp_pending_enc);
    const step =
      secret === undefined || input.code === undefined ? null : matchTotp(secret, input.code, now);
    if (step === null || secret === undefined) {
      return refuseCode(ctx, member, 'wrong-code', origin, now);
    }
    const recoveryCodes = newRecoveryCodes();
    const signedIn = await ctx.db.transaction(async (tx) => {
      if ((await useToken(tx, ticketHash, 'sign-in', now)) === undefined) {
        throw badRequest('staffTicketInvalid');
      }
      await updateStaffRow(
        tx,
        member.id,
        {
          totp_secret_enc: encryptSecret(key, member.id, secret),
          totp_pending_enc: null,
          totp_last_step: step,
          failed_codes: 0,
          locked_until: null,
          status: 'active',
        },
        now,
      );
      await replaceRecoveryCodes(tx, member.id, recoveryCodes.map(hashRecoveryCode), now);
      await auditOwn(tx, member.id, origin, {
        action: 'staff.second-factor-enrolled',
        ...(member.status === 'invited'
          ? { before: { status: 'invited' }, after: { status: 'active' } }
          : {}),
      });
      return openSession(tx, member, origin, now, 'enrolment');
    });
    return { ...signedIn, me: meOf({ ...member, status: 'active' }), recoveryCodes };
  }

  const secret = decryptSecret(key, member.id, member.totp_secret_enc!);
  const step = input.code === undefined ? null : matchTotp(secret, input.code, now);
  if (input.code !== undefined && step === null) {
    return refuseCode(ctx, member, 'wrong-code', origin, now);
  }
  const result = await ctx.db.transaction(async (tx) => {
    // The code first: a refused one changes nothing, so the ticket stays usable.
    if (step !== null) {
      if (!(await acceptTotpStep(tx, member.id, step))) return 'reused-code' as const;
    } else if (
      input.recoveryCode === undefined ||
      !(await useRecoveryCode(tx, member.id, hashRecoveryCode(input.recoveryCode), now))
    ) {
      return 'wrong-recovery-code' as const;
    }
    if ((await useToken(tx, ticketHash, 'sign-in', now)) === undefined) {
      throw badRequest('staffTicketInvalid');
    }
    if (step === null) {
      await updateStaffRow(tx, member.id, { failed_codes: 0 }, now);
      await auditOwn(tx, member.id, origin, {
        action: 'staff.recovery-code-used',
        detail: { left: await countUnusedRecoveryCodes(tx, member.id) },
      });
    }
    return openSession(tx, member, origin, now, step === null ? 'recovery-code' : 'code');
  });
  if (typeof result === 'string') return refuseCode(ctx, member, result, origin, now);
  return { ...result, me: meOf(member) };
}

async function openSession(
  tx: Parameters<typeof startStaffSession>[0],
  member: StaffRow,
  origin: RequestOrigin,
  now: Date,
  method: 'code' | 'recovery-code' | 'enrolment',
): Promise<{ token: string; expiresAt: Date }> {
  const { token, session } = await startStaffSession(tx, member.id, origin, now);
  await recordAudit(tx, {
    staffId: member.id,
    action: 'staff.signed-in',
    target: { type: 'session', id: session.id },
    ip: origin.ip,
    detail: { method },
  });
  return { token, expiresAt: session.expires_at };
}

// ---------------------------------------------------------------------------------------------
// Set-up links

export interface SetupInfo {
  email: string;
  name: string;
  role: StaffRow['role'];
}

async function memberOfSetupLink(ctx: Pick<AppContext, 'db' | 'clock'>, token: string) {
  const staffId = await findLiveToken(ctx.db, sha256(token), 'setup', ctx.clock.now());
  const member = staffId === undefined ? undefined : await findStaffById(ctx.db, staffId);
  return member && member.status !== 'disabled' ? member : undefined;
}

/** Who a live set-up link is for (the page greets them); 404 for a used, expired or unknown one. */
export async function getSetupInfo(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  token: string,
): Promise<SetupInfo> {
  const member = await memberOfSetupLink(ctx, token);
  if (!member) throw new AppError('NOT_FOUND', 'staffSetupLinkInvalid');
  return { email: member.email, name: member.name, role: member.role };
}

/**
 * Uses a set-up link once: name and password are set, any earlier second factor, recovery
 * codes and sessions are gone, and the answer is the enrolment step of a sign-in.
 */
export async function completeSetup(
  ctx: AppContext,
  input: { token: string; name: string; password: string },
  origin: RequestOrigin,
): Promise<Extract<SignInStep, { step: 'enrol' }>> {
  if (!(await memberOfSetupLink(ctx, input.token))) throw badRequest('staffSetupLinkInvalid');
  const passwordHash = await hashPassword(input.password, ctx.config.passwordHashCost);
  const now = ctx.clock.now();
  const { member, opened } = await ctx.db.transaction(async (tx) => {
    const staffId = await useToken(tx, sha256(input.token), 'setup', now);
    const found = staffId === undefined ? undefined : await findStaffById(tx, staffId);
    if (!found || found.status === 'disabled') throw badRequest('staffSetupLinkInvalid');
    await clearSecondFactor(tx, found.id, { name: input.name, password_hash: passwordHash }, now);
    await retireTokens(tx, found.id, ['setup'], now);
    await revokeAllStaffSessions(tx, found.id, now);
    await auditOwn(tx, found.id, origin, {
      action: 'staff.setup-completed',
      ...(found.name === input.name
        ? {}
        : { before: { name: found.name }, after: { name: input.name } }),
    });
    const updated: StaffRow = { ...found, name: input.name, totp_secret_enc: null };
    return { member: updated, opened: await openTicket(ctx, tx, updated, now) };
  });
  return {
    step: 'enrol',
    ticket: opened.ticket,
    enrolment: await enrolmentOf(ctx, member, opened.pendingSecret!),
  };
}
