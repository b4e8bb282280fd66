import { createHmac } from 'node:crypto';
import { parseCaptchaPayload, type CaptchaChallenge } from '@portal/shared/onboarding';
import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { CaptchaProvider } from './captcha';

/** ALTCHA counters are 32-bit. */
const MAX_COUNTER = 0xffff_ffff;

const fromBase64 = (text: string) => Buffer.from(text, 'base64').toString('utf8');

/**
 * The captcha with ALTCHA (`altcha-lib` here, the `altcha` widget in the page; decision 041).
 * One SHA-256 per try, as the proof of work before it. ALTCHA's "deterministic" mode: the
 * server draws a secret counter from 1…2^(difficulty+1) and publishes the first half of the
 * key it derives, so the browser tries 2^difficulty counters on average — what today's
 * "difficulty leading zero bits" cost — but never more than twice that (no unlucky minute-long
 * searches). Checking a solution is one HMAC of the key it found (the challenge's
 * `keySignature`). ALTCHA's own `expiresAt` is not set: it is checked against the machine's
 * clock, while our expiry follows the app's clock and lives with the single-use row.
 */
export function createAltchaCaptchaProvider(options: {
  hmacKey: string;
  difficulty: number;
}): CaptchaProvider {
  const signatureSecret = options.hmacKey;
  // A second secret for the derived keys' signatures, fixed by the first.
  const keySignatureSecret = createHmac('sha256', options.hmacKey)
    .update('altcha key signature')
    .digest('hex');
  const maxCounter = Math.min(2 ** (options.difficulty + 1), MAX_COUNTER);
  return {
    kind: 'altcha',
    async challenge({ id, expiresAt }) {
      const challenge = await createChallenge({
        algorithm: 'SHA-256',
        cost: 1,
        counter: randomInt(maxCounter),
        deriveKey,
        data: { id, expires_at: expiresAt.toISOString() },
        hmacSignatureSecret: signatureSecret,
        hmacKeySignatureSecret: keySignatureSecret,
      });
      return challenge as CaptchaChallenge;
    },
    challengeIdOf(solution) {
      return parseCaptchaPayload(solution, fromBase64)?.challenge.parameters.data.id;
    },
    async solves(solution) {
      const payload = parseCaptchaPayload(solution, fromBase64);
      if (!payload) return false;
      const result = await verifySolution({
        // The whole payload as sent: the signature covers every parameter.
        challenge: payload.challenge as unknown as Parameters<
          typeof verifySolution
        >[0]['challenge'],
        solution: payload.solution,
        deriveKey,
        hmacSignatureSecret: signatureSecret,
        hmacKeySignatureSecret: keySignatureSecret,
      });
      return result.verified;
    },
  };
}
