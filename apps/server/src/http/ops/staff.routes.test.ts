import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_ROLES, type StaffRole } from '@portal/shared/staff';
import { rowsOf } from '../../db/client';
import { listAudit } from '../../modules/audit/audit.service';
import { findOutboxMessagesTo } from '../../modules/outbox/outbox.service';
import type { TestApp } from '../../../test/helpers/app';
import { buildOpsTestApp, STAFF_IDS, staffHeaders } from '../../../test/helpers/ops';

/**
 * Staff management (`staff.manage`, admins only) through `inject` with the ops test tokens:
 * every route for admin, adviser, teacher and no session; unknown ids; bad input changing
 * nothing; an audit entry per write. The real sign-in is in staff-auth.routes.test.ts.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildOpsTestApp();
});
afterAll(() => t.close());

type Who = StaffRole | 'none';
const WHO: Who[] = [...STAFF_ROLES, 'none'];
const headersOf = (who: Who) => (who === 'none' ? {} : staffHeaders(who));

let counter = 0;
async function invite(role: StaffRole = 'adviser', name = 'Invited Member') {
  counter += 1;
  const email = `invitee${counter}@school.test`;
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/ops/staff',
    headers: staffHeaders('admin'),
    payload: { email, name, role },
    remoteAddress: '10.7.0.1',
  });
  expect(response.statusCode, response.body).toBe(200);
  return { id: response.json().data.id as number, email };
}

async function auditCount(): Promise<number> {
  return (await listAudit(t.ctx, {}, { page: 1, pageSize: 1 })).total;
}

async function staffCount(): Promise<number> {
  const [row] = rowsOf<{ n: number | string }>(
    await t.ctx.db.execute(sql`select count(*) as n from staff`),
  );
  return Number(row!.n);
}

describe('staff management: who may do what', () => {
  const routes: [string, string, (id: number) => string, object | undefined][] = [
    ['GET', 'list', () => '/api/ops/staff', undefined],
    ['GET', 'detail', (id) => `/api/ops/staff/${id}`, undefined],
    ['POST', 'update', (id) => `/api/ops/staff/${id}`, { name: 'Renamed Member' }],
    ['POST', 'disable', (id) => `/api/ops/staff/${id}/disable`, undefined],
    ['POST', 'enable', (id) => `/api/ops/staff/${id}/enable`, undefined],
    ['POST', 'reset', (id) => `/api/ops/staff/${id}/reset-second-factor`, undefined],
  ];

  it.each(WHO.flatMap((who) => routes.map((route) => [who, ...route] as const)))(
    '%s: %s %s follows the matrix',
    async (who, method, _name, url, payload) => {
      const { id } = await invite();
      const entriesBefore = await auditCount();
      const response = await t.app.inject({
        method: method as 'GET' | 'POST',
        url: url(id),
        headers: headersOf(who),
        ...(payload ? { payload } : {}),
      });
      const expected = who === 'none' ? 401 : who === 'admin' ? 200 : 403;
      expect(response.statusCode, response.body).toBe(expected);
      // A refused request changes nothing and leaves no entry.
      if (expected !== 200) expect(await auditCount()).toBe(entriesBefore);
    },
  );

  it.each(WHO)('%s: inviting follows the matrix', async (who) => {
    const before = await staffCount();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/ops/staff',
      headers: headersOf(who),
      payload: { email: `matrix-${who}@school.test`, name: 'Matrix', role: 'teacher' },
    });
    expect(response.statusCode).toBe(who === 'none' ? 401 : who === 'admin' ? 200 : 403);
    expect(await staffCount()).toBe(before + (who === 'admin' ? 1 : 0));
  });

  it.each(WHO)('%s: their own account (me, sessions, sign-out) follows the matrix', async (who) => {
    const expected = who === 'none' ? 401 : 200;
    for (const [method, url] of [
      ['GET', '/api/ops/me'],
      ['GET', '/api/ops/me/sessions'],
      ['POST', '/api/ops/auth/sign-out'],
    ] as const) {
      const response = await t.app.inject({ method, url, headers: headersOf(who) });
      expect(response.statusCode, `${method} ${url}`).toBe(expected);
    }
    if (who !== 'none') {
      const me = await t.app.inject({ method: 'GET', url: '/api/ops/me', headers: headersOf(who) });
      expect(me.json().data).toMatchObject({ id: STAFF_IDS[who], role: who });
    }
  });
});

describe('staff management: the admin', () => {
  it('invites by e-mail with a 48-hour set-up link, audited', async () => {
    const before = await auditCount();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/ops/staff',
      headers: staffHeaders('admin'),
      payload: { email: ' Nora.Teacher@School.test ', name: ' Nora ', role: 'teacher' },
      remoteAddress: '10.7.1.1',
    });
    expect(response.statusCode, response.body).toBe(200);
    const id = response.json().data.id;
    const [mail] = await findOutboxMessagesTo(t.ctx, 'nora.teacher@school.test', 1);
    expect(mail!.body).toMatch(/http:\/\/localhost:\d+\/ops\/setup\/[\w-]{43}/);
    expect(mail!.body).toContain('48');
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/ops/staff/${id}`,
      headers: staffHeaders('admin'),
    });
    expect(detail.json().data).toEqual({
      id,
      email: 'nora.teacher@school.test',
      name: 'Nora',
      role: 'teacher',
      status: 'invited',
      secondFactor: false,
      lastSignInAt: null,
      createdAt: t.clock.now().toISOString(),
      sessions: [],
    });
    expect(await auditCount()).toBe(before + 1);
    const [entry] = (await listAudit(t.ctx, { action: 'staff.invited' }, { page: 1, pageSize: 1 }))
      .entries;
    expect(entry).toMatchObject({
      staffId: STAFF_IDS.admin,
      target: { type: 'staff', id: String(id) },
      ip: '10.7.1.1',
      after: { email: 'nora.teacher@school.test', name: 'Nora', role: 'teacher' },
    });
    // No token in the audit entry.
    expect(JSON.stringify(entry)).not.toMatch(/\/ops\/setup\//);

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/ops/staff',
      headers: staffHeaders('admin'),
      payload: { email: 'NORA.teacher@school.test', name: 'Nora', role: 'adviser' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('A staff member with this e-mail address already exists.');
  });

  it.each([
    [
      { email: 'not-an-address', name: 'X', role: 'adviser' },
      'Please enter a valid e-mail address.',
    ],
    [{ email: 'a@school.test', name: '  ', role: 'adviser' }, 'Please enter a name.'],
    [
      { email: 'a@school.test', name: 'X', role: 'boss' },
      'Please choose a role: admin, adviser or teacher.',
    ],
    [
      { email: 'a@school.test', name: 'x'.repeat(81), role: 'adviser' },
      'The name is too long (80 characters at most).',
    ],
  ])('refuses a bad invitation (%j) and creates nothing', async (payload, message) => {
    const before = await staffCount();
    const entries = await auditCount();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/ops/staff',
      headers: staffHeaders('admin'),
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toBe(message);
    expect(await staffCount()).toBe(before);
    expect(await auditCount()).toBe(entries);
  });

  it('renames and changes a role, audited with the changed fields only', async () => {
    const { id } = await invite('adviser', 'Old Name');
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/ops/staff/${id}`,
      headers: staffHeaders('admin'),
      payload: { name: 'New Name', role: 'adviser' },
    });
    expect(response.json().data).toMatchObject({ name: 'New Name', role: 'adviser' });
    const role = await t.app.inject({
      method: 'POST',
      url: `/api/ops/staff/${id}`,
      headers: staffHeaders('admin'),
      payload: { role: 'teacher' },
    });
    expect(role.json().data.role).toBe('teacher');
    const entries = (
      await listAudit(
        t.ctx,
        { action: 'staff.updated', targetId: String(id) },
        { page: 1, pageSize: 10 },
      )
    ).entries;
    expect(entries.map(({ before, after }) => ({ before, after }))).toEqual([
      { before: { role: 'adviser' }, after: { role: 'teacher' } },
      { before: { name: 'Old Name' }, after: { name: 'New Name' } },
    ]);
    // Nothing changed, nothing recorded.
    const same = await t.app.inject({
      method: 'POST',
      url: `/api/ops/staff/${id}`,
      headers: staffHeaders('admin'),
      payload: { role: 'teacher' },
    });
    expect(same.statusCode).toBe(200);
    expect(
      (
        await listAudit(
          t.ctx,
          { action: 'staff.updated', targetId: String(id) },
          { page: 1, pageSize: 10 },
        )
      ).total,
    ).toBe(2);
  });

  it('refuses an empty change, and changing their own role or disabling themselves', async () => {
    const entries = await auditCount();
    const cases = [
      [`/api/ops/staff/${STAFF_IDS.admin}`, {}, 'Please change the name or the role.'],
      [
        `/api/ops/staff/${STAFF_IDS.admin}`,
        { role: 'adviser' },
        'You cannot change your own role. Ask another administrator.',
      ],
      [
        `/api/ops/staff/${STAFF_IDS.admin}/disable`,
        undefined,
        'You cannot disable your own account. Ask another administrator.',
      ],
    ] as const;
    for (const [url, payload, message] of cases) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: staffHeaders('admin'),
        ...(payload ? { payload } : {}),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().msg).toBe(message);
    }
    const zh = await t.app.inject({
      method: 'POST',
      url: `/api/ops/staff/${STAFF_IDS.admin}/disable`,
      headers: { ...staffHeaders('admin'), lang: 'zh_CN' },
    });
    expect(zh.json().msg).toBe('不能停用自己的账号，请联系其他管理员。');
    expect(await auditCount()).toBe(entries);
    // Their own name they may change.
    const rename = await t.app.inject({
      method: 'POST',
      url: `/api/ops/staff/${STAFF_IDS.admin}`,
      headers: staffHeaders('admin'),
      payload: { name: 'Test admin', role: 'admin' },
    });
    expect(rename.statusCode).toBe(200);
  });

  it('disables and enables, audited; an invited member comes back invited', async () => {
    const { id } = await invite();
    const disabled = await t.app.inject({
      method: 'POST',
      url: `/api/ops/staff/${id}/disable`,
      headers: staffHeaders('admin'),
    });
    expect(disabled.json().data.status).toBe('disabled');
    // Twice changes nothing more.
    await t.app.inject({
      method: 'POST',
      url: `/api/ops/staff/${id}/disable`,
      headers: staffHeaders('admin'),
    });
    const reset = await t.app.inject({
      method: 'POST',
      url: `/api/ops/staff/${id}/reset-second-factor`,
      headers: staffHeaders('admin'),
    });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().msg).toMatch(/Enable it first/);
    const enabled = await t.app.inject({
      method: 'POST',
      url: `/api/ops/staff/${id}/enable`,
      headers: staffHeaders('admin'),
    });
    expect(enabled.json().data.status).toBe('invited');
    const actions = (
      await listAudit(
        t.ctx,
        { targetType: 'staff', targetId: String(id) },
        { page: 1, pageSize: 10 },
      )
    ).entries.map((entry) => [entry.action, entry.before, entry.after]);
    expect(actions).toEqual([
      ['staff.enabled', { status: 'disabled' }, { status: 'invited' }],
      ['staff.disabled', { status: 'invited' }, { status: 'disabled' }],
      ['staff.invited', null, expect.any(Object)],
    ]);
  });

  it('resets the second factor with a new set-up link, audited', async () => {
    const { id, email } = await invite();
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/ops/staff/${id}/reset-second-factor`,
      headers: staffHeaders('admin'),
    });
    expect(response.statusCode).toBe(200);
    const mails = await findOutboxMessagesTo(t.ctx, email, 2);
    expect(mails).toHaveLength(2);
    expect(mails[0]!.body).not.toBe(mails[1]!.body);
    const [entry] = (
      await listAudit(
        t.ctx,
        { action: 'staff.second-factor-reset', targetId: String(id) },
        { page: 1, pageSize: 1 },
      )
    ).entries;
    expect(entry).toMatchObject({
      before: { secondFactor: false },
      after: { secondFactor: false },
    });
  });

  it.each([
    '/api/ops/staff/999999',
    '/api/ops/staff/999999/disable',
    '/api/ops/staff/999999/enable',
    '/api/ops/staff/999999/reset-second-factor',
  ])('answers 404 for an unknown member (%s)', async (url) => {
    const response = await t.app.inject({
      method: url.endsWith('999999') ? 'GET' : 'POST',
      url,
      headers: staffHeaders('admin'),
    });
    expect(response.statusCode).toBe(404);
    const update = await t.app.inject({
      method: 'POST',
      url: '/api/ops/staff/999999',
      headers: staffHeaders('admin'),
      payload: { name: 'Nobody' },
    });
    expect(update.statusCode).toBe(404);
  });

  it('answers 400 for an id that is not one', async () => {
    for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/ops/staff/${id}`,
        headers: staffHeaders('admin'),
      });
      expect(response.statusCode, id).toBe(400);
    }
  });

  it('lists members filtered by part of the name or e-mail, role and status, paged', async () => {
    const a = await invite('teacher', 'Zed 100% Teacher');
    const b = await invite('teacher', 'Zed_Other Teacher');
    await t.app.inject({
      method: 'POST',
      url: `/api/ops/staff/${b.id}/disable`,
      headers: staffHeaders('admin'),
    });
    const list = async (query: string) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/ops/staff?${query}`,
        headers: staffHeaders('admin'),
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data as { items: { id: number }[]; total: number };
    };
    expect((await list('q=zed')).items.map((item) => item.id)).toEqual([b.id, a.id]);
    // % and _ are literal characters, not wildcards.
    expect((await list('q=100%25')).items.map((item) => item.id)).toEqual([a.id]);
    expect((await list('q=zed_')).items.map((item) => item.id)).toEqual([b.id]);
    expect((await list(`q=${a.email}`)).total).toBe(1);
    expect((await list('q=zed&status=disabled')).items.map((item) => item.id)).toEqual([b.id]);
    expect((await list('role=teacher')).items.every((item) => item.id !== STAFF_IDS.admin)).toBe(
      true,
    );
    const all = await list('pageSize=2&page=1');
    expect(all.items).toHaveLength(2);
    expect(all.total).toBe(await staffCount());
    const page2 = await list('pageSize=2&page=2');
    expect(page2.items[0]!.id).not.toBe(all.items[0]!.id);
    for (const bad of [
      'pageSize=101',
      'page=0',
      'role=boss',
      'status=gone',
      `q=${'x'.repeat(101)}`,
    ]) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/ops/staff?${bad}`,
        headers: staffHeaders('admin'),
      });
      expect(response.statusCode, bad).toBe(400);
    }
  });
});
