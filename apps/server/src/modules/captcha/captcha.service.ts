import { randomBytes } from 'node:crypto';
import { CAPTCHA_VALID_MS, type CaptchaChallenge } from '@portal/shared/onboarding';
import type { AppContext } from '../../app-context';
import type { DbOrTx } from '../../db/client';
import { deleteExpiredChallenges, insertChallenge, useChallenge } from './captcha.repository';

/** What redeeming a captcha solution found. */
export type CaptchaVerdict = 'ok' | 'invalid' | 'used';

/**
 * A new challenge for one browser (decisions 020 and 041): signed by the captcha provider and
 * stored, so that any instance can redeem it once, within CAPTCHA_VALID_MS of the app's clock.
 */
export async function issueCaptcha(ctx: AppContext): Promise<CaptchaChallenge> {
  const now = ctx.clock.now();
  const id = randomBytes(16).toString('base64url');
  const expiresAt = new Date(now.getTime() + CAPTCHA_VALID_MS);
  const challenge = await ctx.providers.captcha.challenge({ id, expiresAt });
  await insertChallenge(ctx.db, {
    id,
    salt: challenge.parameters.salt,
    difficulty: ctx.config.captcha.difficulty,
    expires_at: expiresAt,
  });
  return challenge;
}

/**
 * Checks a solution and uses its challenge up, atomically: of two parallel redemptions of one
 * challenge at most one answers `ok`. `used` also covers expired and unknown challenges;
 * `invalid` a payload that is no solution of a challenge we signed (its challenge, when it
 * names a live one, is used up all the same, so each guess costs a new proof of work).
 */
export async function redeemCaptcha(
  ctx: AppContext,
  solution: string,
  now: Date,
): Promise<CaptchaVerdict> {
  const id = ctx.providers.captcha.challengeIdOf(solution);
  if (!id) return 'invalid';
  if (!(await useChallenge(ctx.db, id, now))) return 'used';
  return (await ctx.providers.captcha.solves(solution)) ? 'ok' : 'invalid';
}

/** Housekeeping (jobs): drops challenges that expired an hour ago. Idempotent. */
export async function deleteExpiredCaptchas(db: DbOrTx, now: Date): Promise<void> {
  await deleteExpiredChallenges(db, now);
}
