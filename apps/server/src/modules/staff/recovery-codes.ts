import { randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@portal/shared/staff';
import { sha256 } from '../../lib/tokens';

/** Letters and digits that cannot be mistaken for one another on paper (no 0/o, 1/l/i). */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const CODE_LENGTH = 10;

/**
 * Ten single-use recovery codes (docs/product.md → Staff), printed `abcde-fghjk`: about 49 bits
 * each, shown once, stored as SHA-256 (random, so no salt or KDF is needed, like tokens).
 */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    let code = '';
    for (let i = 0; i < CODE_LENGTH; i += 1) code += ALPHABET[randomInt(0, ALPHABET.length)];
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
}

/** The stored form of a code as typed or printed (dashes, spaces and case do not matter). */
export function hashRecoveryCode(code: string): string {
  return sha256(code.replace(/[\s-]/g, '').toLowerCase());
}
