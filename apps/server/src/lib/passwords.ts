import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { createLimiter } from './limiter';

/** decisions.md → Accounts: scrypt N=2^17, r=8, p=1. Tests lower `cost` to stay fast. */
export const DEFAULT_SCRYPT_COST = 17;
const KEY_LENGTH = 32;

/**
 * Hashes run one core short of the machine (at least one at a time): each takes 128 MiB and a
 * whole core, and libuv's four threads would otherwise run four at once on a 2-core machine,
 * starving the event loop and doubling memory without finishing any sooner (docs/performance.md).
 */
const hashSlots = createLimiter(Math.max(1, availableParallelism() - 1));

function scryptAsync(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  // The async form runs in libuv's thread pool: hashing never blocks the event loop.
  return hashSlots(
    () =>
      new Promise((resolve, reject) => {
        scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
          error ? reject(error) : resolve(key),
        );
      }),
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

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, cost, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !cost || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await scryptAsync(
    password,
    Buffer.from(salt, 'base64'),
    optionsFor(Number(cost), Number(r), Number(p)),
  );
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
