import type { AppContext } from '../../src/app-context';
import { newPublicId } from '../../src/lib/ids';
import { hashPassword } from '../../src/lib/passwords';
import {
  insertParent,
  type NewParent,
  type ParentRow,
} from '../../src/modules/parents/parents.service';
import { startSession } from '../../src/modules/auth/session.service';

let counter = 0;

/** A parent with a unique +86 phone and, unless `password: null`, the password `secret123`. */
export async function createParent(
  ctx: AppContext,
  overrides: Partial<NewParent> & { password?: string | null } = {},
): Promise<ParentRow & { password: string | null }> {
  counter += 1;
  const { password = 'secret123', ...rest } = overrides;
  const parent = await insertParent(ctx.db, {
    user_sn: newPublicId('P'),
    country_code: '86',
    mobile: `139${String(Date.now() % 1e4).padStart(4, '0')}${String(counter).padStart(4, '0')}`,
    password_hash:
      password === null ? null : await hashPassword(password, ctx.config.passwordHashCost),
    status: 1,
    ...rest,
  });
  return { ...parent, password };
}

/** A parent and a live bearer token for it. */
export async function createSignedInParent(
  ctx: AppContext,
  overrides: Parameters<typeof createParent>[1] = {},
) {
  const parent = await createParent(ctx, overrides);
  const token = await startSession(ctx, parent.id);
  return { parent, token, headers: { authorization: `Bearer ${token}` } };
}
