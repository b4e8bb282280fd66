import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { can, isPermission, type Permission, type StaffRole } from '@portal/shared/staff';
import type { AppContext } from '../../app-context';
import { AppError, unauthenticated } from '../../lib/app-error';
import { bearerToken } from '../../plugins/auth';

/** The signed-in staff member of an ops request. */
export interface StaffMember {
  staffId: number;
  role: StaffRole;
  /** The session the request came with (absent for the tests' fake tokens). */
  sessionId?: number;
}

/** Turns a bearer token into a staff member, or nothing (unknown, expired, revoked, a parent's). */
export type StaffAuthenticator = (
  ctx: AppContext,
  token: string,
) => Promise<StaffMember | undefined>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * What an `/api/ops` route needs (packages/shared/src/staff): every ops route declares one.
     * `public` is the few routes that come before a session (sign-in, set-up links).
     */
    permission?: Permission | typeof PUBLIC;
  }
  interface FastifyRequest {
    /** Set by the staff edge's hook on every `/api/ops` route. */
    staff: StaffMember | null;
  }
}

/** The routes that need no session (sign-in, set-up links): declared, never implied. */
export const PUBLIC = 'public';

/** Names nobody: every route but the public ones answers 401 (tests of the bare edge). */
export const noStaffYet: StaffAuthenticator = async () => undefined;

export interface OpsEdgeOptions {
  ctx: AppContext;
  authenticate: StaffAuthenticator;
  /** The ops route plugins, one per feature (`http/ops/<feature>.routes.ts`). */
  routes: readonly FastifyPluginAsync<{ ctx: AppContext }>[];
}

/** The staff member of a route behind the staff edge (its hook has run). */
export function staffOf(request: FastifyRequest): StaffMember {
  if (!request.staff) throw unauthenticated();
  return request.staff;
}

/**
 * The school's HTTP edge, registered under `/api/ops`: what staff can do is this folder. Every
 * route must declare `config.permission` (registration fails otherwise), and a request gets
 * through only with a staff session whose role has that permission (`requireStaff`), or, on a
 * route that declares `public`, without one (sign-in and set-up; they limit their rate). A parent's
 * token names no staff member, so it opens no ops route; the parents' edge refuses staff tokens
 * the same way.
 */
export const opsEdge: FastifyPluginAsync<OpsEdgeOptions> = async (app, options) => {
  app.decorateRequest('staff', null);
  app.addHook('onRoute', (route) => {
    const permission = route.config?.permission;
    if (permission !== PUBLIC && !isPermission(permission)) {
      throw new Error(`${route.method} ${route.url}: an ops route must declare its permission`);
    }
  });
  app.addHook('onRequest', async (request) => {
    const permission = request.routeOptions.config.permission;
    // An unknown /api/ops address: the not-found handler answers (no route, no permission).
    if (!permission || permission === PUBLIC) return;
    await requireStaff(options.ctx, options.authenticate, request, permission);
  });
  for (const routes of options.routes) await app.register(routes, { ctx: options.ctx });
};

/** 401 without a staff session, 403 when the member's role lacks the permission. */
export async function requireStaff(
  ctx: AppContext,
  authenticate: StaffAuthenticator,
  request: FastifyRequest,
  permission: Permission,
): Promise<void> {
  const token = bearerToken(request);
  const staff = token ? await authenticate(ctx, token) : undefined;
  if (!staff) throw unauthenticated();
  if (!can(staff.role, permission)) throw new AppError('FORBIDDEN');
  request.staff = staff;
}
