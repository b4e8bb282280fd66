import type { Language } from '@portal/shared/i18n';
import {
  extraParamsOf,
  type CheckpointBody,
  type SignUpBodySchema,
} from '@portal/shared/onboarding';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import { badRequest, conflict } from '../../lib/app-error';
import { newPublicId } from '../../lib/ids';
import { findAdviserByCode, findDefaultAdviser } from '../advisers/advisers.service';
import { allowNextCodeNow, checkCode } from '../auth/codes.service';
import { startSession } from '../auth/session.service';
import { findParentByEmail, findParentByPhone, insertParent } from '../parents/parents.service';
import { isUniqueViolation } from '../../db/errors';
import { redeemCaptcha } from '../captcha/captcha.service';
import {
  findRegistrationByParent,
  insertCheckpoint,
  insertRegistration,
} from './registration.repository';

type SignUpInput = z.output<typeof SignUpBodySchema>;

/** A new parent, signed in: their public number, their adviser's invite code and a session. */
export interface Registered {
  userSn: string;
  inviteCode: string | null;
  token: string;
  status: number;
}

/**
 * Registration (spec §7 signUpUser; docs/product.md → Registration and onboarding). Checks run
 * cheapest first and nothing is created unless all pass: a phone with an account, an unknown invite
 * code or a taken e-mail are refused before the captcha is used; then the captcha is redeemed
 * (once), then the SMS code of scene "register" is used. The parent gets no password and status 0,
 * the adviser of the invite code (or the default adviser), and a registration record keeping the
 * landing page and every parameter of its address. The SMS code just proved the phone, so the new
 * parent is signed in at once, with a session token. `language` is the one they registered in, kept
 * on the account.
 */
export async function signUp(
  ctx: AppContext,
  input: SignUpInput,
  language: Language,
): Promise<Registered> {
  const phone = { country_code: input.country_code, mobile: input.mobile };
  if (await findParentByPhone(ctx.db, phone.country_code, phone.mobile))
    throw badRequest('userExists');
  const adviser = input.code
    ? await findAdviserByCode(ctx, input.code)
    : await findDefaultAdviser(ctx);
  if (input.code && !adviser) throw badRequest('inviteCodeInvalid');
  if (input.email && (await findParentByEmail(ctx.db, input.email))) throw conflict('emailTaken');

  const now = ctx.clock.now();
  const verdict = await redeemCaptcha(ctx, input.captcha, now);
  if (verdict === 'used') throw badRequest('captchaUsed');
  if (verdict === 'invalid') throw badRequest('captchaInvalid');
  await checkCode(ctx, phone, 'register', input.verification, true);

  try {
    const parent = await ctx.db.transaction(async (tx) => {
      const parent = await insertParent(tx, {
        user_sn: newPublicId('P'),
        ...phone,
        password_hash: null,
        status: 0,
        name: input.nickname ?? null,
        email: input.email?.toLowerCase() ?? null,
        wechat: input.wechat_id ?? null,
        language,
        adviser_id: adviser?.id ?? null,
        // An adviser's invite code is who referred the parent (dashboard "referrer").
        referer: input.code && adviser ? adviser.name : null,
        referer_code: input.code && adviser ? adviser.inviteCode : null,
        created_at: now,
        updated_at: now,
      });
      await insertRegistration(tx, {
        parent_id: parent.id,
        landingpage_id: input.landingpage_id,
        invite_code: input.code ?? null,
        adviser_id: adviser?.id ?? null,
        child_nickname: input.child_nickname ?? null,
        params: extraParamsOf(input),
        created_at: now,
      });
      return parent;
    });
    // Decision 020: the parent signs in by code next; no "wait a minute" right after registering.
    await allowNextCodeNow(ctx, phone);
    const token = await startSession(ctx, parent.id);
    return {
      userSn: parent.user_sn,
      inviteCode: adviser?.inviteCode ?? null,
      token,
      status: parent.status,
    };
  } catch (error) {
    // Two registrations of one phone (or one e-mail) at once: the unique indexes decide.
    if (isUniqueViolation(error, 'parents_email_uq')) throw conflict('emailTaken');
    if (isUniqueViolation(error)) throw badRequest('userExists');
    throw error;
  }
}

/** What sign-up stored for a parent (their landing page, invite code and link parameters). */
export async function findRegistrationOfParent(ctx: Pick<AppContext, 'db'>, parentId: number) {
  return findRegistrationByParent(ctx.db, parentId);
}

/** Spec §7 addCheckPointsLog: one row per checkpoint; no IP, no phone. */
export async function recordCheckpoint(
  ctx: AppContext,
  checkpoint: Required<Pick<CheckpointBody, 'type'>> & { value: string; user_sn?: string },
): Promise<void> {
  await insertCheckpoint(ctx.db, {
    type: Number(checkpoint.type),
    value: checkpoint.value,
    user_sn: checkpoint.user_sn ?? null,
    created_at: ctx.clock.now(),
  });
}
