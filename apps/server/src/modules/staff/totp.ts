import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

/**
 * The staff's second factor (docs/product.md → Staff): RFC 6238 TOTP through `otpauth` with the
 * parameters every authenticator app understands (SHA-1, 6 digits, 30-second steps), one step of
 * clock drift either way, and the secret encrypted at rest with AES-256-GCM under STAFF_TOTP_KEY.
 */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_WINDOW = 1;
const TOTP_ALGORITHM = 'SHA1';
const TOTP_DIGITS = 6;
/** 160 bits, the size RFC 4226 recommends for SHA-1. */
const SECRET_BYTES = 20;

/** A new random secret, base32 (what the app shows for typing by hand). */
export function newTotpSecret(): string {
  return new Secret({ size: SECRET_BYTES }).base32;
}

/** The `otpauth://totp/…` address the QR code carries. */
export function otpauthUrl(secret: string, issuer: string, account: string): string {
  return new TOTP({
    issuer,
    label: account,
    algorithm: TOTP_ALGORITHM,
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  }).toString();
}

/** The QR code of `url` as an SVG document (shown once, at enrolment). */
export function qrSvg(url: string): Promise<string> {
  return QRCode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
}

/**
 * The time step a code belongs to when it is right for `secret` at `now` (±1 step), or null.
 * The caller accepts a step once: a code seen before must not open a second session (RFC 6238
 * §5.2), so it stores the step and refuses any step not after it.
 */
export function matchTotp(secret: string, code: string, now: Date): number | null {
  const delta = TOTP.validate({
    token: code,
    secret: Secret.fromBase32(secret),
    algorithm: TOTP_ALGORITHM,
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    timestamp: now.getTime(),
    window: TOTP_WINDOW,
  });
  if (delta === null) return null;
  return TOTP.counter({ period: TOTP_PERIOD_SECONDS, timestamp: now.getTime() }) + delta;
}

const FORMAT = 'v1';
const IV_BYTES = 12;

/**
 * `v1.<iv>.<tag>.<ciphertext>` (base64url). The staff id is the additional authenticated data,
 * so a ciphertext copied onto another member's row does not decrypt.
 */
export function encryptSecret(key: Buffer, staffId: number, secret: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(`staff:${staffId}`));
  const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [FORMAT, iv, cipher.getAuthTag(), ciphertext]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The secret, or an error when the key, the member or the text is not the one it was made with. */
export function decryptSecret(key: Buffer, staffId: number, stored: string): string {
  const [format, iv, tag, ciphertext] = stored.split('.');
  if (format !== FORMAT || !iv || !tag || ciphertext === undefined) {
    throw new Error('not an encrypted TOTP secret');
  }
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(`staff:${staffId}`));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([
    decipher.update(Buffer.from(ciphertext, 'base64url')),
    decipher.final(),
  ]).toString('utf8');
}
