import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** 256 random bits, URL-safe (opaque session tokens: docs/product.md → Sign-in). */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens and codes are stored as SHA-256 only; they are random, so no salt or KDF is needed. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/**
 * A numeric code of `length` digits from a CSPRNG (verification codes: docs/product.md → Sign-in).
 */
export function newNumericCode(length: number): string {
  let code = '';
  for (let i = 0; i < length; i += 1) code += String(randomInt(0, 10));
  return code;
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
