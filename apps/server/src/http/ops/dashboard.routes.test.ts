import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_ROLES, type StaffRole } from '@portal/shared/staff';
import { createSignedInParent } from '../../../test/factories/parents';
import { buildDashboardSchoolApp, DASHBOARD_EXPECTED } from '../../../test/factories/dashboard';
import type { TestApp } from '../../../test/helpers/app';
import { buildOpsTestApp, staffHeaders } from '../../../test/helpers/ops';
import { dashboardRoutes } from './dashboard.routes';

let t: TestApp;
beforeAll(async () => {
  t = await buildDashboardSchoolApp((clock) =>
    buildOpsTestApp({ routes: [dashboardRoutes], clock }),
  );
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('GET /api/ops/dashboard', () => {
  const allowed: Record<StaffRole, boolean> = { admin: true, adviser: true, teacher: false };

  for (const role of STAFF_ROLES) {
    it(`${allowed[role] ? 'answers' : 'refuses'} the ${role}`, async () => {
      const response = await get('/api/ops/dashboard?weeks=4', staffHeaders(role));
      if (allowed[role]) {
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ code: 200, msg: 'ok', data: DASHBOARD_EXPECTED });
      } else {
        expect(response.statusCode).toBe(403);
        expect(response.json()).toMatchObject({ code: 403, data: null });
      }
    });
  }

  it('answers 401 without a session and to a parent', async () => {
    expect((await get('/api/ops/dashboard')).statusCode).toBe(401);
    const { headers } = await createSignedInParent(t.ctx);
    expect((await get('/api/ops/dashboard', headers)).statusCode).toBe(401);
  });

  it('covers 12 weeks by default, the current one last', async () => {
    const response = await get('/api/ops/dashboard', staffHeaders('admin'));
    expect(response.statusCode).toBe(200);
    const weeks = response.json().data.weeks as { weekStart: string }[];
    expect(weeks).toHaveLength(12);
    expect(weeks[0]!.weekStart).toBe('2026-08-31');
    expect(weeks.at(-1)!.weekStart).toBe('2026-11-16');
  });

  it('accepts 4 and 26 weeks', async () => {
    for (const weeks of [4, 26]) {
      const response = await get(`/api/ops/dashboard?weeks=${weeks}`, staffHeaders('adviser'));
      expect(response.statusCode).toBe(200);
      expect(response.json().data.weeks).toHaveLength(weeks);
    }
  });

  it('refuses other week counts with a translated message', async () => {
    for (const weeks of ['3', '27', '4.5', 'abc', '']) {
      const response = await get(`/api/ops/dashboard?weeks=${weeks}`, staffHeaders('admin'));
      expect(response.statusCode, weeks).toBe(400);
      expect(response.json(), weeks).toMatchObject({
        code: 400,
        msg: 'Choose between 4 and 26 weeks.',
      });
    }
    const zh = await get('/api/ops/dashboard?weeks=30', {
      ...staffHeaders('admin'),
      lang: 'zh_CN',
    });
    expect(zh.json()).toMatchObject({ code: 400, msg: '请选择 4 到 26 周之间的范围。' });
  });
});
