import type { FastifyPluginAsync } from 'fastify';
import { STAFF_ROLES, type StaffRole } from '@portal/shared/staff';
import type { AppContext } from '../../src/app-context';
import type { StaffAuthenticator } from '../../src/http/ops';
import { buildTestApp, type BuildTestAppOptions, type TestApp } from './app';

/**
 * The staff edge's test helper (fastify/demo's buildTestApp, for `/api/ops`). Until staff
 * accounts exist (issue #21) a staff member is a fake bearer token per role: the app under test
 * gets an authenticator that knows exactly these tokens, and nothing else names a staff member
 * (a parent's session token included).
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
export function buildOpsTestApp(options: BuildOpsTestAppOptions = {}): Promise<TestApp> {
  const { routes, ...rest } = options;
  return buildTestApp({
    ...rest,
    staffAuthenticator: fakeStaffAuthenticator,
    opsRoutes: routes ?? [],
  });
}
