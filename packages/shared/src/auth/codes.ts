import { z } from 'zod';

/**
 * Spec §9: six digits, a 60 s resend countdown; valid 5 minutes, 5 wrong tries (docs/product.md →
 * Sign-in).
 */
export const VERIFICATION_CODE_LENGTH = 6;
export const RESEND_COUNTDOWN_SECONDS = 60;
export const CODE_VALID_MINUTES = 5;
export const CODE_MAX_WRONG_TRIES = 5;

export const VerificationCodeSchema = z
  .string({ error: 'verificationEmpty' })
  .trim()
  .min(1, 'verificationEmpty')
  .regex(/^\d{6}$/, 'verificationError');
