import { type Language } from '@portal/shared/i18n';
import { translate } from '../../lib/catalogue';
import type { AppContext } from '../../app-context';
import { AppError, badRequest, conflict, unauthenticated } from '../../lib/app-error';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { newOpaqueToken, sha256 } from '../../lib/tokens';
import type { Phone } from './codes.service';
import {
  findParentByEmail,
  findParentById,
  findParentByPhone,
  updateParent,
  updateParentEmail,
  type ParentRow,
} from '../parents/parents.service';
import { insertResetToken, retireResetTokens, useResetToken } from './reset-tokens.repository';
import { endOtherSessions, endSession } from './session.service';
import { sendEmailToParent } from '../messages/messages.service';

/** Issue #3: reset links are valid 30 minutes. */
export const RESET_LINK_MINUTES = 30;

/** Whether a phone has an account, and its status (0 when there is none). */
export async function checkUser(
  ctx: AppContext,
  phone: Phone,
): Promise<{ exists: boolean; status: number }> {
  const parent = await findParentByPhone(ctx.db, phone.country_code, phone.mobile);
  return { exists: Boolean(parent), status: parent?.status ?? 0 };
}

async function requireParentRow(ctx: AppContext, parentId: number): Promise<ParentRow> {
  const parent = await findParentById(ctx.db, parentId);
  if (!parent) throw unauthenticated();
  return parent;
}

/** Change with the current password; every other session of the parent ends (issue #3). */
export async function changePassword(
  ctx: AppContext,
  session: { parentId: number; sessionId: number },
  oldPassword: string,
  newPassword: string,
): Promise<void> {
  const parent = await requireParentRow(ctx, session.parentId);
  if (!parent.password_hash) throw badRequest('passwordNotSet');
  if (!(await verifyPassword(oldPassword, parent.password_hash))) throw badRequest('passwordWrong');
  const hash = await hashPassword(newPassword, ctx.config.passwordHashCost);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await updateParent(tx, parent.id, { password_hash: hash, failed_password_attempts: 0 }, now);
    // Issue #18 item 6: a link sent before the change must not undo it.
    await retireResetTokens(tx, parent.id, now);
  });
  await endOtherSessions(ctx, parent.id, session.sessionId);
}

/** First password of an account created by code (status 0 registration). */
export async function setFirstPassword(
  ctx: AppContext,
  parentId: number,
  password: string,
): Promise<void> {
  const parent = await requireParentRow(ctx, parentId);
  if (parent.password_hash) throw conflict('passwordAlreadySet');
  const hash = await hashPassword(password, ctx.config.passwordHashCost);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await updateParent(tx, parent.id, { password_hash: hash }, now);
    await retireResetTokens(tx, parent.id, now);
  });
}

export async function hasPassword(ctx: AppContext, parentId: number): Promise<boolean> {
  return Boolean((await requireParentRow(ctx, parentId)).password_hash);
}

/**
 * Sends a one-time reset link when the e-mail belongs to an account. The caller answers the same
 * message either way; the e-mail goes out after the answer so its timing tells nothing either.
 */
export async function requestPasswordReset(
  ctx: AppContext,
  email: string,
  language: Language,
  log: (error: unknown) => void,
) {
  const parent = await findParentByEmail(ctx.db, email);
  if (!parent || !parent.email) return;
  const token = newOpaqueToken();
  const now = ctx.clock.now();
  // Issue #18 item 6: a new link retires every older one, so only the newest e-mail works.
  await ctx.db.transaction(async (tx) => {
    await retireResetTokens(tx, parent.id, now);
    await insertResetToken(
      tx,
      parent.id,
      sha256(token),
      new Date(now.getTime() + RESET_LINK_MINUTES * 60_000),
    );
  });
  const link = `${ctx.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  const lang = parent.language ?? language;
  const sending = sendEmailToParent(ctx, {
    parentId: parent.id,
    kind: 'password-reset',
    email: {
      to: parent.email,
      subject: translate(lang, 'resetMailSubject'),
      text: translate(lang, 'resetMailText', { link, minutes: RESET_LINK_MINUTES }),
    },
  });
  sending.catch(log);
}

/**
 * Uses a reset link once: sets the password, retires the parent's other links and ends every
 * session of the parent.
 */
export async function resetPasswordWithLink(
  ctx: AppContext,
  token: string,
  password: string,
): Promise<void> {
  const hash = await hashPassword(password, ctx.config.passwordHashCost);
  const now = ctx.clock.now();
  const parentId = await ctx.db.transaction(async (tx) => {
    const id = await useResetToken(tx, sha256(token), now);
    if (id === undefined) return undefined;
    await updateParent(tx, id, { password_hash: hash, failed_password_attempts: 0 }, now);
    // Any other outstanding link of the parent dies with this one (issue #18 item 6).
    await retireResetTokens(tx, id, now);
    return id;
  });
  if (parentId === undefined) throw new AppError('BAD_REQUEST', 'resetLinkInvalid');
  await endOtherSessions(ctx, parentId, null);
}

export async function updateEmail(ctx: AppContext, parentId: number, email: string): Promise<void> {
  const owner = await findParentByEmail(ctx.db, email);
  if (owner && owner.id !== parentId) throw conflict('emailTaken');
  if (!(await updateParentEmail(ctx.db, parentId, email, ctx.clock.now())))
    throw conflict('emailTaken');
}

export async function setLanguage(
  ctx: AppContext,
  parentId: number,
  language: Language,
): Promise<void> {
  await updateParent(ctx.db, parentId, { language }, ctx.clock.now());
}

export async function logout(ctx: AppContext, sessionId: number): Promise<void> {
  await endSession(ctx, sessionId);
}
