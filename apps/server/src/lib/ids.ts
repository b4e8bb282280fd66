import { randomBytes } from 'node:crypto';

/**
 * Public ids (user_sn, student_sn, order_no …): a prefix and 12 random hex digits. Random, not
 * sequential, so one parent's id says nothing about another's.
 */
export function newPublicId(prefix: string): string {
  return `${prefix}${randomBytes(6).toString('hex').toUpperCase()}`;
}
