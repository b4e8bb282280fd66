import { z } from 'zod';

/**
 * The self-hosted proof-of-work captcha (decisions.md → Outside services; decision 020): the
 * browser finds a `nonce` such that SHA-256(salt + nonce), over UTF-8 bytes, starts with
 * `difficulty` zero bits. The answer travels as `"<challenge id>.<nonce>"`.
 */
export const CaptchaChallengeSchema = z.object({
  id: z.string(),
  salt: z.string(),
  /** Leading zero bits the hash must have. */
  difficulty: z.number().int(),
  expires_at: z.string(),
});
export type CaptchaChallenge = z.infer<typeof CaptchaChallengeSchema>;

const SOLUTION_PATTERN = /^([A-Za-z0-9_-]{16,64})\.(\d{1,16})$/;

/** The solved captcha a form sends (field `captcha`); missing or malformed → captchaRequired. */
export const CaptchaSolutionSchema = z
  .string({ error: 'captchaRequired' })
  .trim()
  .regex(SOLUTION_PATTERN, 'captchaRequired');

export function formatCaptchaSolution(id: string, nonce: number): string {
  return `${id}.${nonce}`;
}

export function parseCaptchaSolution(value: string): { id: string; nonce: string } | undefined {
  const match = SOLUTION_PATTERN.exec(value);
  return match ? { id: match[1]!, nonce: match[2]! } : undefined;
}

/** The text that is hashed for one try. */
export function captchaInput(salt: string, nonce: number | string): string {
  return `${salt}${nonce}`;
}

/** How many zero bits a hash starts with. */
export function leadingZeroBits(hash: Uint8Array): number {
  let bits = 0;
  for (const byte of hash) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}

export function meetsDifficulty(hash: Uint8Array, difficulty: number): boolean {
  return leadingZeroBits(hash) >= difficulty;
}
