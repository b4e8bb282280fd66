import { createHash, randomBytes } from 'node:crypto';
import {
  captchaInput,
  meetsDifficulty,
  parseCaptchaSolution,
  type CaptchaChallenge,
} from '@portal/shared/onboarding';
import type { Database } from '../../db/client';
import { insertChallenge, useChallenge } from '../../modules/registration/captcha.repository';
import type { CaptchaProvider } from './captcha';

/** A challenge must be solved and used within this time (decision 020). */
export const CAPTCHA_VALID_MS = 5 * 60_000;

/**
 * The self-hosted proof of work: the browser searches a nonce such that SHA-256(salt + nonce)
 * has `difficulty` leading zero bits (about 2^difficulty hashes); the server checks one hash.
 * Challenges live in the database, so any instance can redeem what another issued.
 */
export function createLocalPowCaptchaProvider(
  db: Database,
  options: { difficulty: number },
): CaptchaProvider {
  return {
    kind: 'local-pow',
    async issue(now): Promise<CaptchaChallenge> {
      const challenge = {
        id: randomBytes(16).toString('base64url'),
        salt: randomBytes(16).toString('hex'),
        difficulty: options.difficulty,
        expires_at: new Date(now.getTime() + CAPTCHA_VALID_MS),
      };
      await insertChallenge(db, challenge);
      return { ...challenge, expires_at: challenge.expires_at.toISOString() };
    },
    async redeem(solution, now) {
      const parsed = parseCaptchaSolution(solution);
      if (!parsed) return 'invalid';
      const challenge = await useChallenge(db, parsed.id, now);
      if (!challenge) return 'used';
      const hash = createHash('sha256').update(captchaInput(challenge.salt, parsed.nonce)).digest();
      return meetsDifficulty(new Uint8Array(hash), challenge.difficulty) ? 'ok' : 'invalid';
    },
  };
}
