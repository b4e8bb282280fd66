import type { CaptchaChallenge } from '@portal/shared/onboarding';

/**
 * Tells people from scripts before an account is created or a guessed password is tried
 * (decisions 020, 030 and 041): a self-hosted proof of work, no third-party script on a
 * children's service. The provider is the crypto only; which challenge was used, and until when
 * one is accepted, is kept in the database by the captcha module.
 */
export interface CaptchaProvider {
  /** Which implementation this is. */
  readonly kind: 'altcha';
  /** A new signed challenge whose signed data carries `id` and `expiresAt`. */
  challenge(claim: { id: string; expiresAt: Date }): Promise<CaptchaChallenge>;
  /** The challenge id a solution names, or undefined when it is no well-formed solution. */
  challengeIdOf(solution: string): string | undefined;
  /** Does the solution solve a challenge this portal signed? (Whatever its age or use.) */
  solves(solution: string): Promise<boolean>;
}
