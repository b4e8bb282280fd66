import {
  CODE_MAX_WRONG_TRIES,
  CODE_VALID_MINUTES,
  RESEND_COUNTDOWN_SECONDS,
  VERIFICATION_CODE_LENGTH,
} from '@portal/shared/auth';
import { type Language } from '@portal/shared/i18n';
import { translate } from '../../lib/catalogue';
import type { AppContext } from '../../app-context';
import { AppError, badRequest, rateLimited } from '../../lib/app-error';
import { newNumericCode, safeEqual, sha256 } from '../../lib/tokens';
import { clearWindow, hitWindow } from '../rate-limit/rate-limit.service';
import {
  consumeCode,
  countWrongTry,
  insertCode,
  lockLatestLiveCode,
  retireCodes,
  type CodeScene,
} from './codes.repository';
import { requireSolvedCaptcha } from './captcha-gate';
import { findParentByPhone } from '../parents/parents.service';
import { sendSmsToParent } from '../messages/messages.service';

/** Decision 006: ≤ 1 per 60 s and ≤ 5 per hour per phone, ≤ 30 an hour per address. */
const PER_PHONE_HOURLY = 5;
const PER_IP_HOURLY = 30;
const HOUR_MS = 3_600_000;

export interface Phone {
  country_code: string;
  mobile: string;
}

const e164 = (phone: Phone) => `+${phone.country_code}${phone.mobile}`;

/** A budget this full is logged once per hour as a warning (decision 030). */
const BUDGET_WARNING_SHARE = 0.8;

export interface SendCodeOptions {
  /** The solved captcha; required with scene `register` (decision 030). */
  captcha?: string;
  /** Where a budget warning goes (no phone number, only the calling code and the counts). */
  warn: (details: Record<string, string | number>, message: string) => void;
}

/**
 * Counts one code against an hourly budget shared by every instance; refuses past the budget and
 * warns once when the budget is 80 % used (SMS pumping, issue #18 item 5).
 */
async function spendBudget(
  ctx: AppContext,
  key: string,
  budget: number,
  details: Record<string, string | number>,
  warn: SendCodeOptions['warn'],
  now: Date,
): Promise<void> {
  const { count } = await hitWindow(ctx.db, key, HOUR_MS, now);
  if (count === Math.ceil(budget * BUDGET_WARNING_SHARE))
    warn({ ...details, count, budget }, 'SMS budget 80 % used this hour');
  if (count > budget) throw rateLimited('smsBudgetExhausted');
}

/**
 * Sends a sign-in (`login`) or registration (`register`) code. Sign-in codes go only to known
 * phones ("User Does Not Exist"), registration codes only to new ones (decision 020), and only
 * with a solved captcha (decision 030). The limits are database windows, so several instances
 * and parallel requests share them: per address, per phone, then the hourly budgets of the
 * calling code and of the whole service.
 */
export async function sendCode(
  ctx: AppContext,
  phone: Phone,
  scene: CodeScene,
  ip: string,
  language: Language,
  options: SendCodeOptions,
): Promise<void> {
  const parent = await findParentByPhone(ctx.db, phone.country_code, phone.mobile);
  if (scene === 'login' && !parent) throw badRequest('userNotExist');
  if (scene === 'register' && parent) throw badRequest('userExists');

  const now = ctx.clock.now();
  // Anyone may ask for a registration code to any number: each one costs a proof of work.
  if (scene === 'register')
    await requireSolvedCaptcha(ctx, options.captcha, 'captchaRequired', now);
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
  // The calling code's budget first: a pumped country then stops before it eats the global one.
  const { smsBudget } = ctx.config;
  await spendBudget(
    ctx,
    `sms:country-hour:${phone.country_code}`,
    smsBudget.byCountry[phone.country_code] ?? smsBudget.perCountry,
    { scope: 'country', country_code: phone.country_code },
    options.warn,
    now,
  );
  await spendBudget(
    ctx,
    'sms:global-hour',
    smsBudget.hourly,
    { scope: 'global' },
    options.warn,
    now,
  );

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
  await sendSmsToParent(ctx, {
    parentId: parent?.id ?? null,
    phone,
    text,
    kind: scene === 'login' ? 'sign-in-code' : 'registration-code',
  });
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
