import { type Language } from '@portal/shared/i18n';
import { translate } from '../../lib/catalogue';
import type { AppContext } from '../../app-context';
import { AppError, badRequest } from '../../lib/app-error';
import {
  HashingBusyError,
  dummyPasswordHash,
  isHashingBooked,
  verifyPasswordOrBusy,
} from '../../lib/passwords';
import { newOpaqueToken, sha256 } from '../../lib/tokens';
import { hitWindow } from '../rate-limit/rate-limit.service';
import { requireSolvedCaptcha } from './captcha-gate';
import { checkCode, type Phone } from './codes.service';
import {
  findKnownDevice,
  insertKnownDevice,
  pruneKnownDevices,
  touchKnownDevice,
} from './devices.repository';
import {
  findParentByPhone,
  incrementFailedPasswords,
  updateParent,
  type ParentRow,
} from '../parents/parents.service';
import { startSession } from './session.service';
import { sendEmailToParent, sendSmsToParent } from '../messages/messages.service';
import {
  CAPTCHA_AFTER_FAILURES,
  clearThrottle,
  readThrottle,
  recordFailure,
} from './sign-in-throttle';

/**
 * NIST SP 800-63B § 5.2.2: at most 100 consecutive failed attempts on one account. From then on
 * a password alone (from an unknown device) is refused until a code sign-in or an e-mailed reset
 * (decisions 006 and 030). A known device is the stronger check that still lets the right
 * password in.
 */
export const PASSWORD_LOCK_THRESHOLD = 100;
/** A device is known for a year after its last sign-in; a parent keeps at most 20. */
export const DEVICE_LIFETIME_MS = 365 * 24 * 3_600_000;
export const MAX_DEVICES_PER_PARENT = 20;
/**
 * Places in the hashing queue only known devices may take, and they are served first (decision
 * 030): when a flood of strangers' sign-ins fills an instance, a returning parent still gets in
 * after at most the hashes already running.
 */
export const KNOWN_DEVICE_PLACES = 4;
/** At most one "your account is being guessed" notice per parent a day. */
const ALERT_WINDOW_MS = 24 * 3_600_000;

/** An opened session: the token is shown once (it is stored only hashed). */
export interface SignedIn {
  token: string;
  /** The parent's account status (0 while onboarding, spec §3). */
  status: number;
  userSn: string;
  /** A new device token for the browser to keep (decision 030); absent when its own is still good. */
  deviceToken?: string;
  /** When a pending account deletion erases the account (issue #25): the sign-in offers to cancel. */
  deletionDueAt: Date | null;
}

export interface SignInMeta {
  ip: string;
  language: Language;
  /** Where a failed notice goes (it is sent after the answer). */
  log: (error: unknown) => void;
}

async function knownDeviceOf(
  ctx: AppContext,
  parent: ParentRow | undefined,
  device: string | undefined,
): Promise<number | undefined> {
  if (!parent || !device || device.length < 20) return undefined;
  const since = new Date(ctx.clock.now().getTime() - DEVICE_LIFETIME_MS);
  return findKnownDevice(ctx.db, parent.id, sha256(device), since);
}

/**
 * Ends the failure streaks, remembers the device and opens the session. A language chosen on the
 * sign-in page is the parent's latest choice and replaces the account's (decision 036).
 */
async function completeSignIn(
  ctx: AppContext,
  parent: ParentRow,
  input: Phone & { time_zone?: string; language?: Language },
  ip: string,
  knownDeviceId: number | undefined,
): Promise<SignedIn> {
  const now = ctx.clock.now();
  await updateParent(
    ctx.db,
    parent.id,
    {
      failed_password_attempts: 0,
      ...(input.time_zone ? { time_zone: input.time_zone } : {}),
      ...(input.language ? { language: input.language } : {}),
    },
    now,
  );
  await clearThrottle(ctx.db, input, ip, knownDeviceId);
  let deviceToken: string | undefined;
  if (knownDeviceId !== undefined) {
    await touchKnownDevice(ctx.db, knownDeviceId, now);
  } else {
    deviceToken = newOpaqueToken();
    await insertKnownDevice(ctx.db, parent.id, sha256(deviceToken), now);
    await pruneKnownDevices(
      ctx.db,
      parent.id,
      new Date(now.getTime() - DEVICE_LIFETIME_MS),
      MAX_DEVICES_PER_PARENT,
    );
  }
  const token = await startSession(ctx, parent.id);
  return {
    token,
    status: parent.status,
    userSn: parent.user_sn,
    ...(deviceToken ? { deviceToken } : {}),
    deletionDueAt: parent.deletion_due_at,
  };
}

function waitError(blockedUntil: Date, isPause: boolean, now: Date): AppError {
  const seconds = Math.max(1, Math.ceil((blockedUntil.getTime() - now.getTime()) / 1000));
  return isPause
    ? new AppError(
        'RATE_LIMITED',
        'signInPaused',
        { minutes: Math.ceil(seconds / 60) },
        { retry_after: seconds },
      )
    : new AppError('RATE_LIMITED', 'signInWait', { seconds }, { retry_after: seconds });
}

/** Tells the parent, by e-mail or else by SMS, that their password is being guessed. */
async function alertParent(
  ctx: AppContext,
  parent: ParentRow,
  failures: number,
  meta: SignInMeta,
): Promise<void> {
  const window = await hitWindow(
    ctx.db,
    `signin-alert:${parent.id}`,
    ALERT_WINDOW_MS,
    ctx.clock.now(),
  );
  if (window.count > 1) return;
  const language = parent.language ?? meta.language;
  const sending = parent.email
    ? sendEmailToParent(ctx, {
        parentId: parent.id,
        kind: 'sign-in-alert',
        email: {
          to: parent.email,
          subject: translate(language, 'signInAlertSubject'),
          text: translate(language, 'signInAlertText', { count: failures }),
        },
      })
    : sendSmsToParent(ctx, {
        parentId: parent.id,
        kind: 'sign-in-alert',
        phone: parent,
        text: translate(language, 'signInAlertSms', { count: failures }),
      });
  sending.catch(meta.log);
}

/**
 * A sign-in from a browser that shows no device token, while this instance's password hashing is
 * fully booked: refused with a quick 429 before any database work. The HTTP edge calls it before
 * the per-address counter is written too, so a flood of strangers costs the instance almost
 * nothing and its health checks stay fast (decision 030).
 */
export function refuseStrangersWhenBooked(ctx: Pick<AppContext, 'config'>, device: unknown): void {
  if (!device && isHashingBooked(ctx.config.signInHashWaiting))
    throw new AppError('RATE_LIMITED', 'signInBusy');
}

/**
 * Password sign-in (decision 030). An unknown phone, a parent without a password and a wrong
 * password answer the same message after the same work (one scrypt). Before any hashing, from a
 * device that has not signed in to the account before: the waits and pauses of the phone and of
 * this address for it, the 100-failure ceiling and, after a few failures, the captcha. A known
 * device skips those (other people's wrong passwords never refuse its right one) and is slowed
 * only by its own failures. Hashing itself is capped per instance (`signInBusy`), with a few places kept for
 * known devices.
 */
export async function loginWithPassword(
  ctx: AppContext,
  input: Phone & {
    password: string;
    time_zone?: string;
    captcha?: string;
    device?: string;
    language?: Language;
  },
  meta: SignInMeta,
): Promise<SignedIn> {
  // Cheapest first: a fully booked instance answers before any database work, unless the
  // browser says it is a known device (checked below, it may take the reserved places).
  refuseStrangersWhenBooked(ctx, input.device);
  const waiting = ctx.config.signInHashWaiting;
  const now = ctx.clock.now();
  const parent = await findParentByPhone(ctx.db, input.country_code, input.mobile);
  const knownDeviceId = parent?.password_hash
    ? await knownDeviceOf(ctx, parent, input.device)
    : undefined;
  const throttle = await readThrottle(ctx.db, input, meta.ip, knownDeviceId, now);
  if (throttle.blockedUntil) throw waitError(throttle.blockedUntil, throttle.isPause, now);
  if (knownDeviceId === undefined) {
    if (parent && parent.failed_password_attempts >= PASSWORD_LOCK_THRESHOLD)
      throw badRequest('passwordLocked');
    if (throttle.phoneFailures >= CAPTCHA_AFTER_FAILURES)
      await requireSolvedCaptcha(ctx, input.captcha, 'signInCaptchaRequired', now);
  }

  let matches: boolean;
  try {
    matches = await verifyPasswordOrBusy(
      input.password,
      parent?.password_hash ?? (await dummyPasswordHash(ctx.config.passwordHashCost)),
      waiting + (knownDeviceId === undefined ? 0 : KNOWN_DEVICE_PLACES),
      knownDeviceId !== undefined,
    );
  } catch (error) {
    if (error instanceof HashingBusyError) throw new AppError('RATE_LIMITED', 'signInBusy');
    throw error;
  }
  if (parent?.password_hash && matches)
    return completeSignIn(ctx, parent, input, meta.ip, knownDeviceId);

  const failure = await recordFailure(ctx.db, input, meta.ip, knownDeviceId, now);
  if (!parent?.password_hash) throw badRequest('passwordWrong');
  const failures = await incrementFailedPasswords(ctx.db, parent.id);
  if (failure.startsPause) await alertParent(ctx, parent, failure.phoneFailures, meta);
  throw badRequest(failures >= PASSWORD_LOCK_THRESHOLD ? 'passwordLocked' : 'passwordWrong');
}

/** Code sign-in; also lifts the password lock and the failure streaks (decision 030). */
export async function loginWithCode(
  ctx: AppContext,
  input: Phone & { code: string; time_zone?: string; device?: string; language?: Language },
  meta: Pick<SignInMeta, 'ip'>,
): Promise<SignedIn> {
  const parent = await findParentByPhone(ctx.db, input.country_code, input.mobile);
  if (!parent) throw badRequest('userNotExist');
  await checkCode(ctx, input, 'login', input.code, true);
  return completeSignIn(
    ctx,
    parent,
    input,
    meta.ip,
    await knownDeviceOf(ctx, parent, input.device),
  );
}
