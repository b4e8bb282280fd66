/**
 * The captcha's plain limits (decisions 020 and 041), apart from its schemas so that the sign-in
 * form's schema (auth/requests.ts) takes the number without the challenge's schemas.
 */

/** Longest payload a form may send (ours are ~700 characters of base64). */
export const CAPTCHA_SOLUTION_MAX_LENGTH = 4000;

/** A challenge must be solved and used within this time (decision 020). */
export const CAPTCHA_VALID_MS = 5 * 60_000;
