import {
  CODE_MAX_WRONG_TRIES,
  CODE_VALID_MINUTES,
  RESEND_COUNTDOWN_SECONDS,
  VERIFICATION_CODE_LENGTH,
} from '@portal/shared/auth';
import { translate, type Language } from '@portal/shared/i18n';
import type { AppContext } from '../../app-context';
import { AppError, badRequest, rateLimited } from '../../lib/app-error';
import { newNumericCode, safeEqual, sha256 } from '../../lib/tokens';
import { clearWindow, hitWindow } from '../rate-limit/rate-limit.repository';
import {
  consumeCode,
  countWrongTry,
  insertCode,
  lockLatestLiveCode,
  retireCodes,
  type CodeScene,
} from './codes.repository';
import { findParentByPhone } from './parents.repository';

/** decisions.md → Accounts: ≤ 1 per 60 s and ≤ 5 per hour per phone; the IP limit is ours. */
const PER_PHONE_HOURLY = 5;
const PER_IP_HOURLY = 30;
const HOUR_MS = 3_600_000;

export interface Phone {
  country_code: string;
  mobile: string;
}

const e164 = (phone: Phone) => `+${phone.country_code}${phone.mobile}`;

/**
 * Sends a sign-in (`login`) or registration (`register`) code. Sign-in codes go only to known
 * phones ("User Does Not Exist"), registration codes only to new ones (decisions.md).
 * The limits are database windows, so several instances and parallel requests share them.
 */
export async function sendCode(
  ctx: AppContext,
  phone: Phone,
  scene: CodeScene,
  ip: string,
  language: Language,
): Promise<void> {
  const parent = await findParentByPhone(ctx.db, phone.country_code, phone.mobile);
  if (scene === 'login' && !parent) throw badRequest('userNotExist');
  if (scene === 'register' && parent) throw badRequest('userExists');

  const now = ctx.clock.now();
  // The IP window first, so one address cannot burn other phones' hourly allowance.
  const byIp = await hitWindow(ctx.db, `sms:ip:${ip}`, HOUR_MS, now);
  if (byIp.count > PER_IP_HOURLY) throw rateLimited('tooManyRequests');
  const minute = await hitWindow(
    ctx.db,
    `sms:phone-minute:${e164(phone)}`,
    RESEND_COUNTDOWN_SECONDS * 1000,
    now,
  );
  if (minute.count > 1) throw rateLimited('codeSendTooSoon');
  const hour = await hitWindow(ctx.db, `sms:phone-hour:${e164(phone)}`, HOUR_MS, now);
  if (hour.count > PER_PHONE_HOURLY) throw rateLimited('codeSendTooMany');

  const code = newNumericCode(VERIFICATION_CODE_LENGTH);
  await ctx.db.transaction(async (tx) => {
    await retireCodes(tx, phone, scene, now);
    await insertCode(tx, {
      ...phone,
      scene,
      code_hash: sha256(`${e164(phone)}:${code}`),
      expires_at: new Date(now.getTime() + CODE_VALID_MINUTES * 60_000),
    });
  });
  const text = translate(parent?.language ?? language, 'smsCodeText', {
    code,
    minutes: CODE_VALID_MINUTES,
  });
  await ctx.providers.sms.send(e164(phone), text);
}

/**
 * Lifts the one-minute resend wait of a phone whose registration just used its code, so the new
 * parent can ask for a sign-in code at once; the hourly limit stays.
 */
export async function allowNextCodeNow(ctx: AppContext, phone: Phone): Promise<void> {
  await clearWindow(ctx.db, `sms:phone-minute:${e164(phone)}`);
}

/**
 * Checks a code: single use (`consume`), at most 5 wrong tries, 5 minutes. The row lock makes
 * parallel guesses count one after another.
 */
export async function checkCode(
  ctx: AppContext,
  phone: Phone,
  scene: CodeScene,
  code: string,
  consume: boolean,
): Promise<void> {
  const now = ctx.clock.now();
  const outcome = await ctx.db.transaction(async (tx) => {
    const row = await lockLatestLiveCode(tx, phone, scene, now);
    if (!row) return 'codeInvalid' as const;
    if (row.attempts >= CODE_MAX_WRONG_TRIES) return 'codeTooManyTries' as const;
    if (!safeEqual(row.code_hash, sha256(`${e164(phone)}:${code}`))) {
      await countWrongTry(tx, row.id);
      return row.attempts + 1 >= CODE_MAX_WRONG_TRIES
        ? ('codeTooManyTries' as const)
        : ('codeWrong' as const);
    }
    if (consume) await consumeCode(tx, row.id, now);
    return 'ok' as const;
  });
  if (outcome !== 'ok') throw new AppError('BAD_REQUEST', outcome);
}
