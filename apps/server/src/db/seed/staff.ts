import { eq } from 'drizzle-orm';
import { hashPassword } from '../../lib/passwords';
import { insertEnrolledStaff } from '../../modules/staff/staff.service';
import type { Transaction } from '../client';
import { advisers } from '../schema';
import { DEMO_INVITE_CODE } from './advisers';
import { DEMO_PASSWORD } from './parents';

/**
 * docs/product.md → Demo data: the TOTP secret of both demo staff accounts, fixed so the README
 * and the e2e tests can compute their codes. For the demo only: production refuses demo data.
 */
export const DEMO_STAFF_TOTP_SECRET = 'JBSWY3DPEHPK3PXP';
export const DEMO_ADMIN_EMAIL = 'admin@example.com';
export const DEMO_ADVISER_EMAIL = 'adviser@example.com';

/**
 * An admin and an adviser, enrolled (password `demo2026`, the fixed secret); the adviser is the
 * demo families' course adviser. The secret is encrypted under the configured key.
 */
export async function seedStaff(tx: Transaction, now: Date, totpKey: Buffer): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const [adviser] = await tx
    .select({ id: advisers.id })
    .from(advisers)
    .where(eq(advisers.invite_code, DEMO_INVITE_CODE))
    .limit(1);
  await insertEnrolledStaff(
    tx,
    totpKey,
    {
      email: DEMO_ADMIN_EMAIL,
      name: 'Alex Morgan',
      role: 'admin',
      passwordHash,
      totpSecret: DEMO_STAFF_TOTP_SECRET,
    },
    now,
  );
  await insertEnrolledStaff(
    tx,
    totpKey,
    {
      email: DEMO_ADVISER_EMAIL,
      name: 'Amy Chen',
      role: 'adviser',
      passwordHash,
      totpSecret: DEMO_STAFF_TOTP_SECRET,
      adviserId: adviser?.id,
    },
    now,
  );
}
