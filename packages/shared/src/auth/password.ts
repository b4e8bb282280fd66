import { z } from 'zod';

/** docs/product.md → Sign-in: at least 8, at most 128, a letter and a digit, printable only. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** True when the password follows the rule (message `passwordLessThan` otherwise). */
export function isValidPassword(password: string): boolean {
  return (
    password.length >= PASSWORD_MIN_LENGTH &&
    password.length <= PASSWORD_MAX_LENGTH &&
    /[A-Za-z]/.test(password) &&
    /\d/.test(password) &&
    // Printable characters only: no control characters; spaces and symbols are allowed.
    !/[\p{Cc}\p{Cs}]/u.test(password)
  );
}

/** A new password: required (`emptyKey`) and following the rule (`passwordLessThan`). */
export function newPasswordField(emptyKey: 'passwordEmpty' | 'newPswEmpty' | 'currentpswEmpty') {
  return z
    .string({ error: emptyKey })
    .min(1, emptyKey)
    .refine(isValidPassword, { message: 'passwordLessThan' });
}

/**
 * A password typed to sign in: only required (spec §5 — the combined sign-in only requires it),
 * bounded so a huge body cannot make hashing slow.
 */
export const SignInPasswordSchema = z
  .string({ error: 'passwordEmpty' })
  .min(1, 'passwordEmpty')
  .max(PASSWORD_MAX_LENGTH, 'passwordLessThan');
