import type { CaptchaChallenge } from '@portal/shared/onboarding';

/** What redeeming a captcha solution found. */
export type CaptchaVerdict = 'ok' | 'invalid' | 'used';

/**
 * Tells people from scripts before an account is created (decisions.md → Outside services: a
 * self-hosted proof of work, no third-party script on a children's service). Implementations:
 * the local proof of work (default); a vendor adapter would implement the same two methods.
 */
export interface CaptchaProvider {
  /** Which implementation this is. */
  readonly kind: 'local-pow';
  /** A new challenge for one browser to solve; valid for a few minutes, single use. */
  issue(now: Date): Promise<CaptchaChallenge>;
  /**
   * Checks a solution (`"<id>.<nonce>"`) and uses the challenge up, atomically: of two parallel
   * redemptions of one challenge at most one answers `ok`. `used` also covers expired and
   * unknown challenges; `invalid` a nonce that does not meet the difficulty (the challenge is
   * used up all the same, so each guess costs a new proof of work).
   */
  redeem(solution: string, now: Date): Promise<CaptchaVerdict>;
}
