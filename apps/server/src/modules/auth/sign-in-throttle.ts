import type { DbOrTx } from '../../db/client';
import { clearWindows, hitStreak, readWindows } from '../rate-limit/rate-limit.service';
import type { Phone } from './codes.service';

/**
 * Throttling of password sign-in (decision 030, issue #18 item 3). Two streaks of consecutive
 * wrong passwords are counted in `rate_limit_counters`, so every instance sees them: one per
 * phone, one per phone and address. Each failure makes the next try wait; every `lockEvery`-th
 * failure pauses password sign-in for 15 minutes, doubling up to a day. A streak is forgotten
 * two quiet days after its last failure, and a successful sign-in ends it.
 */
export interface ThrottleRule {
  /** From this many failures on, the next try waits 1 s, then 2 s, 4 s … up to MAX_DELAY_MS. */
  delayFrom: number;
  /** Each multiple of this many failures pauses password sign-in (15 min, doubling). */
  lockEvery: number;
}

/** Per phone, whatever the address: gentle, because an attacker can run it up for anyone. */
export const PHONE_RULE: ThrottleRule = { delayFrom: 3, lockEvery: 10 };
/** Per phone and address: stricter, it mostly slows the address doing the guessing. */
export const PHONE_IP_RULE: ThrottleRule = { delayFrom: 2, lockEvery: 5 };
/**
 * Per known device: a known device skips the phone's streaks (an attacker elsewhere cannot lock
 * it out), but its own wrong passwords slow it down as strictly (a stolen laptop).
 */
export const DEVICE_RULE: ThrottleRule = PHONE_IP_RULE;
/** From this many failures for a phone, a sign-in needs the proof-of-work captcha. */
export const CAPTCHA_AFTER_FAILURES = 3;

const SECOND = 1000;
const MINUTE = 60 * SECOND;
export const MAX_DELAY_MS = MINUTE;
export const FIRST_LOCK_MS = 15 * MINUTE;
export const MAX_LOCK_MS = 24 * 60 * MINUTE;
/** Longer than the longest lock, so a streak outlives its lock and keeps growing. */
export const STREAK_QUIET_MS = 2 * MAX_LOCK_MS;

/** How long after the `failures`-th consecutive failure the next try must wait (0: none). */
export function waitAfter(failures: number, rule: ThrottleRule): number {
  if (failures > 0 && failures % rule.lockEvery === 0) {
    return Math.min(FIRST_LOCK_MS * 2 ** (failures / rule.lockEvery - 1), MAX_LOCK_MS);
  }
  if (failures >= rule.delayFrom) {
    return Math.min(SECOND * 2 ** (failures - rule.delayFrom), MAX_DELAY_MS);
  }
  return 0;
}

const e164 = (phone: Phone) => `+${phone.country_code}${phone.mobile}`;
const phoneKey = (phone: Phone) => `signin:phone:${e164(phone)}`;
const phoneIpKey = (phone: Phone, ip: string) => `signin:phone-ip:${e164(phone)}|${ip}`;
const deviceKey = (deviceId: number) => `signin:device:${deviceId}`;

export interface ThrottleState {
  /** Consecutive failures for the phone (from any address). */
  phoneFailures: number;
  /** The end of the current wait or pause, or null when a try is allowed now. */
  blockedUntil: Date | null;
  /** Whether the wait is a pause (a lock of at least 15 minutes) rather than a short delay. */
  isPause: boolean;
}

/**
 * The state a try starts from: the streaks of the phone and of this address for it, or, from a
 * known device (`deviceId`), only the device's own streak.
 */
export async function readThrottle(
  db: DbOrTx,
  phone: Phone,
  ip: string,
  deviceId: number | undefined,
  now: Date,
): Promise<ThrottleState> {
  const rules: [string, ThrottleRule][] =
    deviceId === undefined
      ? [
          [phoneKey(phone), PHONE_RULE],
          [phoneIpKey(phone, ip), PHONE_IP_RULE],
        ]
      : [[deviceKey(deviceId), DEVICE_RULE]];
  const windows = await readWindows(db, [phoneKey(phone), ...rules.map(([key]) => key)], now);
  let blockedUntil: Date | null = null;
  let longest = 0;
  for (const [key, rule] of rules) {
    const streak = windows.get(key);
    if (!streak) continue;
    const lastFailure = streak.resetAt.getTime() - STREAK_QUIET_MS;
    const wait = waitAfter(streak.count, rule);
    const until = lastFailure + wait;
    if (until > now.getTime() && (!blockedUntil || until > blockedUntil.getTime())) {
      blockedUntil = new Date(until);
      longest = wait;
    }
  }
  return {
    phoneFailures: windows.get(phoneKey(phone))?.count ?? 0,
    blockedUntil,
    isPause: longest >= FIRST_LOCK_MS,
  };
}

/** Counts a wrong password; answers the phone's streak (for the pause notice). */
export async function recordFailure(
  db: DbOrTx,
  phone: Phone,
  ip: string,
  deviceId: number | undefined,
  now: Date,
): Promise<{ phoneFailures: number; startsPause: boolean }> {
  const phoneFailures = await hitStreak(db, phoneKey(phone), STREAK_QUIET_MS, now);
  await hitStreak(db, phoneIpKey(phone, ip), STREAK_QUIET_MS, now);
  if (deviceId !== undefined) await hitStreak(db, deviceKey(deviceId), STREAK_QUIET_MS, now);
  return {
    phoneFailures,
    startsPause: waitAfter(phoneFailures, PHONE_RULE) >= FIRST_LOCK_MS,
  };
}

/** A successful sign-in ends the streaks of the phone, of this address for it and of the device. */
export async function clearThrottle(
  db: DbOrTx,
  phone: Phone,
  ip: string,
  deviceId: number | undefined,
): Promise<void> {
  await clearWindows(db, [
    phoneKey(phone),
    phoneIpKey(phone, ip),
    ...(deviceId === undefined ? [] : [deviceKey(deviceId)]),
  ]);
}
