import type { MessageKey } from '@portal/shared/i18n';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { redeemCaptcha } from '../captcha/captcha.service';

/** `data` of an answer that needs a (new) solved captcha: the web app shows the check and resends. */
export const CAPTCHA_REQUIRED_DATA = { captcha_required: true } as const;

/**
 * Redeems the captcha a request carries (decisions 020, 030 and 041), or refuses the request:
 * `missingKey` without a solution, `captchaUsed` / `captchaInvalid` for a spent or wrong one.
 * Every refusal carries `captcha_required`, so the client knows to solve a new challenge.
 */
export async function requireSolvedCaptcha(
  ctx: AppContext,
  solution: string | undefined,
  missingKey: MessageKey,
  now: Date,
): Promise<void> {
  if (!solution) throw new AppError('BAD_REQUEST', missingKey, {}, CAPTCHA_REQUIRED_DATA);
  const verdict = await redeemCaptcha(ctx, solution, now);
  if (verdict === 'used')
    throw new AppError('BAD_REQUEST', 'captchaUsed', {}, CAPTCHA_REQUIRED_DATA);
  if (verdict === 'invalid')
    throw new AppError('BAD_REQUEST', 'captchaInvalid', {}, CAPTCHA_REQUIRED_DATA);
}
