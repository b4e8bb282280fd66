import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { availableParallelism } from 'node:os';
import PQueue from 'p-queue';

/** docs/product.md → Sign-in: scrypt N=2^17, r=8, p=1. Tests lower `cost` to stay fast. */
export const DEFAULT_SCRYPT_COST = 17;
const KEY_LENGTH = 32;

/**
 * Hashes run one core short of the machine (at least one at a time): each takes 128 MiB and a
 * whole core, and libuv's four threads would otherwise run four at once on a 2-core machine,
 * starving the event loop and doubling memory without finishing any sooner (docs/performance.md).
 */
export const HASH_SLOTS = Math.max(1, availableParallelism() - 1);

/**
 * At most HASH_SLOTS hashes at once (p-queue); a waiting `urgent` one (a known device's sign-in,
 * decision 030) starts before every waiting ordinary one, which keep their order. A finishing
 * hash starts the next waiter at once, so no newcomer slips in between.
 */
const hashSlots = new PQueue({ concurrency: HASH_SLOTS });
const URGENT = 1;

/** Sign-in verifications running or waiting in this instance (see `verifyPasswordOrBusy`). */
let signInHashes = 0;

/** Thrown by `verifyPasswordOrBusy` when the instance's hashing is already fully booked. */
export class HashingBusyError extends Error {
  override readonly name = 'HashingBusyError';
}

function scryptAsync(
  password: string,
  salt: Buffer,
  options: ScryptOptions,
  urgent = false,
): Promise<Buffer> {
  // The async form runs in libuv's thread pool: hashing never blocks the event loop.
  return hashSlots.add(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
          error ? reject(error) : resolve(key),
        );
      }),
    { priority: urgent ? URGENT : 0 },
  );
}

function optionsFor(cost: number, r: number, p: number): ScryptOptions {
  // scrypt needs 128 · N · r bytes; Node's default cap (32 MiB) is below N=2^17.
  return { N: 2 ** cost, r, p, maxmem: 256 * 1024 * 1024 };
}

/** `scrypt$<log2 N>$<r>$<p>$<salt b64>$<hash b64>`: the parameters travel with the hash. */
export async function hashPassword(password: string, cost = DEFAULT_SCRYPT_COST): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, optionsFor(cost, 8, 1));
  return ['scrypt', cost, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
}

const dummyHashes = new Map<number, Promise<string>>();
/**
 * A hash to verify against when the account is unknown, so that both paths of a sign-in cost
 * one scrypt (made once per cost).
 */
export function dummyPasswordHash(cost: number): Promise<string> {
  let hash = dummyHashes.get(cost);
  if (!hash) {
    hash = hashPassword('not-a-real-password-0', cost);
    dummyHashes.set(cost, hash);
  }
  return hash;
}

/** `urgent`: ahead of every waiting ordinary hash (a known device's sign-in). */
export async function verifyPassword(
  password: string,
  stored: string,
  urgent = false,
): Promise<boolean> {
  const [scheme, cost, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !cost || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await scryptAsync(
    password,
    Buffer.from(salt, 'base64'),
    optionsFor(Number(cost), Number(r), Number(p)),
    urgent,
  );
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Would a sign-in verification now be refused (`verifyPasswordOrBusy` with `maxWaiting`)? */
export function isHashingBooked(maxWaiting: number): boolean {
  return signInHashes >= HASH_SLOTS + maxWaiting;
}

/**
 * `verifyPassword` for the unauthenticated sign-in (decision 030): at most HASH_SLOTS run and
 * `maxWaiting` wait in this instance; one more is refused at once with HashingBusyError instead
 * of joining an unbounded queue, so a flood of wrong passwords cannot push every sign-in (and
 * the event loop's other work) seconds back. A per-instance cap: CPU is per instance.
 */
export async function verifyPasswordOrBusy(
  password: string,
  stored: string,
  maxWaiting: number,
  urgent = false,
): Promise<boolean> {
  if (isHashingBooked(maxWaiting)) throw new HashingBusyError();
  signInHashes += 1;
  try {
    return await verifyPassword(password, stored, urgent);
  } finally {
    signInHashes -= 1;
  }
}
