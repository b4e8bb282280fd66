import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createParent } from '../../../test/factories/parents';
import type { TestApp } from '../../../test/helpers/app';
import { buildOpsTestApp, STAFF_IDS, staffHeaders } from '../../../test/helpers/ops';
import { auditLog } from '../../db/schema';
import { auditRoutes } from './audit.routes';
import { familiesRoutes } from './families.routes';

let t: TestApp;
let familyA: Awaited<ReturnType<typeof createParent>>;
let familyB: Awaited<ReturnType<typeof createParent>>;

beforeAll(async () => {
  t = await buildOpsTestApp({ routes: [familiesRoutes, auditRoutes] });
  familyA = await createParent(t.ctx, { name: 'Family A' });
  familyB = await createParent(t.ctx, { name: 'Family B' });
  // Entries at known instants (the school's calendar is Asia/Shanghai, UTC+8), inserted as the
  // audit module does but with their time set (the module stamps the database's now()).
  const entries: (typeof auditLog.$inferInsert)[] = [
    {
      at: new Date('2026-11-01T15:59:00.000Z'),
      staff_id: STAFF_IDS.admin,
      action: 'family.viewed',
      parent_id: familyA.id,
      target_type: 'parent',
      target_id: familyA.user_sn,
    },
    {
      at: new Date('2026-11-01T16:00:00.000Z'),
      staff_id: STAFF_IDS.adviser,
      action: 'parent.updated',
      parent_id: familyA.id,
      target_type: 'parent',
      target_id: familyA.user_sn,
      before: { name: 'Old' },
      after: { name: 'Family A' },
    },
    {
      at: new Date('2026-11-02T03:00:00.000Z'),
      staff_id: STAFF_IDS.adviser,
      action: 'family.viewed',
      parent_id: familyB.id,
      target_type: 'parent',
      target_id: familyB.user_sn,
    },
    {
      at: new Date('2026-11-03T03:00:00.000Z'),
      staff_id: null,
      action: 'staff.sign-in-failed',
      detail: { reason: 'password' },
    },
  ];
  for (const entry of entries)
    await t.ctx.db.insert(auditLog).values({ ...entry, ip: '198.51.100.7' });
});
afterAll(() => t.close());

const list = async (query = '', url = '/api/ops/audit') => {
  const response = await t.app.inject({
    method: 'GET',
    url: `${url}?pageSize=100${query}`,
    headers: staffHeaders('admin'),
  });
  expect(response.statusCode, query).toBe(200);
  return response.json().data as { items: Record<string, unknown>[]; total: number };
};

describe('GET /api/ops/audit', () => {
  it('lists entries newest first with who, what, which family, where and the changed fields', async () => {
    const { items, total } = await list();
    expect(total).toBe(4);
    expect(items.map((item) => item.action)).toEqual([
      'staff.sign-in-failed',
      'family.viewed',
      'parent.updated',
      'family.viewed',
    ]);
    expect(items[0]).toMatchObject({
      staff: null,
      family: null,
      target: null,
      detail: { reason: 'password' },
    });
    expect(items[2]).toEqual({
      id: expect.any(Number),
      at: expect.any(String),
      staff: { id: STAFF_IDS.adviser, name: 'Test adviser', email: 'adviser@staff.test' },
      action: 'parent.updated',
      target: { type: 'parent', id: familyA.user_sn },
      family: { userSn: familyA.user_sn, name: 'Family A' },
      ip: '198.51.100.7',
      before: { name: 'Old' },
      after: { name: 'Family A' },
      detail: null,
    });
  });

  it('filters by member, action, target, family and days of the school calendar', async () => {
    const actions = async (query: string) => (await list(query)).items.map((item) => item.action);
    expect(await actions(`&staffId=${STAFF_IDS.adviser}`)).toEqual([
      'family.viewed',
      'parent.updated',
    ]);
    expect((await list('&action=family.viewed')).total).toBe(2);
    expect((await list(`&targetType=parent&targetId=${familyB.user_sn}`)).total).toBe(1);
    expect(await actions(`&userSn=${familyA.user_sn}`)).toEqual([
      'parent.updated',
      'family.viewed',
    ]);
    expect((await list('&userSn=P-unknown')).total).toBe(0);
    // 2026-11-01 15:59 UTC is 23:59 on the 1st in Shanghai; 16:00 UTC is the 2nd.
    expect(await actions('&from=2026-11-01&to=2026-11-01')).toEqual(['family.viewed']);
    expect(await actions('&from=2026-11-02&to=2026-11-02')).toEqual([
      'family.viewed',
      'parent.updated',
    ]);
    expect((await list('&from=2026-11-03')).total).toBe(1);
    const page = await t.app.inject({
      method: 'GET',
      url: '/api/ops/audit?pageSize=1&page=2',
      headers: staffHeaders('admin'),
    });
    expect(page.json().data).toMatchObject({ total: 4, items: [{ action: 'family.viewed' }] });
  });

  it('refuses bad filters', async () => {
    for (const query of [
      'action=staff.dance',
      'from=2026-02-30',
      'from=2026-11-05&to=2026-11-01',
      'staffId=abc',
      'pageSize=500',
    ]) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/ops/audit?${query}`,
        headers: staffHeaders('admin'),
      });
      expect(response.statusCode, query).toBe(400);
    }
  });
});

describe('GET /api/ops/families/:userSn/audit', () => {
  it("shows only that family's entries", async () => {
    const { items } = await list('', `/api/ops/families/${familyB.user_sn}/audit`);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      family: { userSn: familyB.user_sn },
      action: 'family.viewed',
    });
    // A userSn in the query does not widen it to another family.
    const other = await list(
      `&userSn=${familyA.user_sn}`,
      `/api/ops/families/${familyB.user_sn}/audit`,
    );
    expect(other.total).toBe(1);
  });

  it('is refused to an adviser (no audit.read) and 404 for an unknown family', async () => {
    const adviser = await t.app.inject({
      method: 'GET',
      url: `/api/ops/families/${familyA.user_sn}/audit`,
      headers: staffHeaders('adviser'),
    });
    expect(adviser.statusCode).toBe(403);
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/ops/families/P-unknown/audit',
      headers: staffHeaders('admin'),
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('GET /api/ops/staff-options', () => {
  it('lists every member by name for the filter', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/ops/staff-options',
      headers: staffHeaders('admin'),
    });
    expect(response.json().data.items).toEqual([
      { id: STAFF_IDS.admin, name: 'Test admin', email: 'admin@staff.test' },
      { id: STAFF_IDS.adviser, name: 'Test adviser', email: 'adviser@staff.test' },
      { id: STAFF_IDS.teacher, name: 'Test teacher', email: 'teacher@staff.test' },
    ]);
  });
});
