import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'drizzle-orm';
import { STAFF_ROLES, type StaffRole } from '@portal/shared/staff';
import type { AppContext } from '../../src/app-context';
import type { StaffAuthenticator } from '../../src/http/ops';
import { buildTestApp, type BuildTestAppOptions, type TestApp } from './app';

/**
 * The staff edge's test helper (fastify/demo's buildTestApp, for `/api/ops`). A staff member is a
 * fake bearer token per role: the app under test gets an authenticator that knows exactly these
 * tokens, and nothing else names a staff member (a parent's session token included). The three
 * members exist as rows (ids 1–3, active), so audit entries and corrections can name them. The
 * real sign-in (password and TOTP) is tested on its own routes.
 */
export const STAFF_TOKENS: Readonly<Record<StaffRole, string>> = {
  admin: 'test-staff-admin-token-0000000000000000000',
  adviser: 'test-staff-adviser-token-00000000000000000',
  teacher: 'test-staff-teacher-token-00000000000000000',
};

/** Staff ids of the fake members: 1 admin, 2 adviser, 3 teacher. */
export const STAFF_IDS: Readonly<Record<StaffRole, number>> = {
  admin: 1,
  adviser: 2,
  teacher: 3,
};

export const fakeStaffAuthenticator: StaffAuthenticator = async (_ctx, token) => {
  const role = STAFF_ROLES.find((candidate) => STAFF_TOKENS[candidate] === token);
  return role ? { staffId: STAFF_IDS[role], role } : undefined;
};

/** The headers of a request made by the staff member of `role`. */
export function staffHeaders(role: StaffRole): { authorization: string } {
  return { authorization: `Bearer ${STAFF_TOKENS[role]}` };
}

export interface BuildOpsTestAppOptions extends Omit<
  BuildTestAppOptions,
  'staffAuthenticator' | 'opsRoutes'
> {
  /** The ops route plugins under test (each route declares `config.permission`). */
  routes?: readonly FastifyPluginAsync<{ ctx: AppContext }>[];
}

/** The real app on a fresh database, its staff edge opened by the fake tokens above. */
export async function buildOpsTestApp(options: BuildOpsTestAppOptions = {}): Promise<TestApp> {
  const { routes, ...rest } = options;
  const t = await buildTestApp({
    ...rest,
    staffAuthenticator: fakeStaffAuthenticator,
    ...(routes ? { opsRoutes: routes } : {}),
  });
  for (const role of STAFF_ROLES) {
    await t.ctx.db.execute(
      sql`insert into staff (id, email, name, role, status)
          values (${STAFF_IDS[role]}, ${`${role}@staff.test`}, ${`Test ${role}`}, ${role}, 'active')`,
    );
  }
  await t.ctx.db.execute(sql`select setval('staff_id_seq', 100)`);
  return t;
}
