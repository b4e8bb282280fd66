import { firstWordOfShortMessage, sha256 } from './sha256';

// No import of @portal/shared here: it would pull zod into the worker. The rule is the shared
// one (SHA-256 of salt + nonce, leading zero bits), checked against it in pow.test.ts.
function zeroBits(hash: Uint8Array): number {
  let bits = 0;
  for (const byte of hash) {
    if (byte !== 0) return bits + Math.clz32(byte) - 24;
    bits += 8;
  }
  return bits;
}

const encoder = new TextEncoder();
/** Inputs up to 55 bytes fit one SHA-256 block; the server's salts are 32 hex characters. */
const SINGLE_BLOCK_MAX = 55;

/**
 * Tries nonces `from` … `from + count - 1`; answers the first whose SHA-256(salt + nonce) starts
 * with `difficulty` zero bits, or undefined. Called in slices (in a worker, or on the page
 * between frames) so the search can be stopped and show progress.
 */
export function searchNonce(
  salt: string,
  difficulty: number,
  from: number,
  count: number,
): number | undefined {
  const saltBytes = encoder.encode(salt);
  const message = new Uint8Array(64);
  message.set(saltBytes);
  const block = new Uint32Array(16);
  for (let nonce = from; nonce < from + count; nonce += 1) {
    const digits = String(nonce);
    const length = saltBytes.length + digits.length;
    if (difficulty <= 32 && length <= SINGLE_BLOCK_MAX) {
      for (let i = 0; i < digits.length; i += 1)
        message[saltBytes.length + i] = digits.charCodeAt(i);
      const first = firstWordOfShortMessage(message, length, block);
      if (Math.clz32(first) >= difficulty) return nonce;
    } else if (zeroBits(sha256(encoder.encode(`${salt}${nonce}`))) >= difficulty) {
      return nonce;
    }
  }
  return undefined;
}
