import type { FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_PERMISSIONS, STAFF_ROLES, type Permission } from '@portal/shared/staff';
import type { AppContext } from '../../app-context';
import { createSignedInParent } from '../../../test/factories/parents';
import type { TestApp } from '../../../test/helpers/app';
import { buildOpsTestApp, STAFF_IDS, staffHeaders } from '../../../test/helpers/ops';
import { ok } from '../envelope';
import { PUBLIC, staffOf } from './index';

/** One ops route per permission under test: answers who asked. */
function probeRoute(path: string, permission: Permission): FastifyPluginAsync<{ ctx: AppContext }> {
  return async (app) => {
    app.get(path, { config: { permission } }, async (request) => ok(staffOf(request)));
  };
}

/** A route before any session (like sign-in): answers whether a staff member was set. */
const publicProbe: FastifyPluginAsync<{ ctx: AppContext }> = async (app) => {
  app.get('/probe/public', { config: { permission: PUBLIC } }, async (request) =>
    ok({ staff: request.staff }),
  );
};

const probes = [
  probeRoute('/probe/families', 'families.read'),
  probeRoute('/probe/staff', 'staff.manage'),
  probeRoute('/probe/lessons', 'lessons.own'),
  publicProbe,
];

let t: TestApp;
beforeAll(async () => {
  t = await buildOpsTestApp({ routes: probes });
});
afterAll(() => t.close());

describe('the staff edge (/api/ops): every route declares its permission', () => {
  it('refuses to start with an ops route that declares none', async () => {
    const undeclared: FastifyPluginAsync<{ ctx: AppContext }> = async (app) => {
      app.get('/probe/open', async () => ok(null));
    };
    await expect(buildOpsTestApp({ routes: [undeclared] })).rejects.toThrow(
      /\/api\/ops\/probe\/open: an ops route must declare its permission/,
    );
  });

  it('refuses a permission that is not in the matrix', async () => {
    const misspelt: FastifyPluginAsync<{ ctx: AppContext }> = async (app) => {
      app.get('/probe/typo', { config: { permission: 'families' as Permission } }, async () =>
        ok(null),
      );
    };
    await expect(buildOpsTestApp({ routes: [misspelt] })).rejects.toThrow(
      /\/api\/ops\/probe\/typo: an ops route must declare its permission/,
    );
  });

  it('opens a route declared public without a session, and names nobody on it', async () => {
    for (const headers of [{}, staffHeaders('admin')]) {
      const response = await t.app.inject({ method: 'GET', url: '/api/ops/probe/public', headers });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toEqual({ staff: null });
    }
  });

  it('answers 401 without a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/ops/probe/families' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 10001, data: null });
  });

  it("answers 401 with a parent's live session token", async () => {
    const { headers } = await createSignedInParent(t.ctx);
    const profile = await t.app.inject({ method: 'GET', url: '/api/user/profile', headers });
    expect(profile.statusCode).toBe(200);
    const response = await t.app.inject({ method: 'GET', url: '/api/ops/probe/families', headers });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe(10001);
  });

  it('answers 401 with an unknown token', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/ops/probe/families',
      headers: { authorization: 'Bearer not-a-staff-token-at-all-000000000000' },
    });
    expect(response.statusCode).toBe(401);
  });

  it('answers 403 to a role that lacks the permission (a teacher reading families)', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/ops/probe/families',
      headers: staffHeaders('teacher'),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 403, msg: 'You are not allowed to do that.' });
  });

  it('answers 200 to a role that has it, with the staff member on the request', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/ops/probe/families',
      headers: staffHeaders('adviser'),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      code: 200,
      msg: 'ok',
      data: { staffId: STAFF_IDS.adviser, role: 'adviser' },
    });
  });

  it.each(
    STAFF_ROLES.flatMap((role) =>
      (
        [
          ['/probe/families', 'families.read'],
          ['/probe/staff', 'staff.manage'],
          ['/probe/lessons', 'lessons.own'],
        ] as const
      ).map(([path, permission]) => [role, path, permission] as const),
    ),
  )('%s on %s follows the permission matrix', async (role, path, permission) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/ops${path}`,
      headers: staffHeaders(role),
    });
    expect(response.statusCode).toBe(ROLE_PERMISSIONS[role].includes(permission) ? 200 : 403);
  });

  it.each(['/api/user/profile', '/api/getUserInfo', '/api/students'])(
    "a staff token opens no parents' route (%s answers 401)",
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url, headers: staffHeaders('admin') });
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe(10001);
    },
  );

  it('answers an unknown /api/ops address with the 404 envelope, signed in or not', async () => {
    for (const headers of [{}, staffHeaders('admin')]) {
      const response = await t.app.inject({ method: 'GET', url: '/api/ops/nope', headers });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({
        code: 404,
        msg: 'This address does not exist.',
        data: null,
      });
    }
  });
});
