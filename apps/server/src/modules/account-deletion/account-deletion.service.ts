import { DELETION_GRACE_DAYS } from '@portal/shared/account-deletion';
import { maskPhone } from '@portal/shared/auth';
import type { Language } from '@portal/shared/i18n';
import type { AppContext } from '../../app-context';
import { AppError, badRequest, rateLimited, unauthenticated } from '../../lib/app-error';
import { verifyPassword } from '../../lib/passwords';
import { recordAudit } from '../audit/audit.service';
import { checkCode, sendCode, type SendCodeOptions } from '../auth/codes.service';
import { getAccount } from '../credits/credits.service';
import { findChildren } from '../children/children.service';
import { findParentById, type ParentRow } from '../parents/parents.service';
import { hitWindow } from '../rate-limit/rate-limit.service';
import { stopPlanRenewal, findRunningPlan } from './plan-of-deleted-account';
import { clearDeletionRequest, markDeletionRequested } from './account-deletion.repository';

/*
 * A parent deleting their own account (issue #25, docs/retention.md): asked for with the
 * password or an SMS code, erased by the erasure job after a 14-day grace period during which
 * signing in offers "cancel deletion". The school's audit log gets the request, the cancel and
 * the erasure with their dates, never the erased data.
 */

const DAY_MS = 86_400_000;
/** Wrong passwords on the deletion form, per parent and hour (the sign-in has its own limits). */
const WRONG_PASSWORDS_PER_HOUR = 5;
const HOUR_MS = 3_600_000;

export interface DeletionStatus {
  pending: boolean;
  requestedAt: Date | null;
  dueAt: Date | null;
  graceDays: number;
  wouldEraseAt: Date;
  hasPassword: boolean;
  phoneMasked: string;
  credits: { paid: number; reward: number };
  children: number;
  plan: { titleEn: string; titleZh: string; endsAt: Date; renews: boolean } | null;
}

export interface DeletionConfirmation {
  password?: string | undefined;
  code?: string | undefined;
}

async function requireParent(ctx: Pick<AppContext, 'db'>, parentId: number): Promise<ParentRow> {
  const parent = await findParentById(ctx.db, parentId);
  if (!parent || parent.erased_at) throw unauthenticated();
  return parent;
}

/**
 * What deleting the account means now: the pending request if any, and the preview the
 * confirmation names — credits forfeited at erasure, children erased, the plan that stops
 * renewing at once.
 */
export async function getDeletionStatus(
  ctx: AppContext,
  parentId: number,
): Promise<DeletionStatus> {
  const parent = await requireParent(ctx, parentId);
  const [account, children, plan] = await Promise.all([
    getAccount(ctx, parentId),
    findChildren(ctx, parentId),
    findRunningPlan(ctx, parentId),
  ]);
  return {
    pending: parent.deletion_due_at !== null,
    requestedAt: parent.deletion_requested_at,
    dueAt: parent.deletion_due_at,
    graceDays: DELETION_GRACE_DAYS,
    wouldEraseAt: new Date(ctx.clock.now().getTime() + DELETION_GRACE_DAYS * DAY_MS),
    hasPassword: parent.password_hash !== null,
    phoneMasked: maskPhone(parent.country_code, parent.mobile),
    credits: { paid: account.purchased, reward: account.reward },
    children: children.length,
    plan,
  };
}

/** Sends a sign-in code to the account's own phone, to confirm the deletion with it. */
export async function sendDeletionCode(
  ctx: AppContext,
  parentId: number,
  ip: string,
  language: Language,
  options: Pick<SendCodeOptions, 'warn'>,
): Promise<void> {
  const parent = await requireParent(ctx, parentId);
  await sendCode(
    ctx,
    { country_code: parent.country_code, mobile: parent.mobile },
    'login',
    ip,
    language,
    options,
  );
}

async function confirmIdentity(
  ctx: AppContext,
  parent: ParentRow,
  confirmation: DeletionConfirmation,
): Promise<'password' | 'sms-code'> {
  if (confirmation.code !== undefined) {
    // Single use and 5 wrong tries at most, like a sign-in code.
    await checkCode(
      ctx,
      { country_code: parent.country_code, mobile: parent.mobile },
      'login',
      confirmation.code,
      true,
    );
    return 'sms-code';
  }
  if (confirmation.password === undefined) throw badRequest('deletionConfirmRequired');
  if (!parent.password_hash) throw badRequest('passwordNotSet');
  const window = await hitWindow(
    ctx.db,
    `account-deletion:password:${parent.id}`,
    HOUR_MS,
    ctx.clock.now(),
  );
  if (window.count > WRONG_PASSWORDS_PER_HOUR) throw rateLimited('tooManyRequests');
  if (!(await verifyPassword(confirmation.password, parent.password_hash)))
    throw badRequest('deletionPasswordWrong');
  return 'password';
}

const alreadyRequested = (dueAt: Date) =>
  new AppError('CONFLICT', 'deletionAlreadyRequested', { date: dueAt.toISOString().slice(0, 10) });

/**
 * Asks for the account's deletion: confirmed by the password or a code, erased
 * `DELETION_GRACE_DAYS` later. The plan stops renewing at once (billing's cancel at the period's
 * end, so nothing more is charged). A second request while one is pending changes nothing.
 */
export async function requestDeletion(
  ctx: AppContext,
  parentId: number,
  confirmation: DeletionConfirmation,
  ip: string | null,
): Promise<DeletionStatus> {
  const parent = await requireParent(ctx, parentId);
  if (parent.deletion_due_at) throw alreadyRequested(parent.deletion_due_at);
  const method = await confirmIdentity(ctx, parent, confirmation);
  const now = ctx.clock.now();
  const dueAt = new Date(now.getTime() + DELETION_GRACE_DAYS * DAY_MS);
  const marked = await ctx.db.transaction(async (tx) => {
    if (!(await markDeletionRequested(tx, parentId, now, dueAt))) return false;
    await recordAudit(tx, {
      staffId: null,
      action: 'account.deletion-requested',
      parentId,
      ip,
      detail: { by: 'parent', method, dueAt: dueAt.toISOString() },
    });
    return true;
  });
  // Two requests at once: the second one's update found the first one's mark.
  if (!marked) {
    const again = await requireParent(ctx, parentId);
    throw alreadyRequested(again.deletion_due_at ?? dueAt);
  }
  await stopPlanRenewal(ctx, parentId);
  return getDeletionStatus(ctx, parentId);
}

/** Cancels a pending deletion (the grace period): the account stays as it was. */
export async function cancelDeletion(
  ctx: AppContext,
  parentId: number,
  ip: string | null,
): Promise<DeletionStatus> {
  await requireParent(ctx, parentId);
  const now = ctx.clock.now();
  const cleared = await ctx.db.transaction(async (tx) => {
    const before = await clearDeletionRequest(tx, parentId, now);
    if (!before) return false;
    await recordAudit(tx, {
      staffId: null,
      action: 'account.deletion-cancelled',
      parentId,
      ip,
      detail: { by: 'parent', requestedAt: before.requestedAt?.toISOString() ?? null },
    });
    return true;
  });
  if (!cleared) throw badRequest('deletionNotRequested');
  return getDeletionStatus(ctx, parentId);
}
