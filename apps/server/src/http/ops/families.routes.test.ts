import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_ROLES, can, type StaffRole } from '@portal/shared/staff';
import { rowsOf } from '../../db/client';
import { advisers, avatars, enrollments, lessonReminders, lessons } from '../../db/schema';
import { newPublicId } from '../../lib/ids';
import { createParent, createSignedInParent } from '../../../test/factories/parents';
import {
  createChild,
  createCourse,
  createEnrollment,
  createMembership,
  grantCredits,
} from '../../../test/factories/lessons';
import type { TestApp } from '../../../test/helpers/app';
import { buildOpsTestApp, STAFF_IDS, staffHeaders } from '../../../test/helpers/ops';
import { recordMessage } from '../../modules/messages/messages.service';
import { getFamily } from '../../modules/families/families.service';
import { planDueReminders, sendReminder } from '../../modules/reminders/reminders.service';
import { auditRoutes } from './audit.routes';
import { familiesRoutes } from './families.routes';

const NOW = '2026-11-20T08:00:00.000Z';

let t: TestApp;
let adviserA: number;
let adviserB: number;
beforeAll(async () => {
  t = await buildOpsTestApp({ routes: [familiesRoutes, auditRoutes] });
  t.clock.set(NOW);
  const rows = await t.ctx.db
    .insert(advisers)
    .values([
      { name: 'Alice Adviser', invite_code: 'ALICE', sort: 1 },
      { name: 'Bob Adviser', invite_code: 'BOB', sort: 2 },
    ])
    .returning();
  adviserA = rows[0]!.id;
  adviserB = rows[1]!.id;
});
afterAll(() => t.close());

let serial = 0;
/** A family: a parent with a unique name, e-mail and phone, a child, credits and an adviser. */
async function family(
  options: { paid?: number; reward?: number; adviser?: number | null; nickname?: string } = {},
) {
  serial += 1;
  const tag = `${Date.now() % 1e6}${serial}`;
  const signedIn = await createSignedInParent(t.ctx, {
    name: `Parent ${tag}`,
    email: `parent${tag}@example.com`,
    mobile: `138${String(tag).padStart(8, '0').slice(-8)}`,
    adviser_id: options.adviser === undefined ? adviserA : options.adviser,
    time_zone: 'Asia/Shanghai',
    language: 'en',
  });
  const child = await createChild(t.ctx, signedIn.parent.id, options.nickname ?? `Kid${tag}`);
  if (options.paid || options.reward)
    await grantCredits(t.ctx, signedIn.parent.id, {
      paid: options.paid ?? 0,
      reward: options.reward ?? 0,
    });
  return { ...signedIn, child, tag };
}

const get = (url: string, role: StaffRole | null = 'admin') =>
  t.app.inject({ method: 'GET', url, headers: role ? staffHeaders(role) : {} });
const post = (url: string, payload: object = {}, role: StaffRole | null = 'admin') =>
  t.app.inject({ method: 'POST', url, payload, headers: role ? staffHeaders(role) : {} });

async function auditRows(parentId: number) {
  return rowsOf<{
    action: string;
    staff_id: number;
    target_type: string;
    target_id: string;
    ip: string;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
    detail: Record<string, unknown> | null;
  }>(
    await t.ctx.db.execute(sql`select * from audit_log where parent_id = ${parentId} order by id`),
  );
}

async function count(table: string, where = sql`true`) {
  const [row] = rowsOf<{ n: number }>(
    await t.ctx.db.execute(sql`select count(*)::int as n from ${sql.raw(table)} where ${where}`),
  );
  return row!.n;
}

describe('every families route × role', () => {
  it('answers 401 without a session, 403 without the permission, 200 with it', async () => {
    const f = await family({ paid: 10 });
    const sn = f.parent.user_sn;
    const child = f.child.student_sn;
    const routes: {
      method: 'GET' | 'POST';
      url: string;
      permission: Parameters<typeof can>[1];
      payload?: object;
    }[] = [
      { method: 'GET', url: '/api/ops/advisers', permission: 'families.read' },
      { method: 'GET', url: '/api/ops/avatars', permission: 'families.read' },
      { method: 'GET', url: '/api/ops/families', permission: 'families.read' },
      { method: 'GET', url: `/api/ops/families/${sn}`, permission: 'families.read' },
      { method: 'GET', url: `/api/ops/families/${sn}/ledger`, permission: 'families.read' },
      { method: 'GET', url: `/api/ops/families/${sn}/audit`, permission: 'audit.read' },
      { method: 'POST', url: `/api/ops/families/${sn}/reveal-phone`, permission: 'families.read' },
      {
        method: 'POST',
        url: `/api/ops/families/${sn}`,
        permission: 'families.write',
        payload: { childLimit: 4 },
      },
      {
        method: 'POST',
        url: `/api/ops/families/${sn}/children/${child}`,
        permission: 'families.write',
        payload: { nickname: 'Renamed' },
      },
      {
        method: 'POST',
        url: `/api/ops/families/${sn}/sign-out-everywhere`,
        permission: 'families.write',
      },
      {
        method: 'POST',
        url: `/api/ops/families/${sn}/credits`,
        permission: 'credits.correct',
        payload: { delta: 1, reason: 'goodwill', idempotencyKey: randomUUID() },
      },
      { method: 'GET', url: '/api/ops/audit', permission: 'audit.read' },
      { method: 'GET', url: '/api/ops/staff-options', permission: 'audit.read' },
    ];
    for (const route of routes) {
      const none = await t.app.inject({
        method: route.method,
        url: route.url,
        payload: route.payload,
      });
      expect(none.statusCode, `${route.url} signed out`).toBe(401);
      for (const role of STAFF_ROLES) {
        const payload =
          route.permission === 'credits.correct'
            ? { ...route.payload, idempotencyKey: randomUUID() }
            : route.payload;
        const response = await t.app.inject({
          method: route.method,
          url: route.url,
          headers: staffHeaders(role),
          ...(payload ? { payload } : {}),
        });
        expect(response.statusCode, `${route.method} ${route.url} as ${role}`).toBe(
          can(role, route.permission) ? 200 : 403,
        );
      }
    }
  });

  it("a parent's token opens no ops route", async () => {
    const f = await family();
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/ops/families/${f.parent.user_sn}`,
      headers: f.headers,
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('unknown families and another family’s child', () => {
  it('answers 404 for an unknown user_sn on every family route, changing nothing', async () => {
    const auditBefore = await count('audit_log');
    const unknown = 'P-does-not-exist';
    for (const [method, url, payload] of [
      ['GET', `/api/ops/families/${unknown}`],
      ['GET', `/api/ops/families/${unknown}/ledger`],
      ['GET', `/api/ops/families/${unknown}/audit`],
      ['POST', `/api/ops/families/${unknown}/reveal-phone`],
      ['POST', `/api/ops/families/${unknown}`, { name: 'X' }],
      ['POST', `/api/ops/families/${unknown}/children/S-nope`, { nickname: 'X' }],
      ['POST', `/api/ops/families/${unknown}/sign-out-everywhere`],
      [
        'POST',
        `/api/ops/families/${unknown}/credits`,
        { delta: 2, reason: 'goodwill', idempotencyKey: randomUUID() },
      ],
    ] as const) {
      const response = await t.app.inject({
        method,
        url,
        headers: staffHeaders('admin'),
        ...(payload ? { payload } : {}),
      });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toMatchObject({ code: 404, data: null });
    }
    expect(await count('audit_log')).toBe(auditBefore);
  });

  it("answers 404 for another family's child and leaves that child alone", async () => {
    const mine = await family();
    const theirs = await family({ nickname: 'Untouched' });
    const response = await post(
      `/api/ops/families/${mine.parent.user_sn}/children/${theirs.child.student_sn}`,
      { nickname: 'Stolen' },
    );
    expect(response.statusCode).toBe(404);
    const page = await get(`/api/ops/families/${theirs.parent.user_sn}`);
    expect(page.json().data.children[0].nickname).toBe('Untouched');
  });
});

describe('GET /api/ops/families (search)', () => {
  const search = async (query: string, role: StaffRole = 'adviser') => {
    const response = await get(`/api/ops/families?${query}`, role);
    expect(response.statusCode, query).toBe(200);
    return response.json().data as {
      items: { userSn: string; phoneMasked: string; [key: string]: unknown }[];
      total: number;
    };
  };
  const finds = async (q: string, userSn: string) =>
    (await search(`q=${encodeURIComponent(q)}&pageSize=100`)).items.some(
      (item) => item.userSn === userSn,
    );

  it('finds a family by part of the phone (with or without the calling code), e-mail, name, user_sn or a child’s nickname', async () => {
    const f = await family({ nickname: 'Zebulon' });
    const { mobile } = f.parent;
    expect(await finds(mobile.slice(3, 9), f.parent.user_sn)).toBe(true);
    expect(await finds(`+86 ${mobile.slice(0, 5)}`, f.parent.user_sn)).toBe(true);
    expect(await finds(`86${mobile}`, f.parent.user_sn)).toBe(true);
    expect(await finds(`PARENT${f.tag}@EXAMPLE`, f.parent.user_sn)).toBe(true);
    expect(await finds(`arent ${f.tag}`, f.parent.user_sn)).toBe(true);
    expect(await finds(f.parent.user_sn.slice(2).toLowerCase(), f.parent.user_sn)).toBe(true);
    expect(await finds('ebulo', f.parent.user_sn)).toBe(true);
    expect(await finds('no such family anywhere', f.parent.user_sn)).toBe(false);
  });

  it('answers a row with the masked phone, adviser, children, member flag and available credits', async () => {
    const f = await family({ paid: 7, reward: 3 });
    await createMembership(t.ctx, f.parent.id);
    const { items } = await search(`q=${f.parent.email}`);
    expect(items).toEqual([
      {
        userSn: f.parent.user_sn,
        name: `Parent ${f.tag}`,
        email: `parent${f.tag}@example.com`,
        phoneMasked: `+86 ${f.parent.mobile.slice(0, 3)}****${f.parent.mobile.slice(-4)}`,
        registeredAt: f.parent.created_at.toISOString(),
        onboarded: true,
        member: true,
        adviser: { id: adviserA, name: 'Alice Adviser' },
        children: 1,
        availableCredits: 10,
      },
    ]);
    expect(JSON.stringify(items)).not.toContain(f.parent.mobile);
  });

  it('treats % and _ typed in the box as themselves', async () => {
    await family();
    expect((await search('q=%25')).total).toBe(0);
    expect((await search('q=_')).total).toBe(0);
  });

  it('filters by member, onboarding, adviser and registration day, pages and sorts in SQL', async () => {
    const batch = `Sorted${Date.now() % 1e6}`;
    const made = [];
    for (const [index, credits] of [5, 1, 9].entries()) {
      const parent = await createParent(t.ctx, {
        name: `${batch} ${String.fromCharCode(67 - index)}`, // C, B, A
        adviser_id: adviserB,
        status: index === 1 ? 0 : 1,
        created_at: new Date(`2026-0${index + 1}-15T04:00:00.000Z`),
      });
      await grantCredits(t.ctx, parent.id, { paid: credits });
      made.push(parent);
    }
    await createMembership(t.ctx, made[2]!.id);
    const sns = (page: { items: { userSn: string }[] }) => page.items.map((item) => item.userSn);
    const base = `q=${batch}&adviserId=${adviserB}`;

    expect(sns(await search(`${base}&sort=name&order=asc`))).toEqual(
      [made[2], made[1], made[0]].map((p) => p!.user_sn),
    );
    expect(sns(await search(`${base}&sort=availableCredits&order=desc`))).toEqual(
      [made[2], made[0], made[1]].map((p) => p!.user_sn),
    );
    expect(sns(await search(`${base}&sort=registeredAt&order=asc`))).toEqual(
      made.map((p) => p.user_sn),
    );
    const page2 = await search(`${base}&sort=name&order=asc&page=2&pageSize=2`);
    expect(page2.total).toBe(3);
    expect(sns(page2)).toEqual([made[0]!.user_sn]);
    expect(sns(await search(`${base}&member=yes`))).toEqual([made[2]!.user_sn]);
    expect((await search(`${base}&member=no`)).total).toBe(2);
    expect(sns(await search(`${base}&onboarding=pending`))).toEqual([made[1]!.user_sn]);
    expect((await search(`${base}&onboarding=done`)).total).toBe(2);
    // Days of the school's calendar (Asia/Shanghai): 2026-02-15 04:00 UTC is noon there.
    expect(sns(await search(`${base}&registeredFrom=2026-02-15&registeredTo=2026-02-15`))).toEqual([
      made[1]!.user_sn,
    ]);
    expect((await search(`${base}&registeredFrom=2026-02-16`)).total).toBe(1);
    expect((await search(`q=${batch}&adviserId=${adviserA}`)).total).toBe(0);
  });

  it('refuses bad filters with a translated message', async () => {
    for (const [query, msg] of [
      ['registeredFrom=2026-13-01', 'Choose a date between 1970 and 2100.'],
      [
        'registeredFrom=2026-05-02&registeredTo=2026-05-01',
        'The end date cannot be before the start date.',
      ],
      ['sort=password', 'The request is not valid.'],
      ['pageSize=101', 'The request is not valid.'],
      [`q=${'x'.repeat(101)}`, 'The search can be at most 100 characters.'],
      ['member=maybe', 'Please check the field "member".'],
    ]) {
      const response = await get(`/api/ops/families?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().msg, query).toBe(msg);
    }
    const zh = await t.app.inject({
      method: 'GET',
      url: '/api/ops/families?registeredFrom=2026-05-02&registeredTo=2026-05-01',
      headers: { ...staffHeaders('admin'), lang: 'zh_CN' },
    });
    expect(zh.json().msg).toBe('结束日期不能早于开始日期。');
  });
});

describe('GET /api/ops/advisers', () => {
  it('lists the advisers in their sort order', async () => {
    const response = await get('/api/ops/advisers', 'adviser');
    expect(response.json().data.items.slice(0, 2)).toEqual([
      { id: adviserA, name: 'Alice Adviser' },
      { id: adviserB, name: 'Bob Adviser' },
    ]);
  });
});

describe('GET /api/ops/avatars', () => {
  it('lists the parents’ avatar choices in their order, as id and URL', async () => {
    const [late, early] = await t.ctx.db
      .insert(avatars)
      .values([
        { url: '/img/avatars/avatar-8.svg', sort: 90 },
        { url: '/img/avatars/avatar-7.svg', sort: -90 },
      ])
      .returning();
    const response = await get('/api/ops/avatars', 'adviser');
    expect(response.statusCode).toBe(200);
    const { items, total } = response.json().data as {
      items: { id: number; url: string }[];
      total: number;
    };
    const rows = rowsOf<{ id: number; url: string }>(
      await t.ctx.db.execute(sql`select id, url from avatars order by sort, id`),
    );
    expect(items).toEqual(rows);
    expect(total).toBe(rows.length);
    expect(items[0]).toEqual({ id: early!.id, url: '/img/avatars/avatar-7.svg' });
    expect(items.at(-1)).toEqual({ id: late!.id, url: '/img/avatars/avatar-8.svg' });
  });
});

describe("a family's page", () => {
  it('composes profile, children, plan, credits, lessons, orders, sessions and messages, and records family.viewed', async () => {
    t.clock.set(NOW);
    const f = await family({ paid: 20, reward: 2 });
    await createMembership(t.ctx, f.parent.id);
    const course = await createCourse(t.ctx, { slots: [[5, '09:00']], credit: 1 });
    await createEnrollment(t.ctx, {
      parentId: f.parent.id,
      studentId: f.child.id,
      courseId: course.id,
      weeks: 2,
    });
    await recordMessage(t.ctx.db, {
      parentId: f.parent.id,
      channel: 'sms',
      recipientMasked: '+86 138****0000',
      kind: 'sign-in-code',
      status: 'sent',
      provider: 'local',
    });

    const response = await get(`/api/ops/families/${f.parent.user_sn}`, 'adviser');
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.parent).toEqual({
      userSn: f.parent.user_sn,
      name: `Parent ${f.tag}`,
      email: `parent${f.tag}@example.com`,
      phoneMasked: `+86 ${f.parent.mobile.slice(0, 3)}****${f.parent.mobile.slice(-4)}`,
      registeredAt: f.parent.created_at.toISOString(),
      onboarded: true,
      language: 'en',
      timeZone: 'Asia/Shanghai',
      adviser: { id: adviserA, name: 'Alice Adviser' },
      childLimit: 2,
      childLimitMax: 6,
    });
    expect(data.children).toEqual([
      {
        studentSn: f.child.student_sn,
        nickname: f.child.nickname,
        birthday: '2018-05-14',
        age: 8,
        avatar: '/img/avatars/avatar-1.svg',
        avatarId: f.child.avatar_id,
      },
    ]);
    expect(data.plan).toMatchObject({ name: { en: 'Monthly pass', zh: '月卡' }, autoRenew: false });
    expect(data.credits).toEqual({ paid: 20, reward: 2, reserved: 0, available: 22 });
    expect(data.upcomingLessons).toHaveLength(2);
    expect(data.upcomingLessons[0]).toMatchObject({
      startsAt: '2026-11-20T09:00:00.000Z',
      child: f.child.nickname,
      status: 'upcoming',
    });
    expect(data.upcomingLessons[0].course.en).toMatch(/^Subject \d+ · Level 1$/);
    expect(data.pastLessons).toEqual([]);
    expect(data.orders).toEqual([]);
    expect(data.sessions).toHaveLength(1);
    expect(data.messages).toEqual([
      expect.objectContaining({ channel: 'sms', kind: 'sign-in-code', status: 'sent' }),
    ]);
    expect(JSON.stringify(data)).not.toContain(f.parent.mobile);

    const [entry] = (await auditRows(f.parent.id)).filter((row) => row.action === 'family.viewed');
    expect(entry).toMatchObject({
      staff_id: STAFF_IDS.adviser,
      target_type: 'parent',
      target_id: f.parent.user_sn,
    });
    expect(entry!.ip).toBeTruthy();
  });

  it('shows the ledger newest first with paid, reward and reserved, paged', async () => {
    const f = await family({ paid: 5 });
    await grantCredits(t.ctx, f.parent.id, { reward: 2 });
    const response = await get(`/api/ops/families/${f.parent.user_sn}/ledger?pageSize=1`);
    const data = response.json().data;
    expect(data.total).toBe(2);
    expect(data.items).toEqual([
      {
        id: expect.any(Number),
        at: expect.any(String),
        event: 'reward',
        title: { en: 'Test credits', zh: '测试课时' },
        paid: 0,
        reward: 2,
        reserved: 0,
      },
    ]);
  });

  it('reveals the phone only on request, audited as family.phone-revealed', async () => {
    const f = await family();
    const response = await post(
      `/api/ops/families/${f.parent.user_sn}/reveal-phone`,
      {},
      'adviser',
    );
    expect(response.json().data).toEqual({ phone: `+86 ${f.parent.mobile}` });
    const rows = await auditRows(f.parent.id);
    expect(rows.map((row) => row.action)).toEqual(['family.phone-revealed']);
    expect(JSON.stringify(rows)).not.toContain(f.parent.mobile);
    expect(t.logText()).not.toContain(f.parent.mobile);
  });
});

describe("a family's reminders (issue #24)", () => {
  /** One lesson 10 minutes away whose SMS reminder was sent, and one cancelled since planning. */
  async function familyWithReminders() {
    const f = await family({ nickname: 'Mia' });
    const course = await createCourse(t.ctx, { slots: [[1, '19:00']], zone: 'Asia/Shanghai' });
    const [enrollment] = await t.ctx.db
      .insert(enrollments)
      .values({
        enrollment_sn: newPublicId('E'),
        parent_id: f.parent.id,
        student_id: f.child.id,
        course_id: course.id,
        starts_at: new Date('2026-11-01T00:00:00Z'),
      })
      .returning();
    const start = new Date('2026-11-20T08:10:00Z');
    const ids: number[] = [];
    for (const [number, startsAt] of [
      [3, start],
      [4, new Date(start.getTime() + 60_000)],
    ] as const) {
      const [lesson] = await t.ctx.db
        .insert(lessons)
        .values({
          lesson_sn: newPublicId('L'),
          enrollment_id: enrollment!.id,
          parent_id: f.parent.id,
          student_id: f.child.id,
          course_id: course.id,
          lesson_number: number,
          starts_at: startsAt,
          ends_at: new Date(startsAt.getTime() + 25 * 60_000),
          required_credit: 1,
          room_key: newPublicId('K'),
        })
        .returning();
      ids.push(lesson!.id);
    }
    const now = new Date(start.getTime() - 9 * 60_000 + 60_000);
    t.clock.set(now);
    await planDueReminders(t.ctx, now);
    await t.ctx.db.update(lessons).set({ cancelled_at: now }).where(eq(lessons.id, ids[1]!));
    const rows = await t.ctx.db
      .select()
      .from(lessonReminders)
      .where(eq(lessonReminders.parent_id, f.parent.id))
      .orderBy(lessonReminders.id);
    for (const row of rows) await sendReminder(t.ctx, row.id, now);
    return { ...f, rows };
  }

  it('the family read carries the reminders, newest first, with state and reason', async () => {
    const f = await familyWithReminders();
    const detail = await getFamily(t.ctx, f.parent.user_sn, {
      staffId: STAFF_IDS.admin,
      role: 'admin',
      ip: '127.0.0.1',
    });
    expect(detail.reminders.map((r) => [r.lessonNumber, r.state, r.reason])).toEqual([
      [4, 'skipped', 'cancelled'],
      [3, 'sent', null],
    ]);

    const response = await get(`/api/ops/families/${f.parent.user_sn}`, 'adviser');
    expect(response.statusCode).toBe(200);
    expect(response.json().data.reminders).toEqual([
      expect.objectContaining({
        id: f.rows[1]!.id,
        kind: 'soon',
        channel: 'sms',
        state: 'skipped',
        reason: 'cancelled',
        lesson_number: 4,
        student_nickname: 'Mia',
      }),
      expect.objectContaining({
        id: f.rows[0]!.id,
        state: 'sent',
        attempts: 1,
        reason: null,
        lesson_number: 3,
        starts_at: '2026-11-20T08:10:00.000Z',
      }),
    ]);
    // The course is named in the staff member's language.
    expect(response.json().data.reminders[0].course_title).toMatch(/^Subject \d+ Level 1$/);
    const inChinese = await t.app.inject({
      method: 'GET',
      url: `/api/ops/families/${f.parent.user_sn}`,
      headers: { ...staffHeaders('adviser'), lang: 'zh_CN' },
    });
    expect(inChinese.json().data.reminders[0].course_title).toMatch(/^科目 \d+ 一级$/);
    t.clock.set(NOW);
  });

  it('is refused to a teacher', async () => {
    const f = await familyWithReminders();
    expect((await get(`/api/ops/families/${f.parent.user_sn}`, 'teacher')).statusCode).toBe(403);
    t.clock.set(NOW);
  });
});

describe("staff edits through the parents' rules", () => {
  it("changes the parent's name, e-mail, adviser and child limit, audited with the changed fields", async () => {
    const f = await family();
    const response = await post(
      `/api/ops/families/${f.parent.user_sn}`,
      { name: '  New Name ', email: 'New.Address@Example.com', adviserId: adviserB, childLimit: 5 },
      'adviser',
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      name: 'New Name',
      email: 'new.address@example.com',
      adviser: { id: adviserB, name: 'Bob Adviser' },
      childLimit: 5,
    });
    const [entry] = await auditRows(f.parent.id);
    expect(entry).toMatchObject({
      action: 'parent.updated',
      staff_id: STAFF_IDS.adviser,
      target_type: 'parent',
      target_id: f.parent.user_sn,
      before: {
        name: `Parent ${f.tag}`,
        email: `parent${f.tag}@example.com`,
        adviserId: adviserA,
        childLimit: 3,
      },
      after: {
        name: 'New Name',
        email: 'new.address@example.com',
        adviserId: adviserB,
        childLimit: 5,
      },
    });
    // The parent's own profile shows the change.
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/user/profile',
      headers: f.headers,
    });
    expect(profile.json().data).toMatchObject({
      name: 'New Name',
      email: 'new.address@example.com',
    });

    // Removing the adviser; an unchanged field is not in the entry.
    await post(`/api/ops/families/${f.parent.user_sn}`, { adviserId: null, name: 'New Name' });
    const last = (await auditRows(f.parent.id)).at(-1);
    expect(last).toMatchObject({ before: { adviserId: adviserB }, after: { adviserId: null } });
  });

  it('refuses bad input with the parents’ messages and changes nothing', async () => {
    const f = await family();
    const other = await family();
    const url = `/api/ops/families/${f.parent.user_sn}`;
    for (const [payload, status, msg] of [
      [{ name: '' }, 400, 'Please enter your name.'],
      [{ name: 'x'.repeat(51) }, 400, undefined],
      [{ email: 'not-an-email' }, 400, undefined],
      [{ email: other.parent.email }, 409, undefined],
      [{ childLimit: 7 }, 400, 'The child limit must be a whole number from 1 to 6.'],
      [{ childLimit: 0 }, 400, 'The child limit must be a whole number from 1 to 6.'],
      [{ adviserId: 999_999 }, 400, 'There is no such adviser.'],
      [{}, 400, 'Change at least one field.'],
      [{ mobile: '13800000000' }, 400, undefined],
    ] as const) {
      const response = await post(url, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      if (msg) expect(response.json().msg).toBe(msg);
    }
    const page = (await get(url)).json().data.parent;
    expect(page).toMatchObject({
      name: `Parent ${f.tag}`,
      email: `parent${f.tag}@example.com`,
      childLimit: 3,
      adviser: { id: adviserA },
    });
    expect((await auditRows(f.parent.id)).map((row) => row.action)).toEqual(['family.viewed']);
  });

  it("edits a child's nickname, birthday and avatar with the children's rules, audited", async () => {
    t.clock.set(NOW);
    const f = await family({ nickname: 'Old' });
    const url = `/api/ops/families/${f.parent.user_sn}/children/${f.child.student_sn}`;
    const response = await post(url, { nickname: ' New ', birthday: '2019-01-02' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      studentSn: f.child.student_sn,
      nickname: 'New',
      birthday: '2019-01-02',
      age: 7,
    });
    const [entry] = await auditRows(f.parent.id);
    expect(entry).toMatchObject({
      action: 'child.updated',
      target_type: 'child',
      target_id: f.child.student_sn,
      before: { nickname: 'Old', birthday: '2018-05-14' },
      after: { nickname: 'New', birthday: '2019-01-02' },
    });

    for (const [payload, msg] of [
      [{ nickname: '' }, 'selectName'],
      [{ nickname: 'x'.repeat(21) }, 'nicknameTooLong'],
      [{ birthday: '2030-01-01' }, 'birthdayInFuture'],
      [{ birthday: 'yesterday' }, 'selectBirthday'],
      [{ avatar: 999_999 }, 'selectAvatar'],
      [{}, 'familiesNothingToChange'],
    ] as const) {
      const refused = await post(url, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      const en = await import('@portal/shared/i18n').then((m) => m.translate('en', msg));
      expect(refused.json().msg).toBe(en);
    }
    const page = (await get(`/api/ops/families/${f.parent.user_sn}`)).json().data;
    expect(page.children[0]).toMatchObject({ nickname: 'New', birthday: '2019-01-02' });
    expect((await auditRows(f.parent.id)).filter((r) => r.action === 'child.updated')).toHaveLength(
      1,
    );
  });

  it("changes a child's avatar, audited before/after; an unknown avatar is refused with the parents' message and changes nothing", async () => {
    t.clock.set(NOW);
    const f = await family({ nickname: 'Ava' });
    const url = `/api/ops/families/${f.parent.user_sn}/children/${f.child.student_sn}`;
    const [next] = await t.ctx.db
      .insert(avatars)
      .values({ url: '/img/avatars/avatar-5.svg' })
      .returning();
    const response = await post(url, { avatar: next!.id }, 'adviser');
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      studentSn: f.child.student_sn,
      nickname: 'Ava',
      avatarId: next!.id,
      avatar: '/img/avatars/avatar-5.svg',
    });
    const updates = async () =>
      (await auditRows(f.parent.id)).filter((row) => row.action === 'child.updated');
    expect(await updates()).toEqual([
      expect.objectContaining({
        staff_id: STAFF_IDS.adviser,
        target_type: 'child',
        target_id: f.child.student_sn,
        before: { avatar: f.child.avatar_id },
        after: { avatar: next!.id },
      }),
    ]);

    const [{ max }] = rowsOf<{ max: number }>(
      await t.ctx.db.execute(sql`select max(id)::int as max from avatars`),
    ) as [{ max: number }];
    const unknown = max + 1000;
    for (const [payload, lang, msg] of [
      [{ avatar: unknown }, 'en', 'Please select avatar.'],
      [{ avatar: unknown, nickname: 'Renamed' }, 'zh_CN', '请选择头像。'],
      [{ avatar: 0 }, 'en', 'Please select avatar.'],
      [{ avatar: 'two' }, 'en', 'Please select avatar.'],
    ] as const) {
      const refused = await t.app.inject({
        method: 'POST',
        url,
        payload,
        headers: { ...staffHeaders('admin'), lang },
      });
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.json().msg, JSON.stringify(payload)).toBe(msg);
    }
    const page = (await get(`/api/ops/families/${f.parent.user_sn}`)).json().data;
    expect(page.children[0]).toMatchObject({
      nickname: 'Ava',
      avatarId: next!.id,
      avatar: '/img/avatars/avatar-5.svg',
    });
    expect(await updates()).toHaveLength(1);
  });

  it('signs the parent out everywhere, audited', async () => {
    const f = await family();
    const second = await createSignedInParent(t.ctx, {}); // another parent keeps their session
    const response = await post(
      `/api/ops/families/${f.parent.user_sn}/sign-out-everywhere`,
      {},
      'adviser',
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toBeNull();
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/user/profile',
      headers: f.headers,
    });
    expect(profile.statusCode).toBe(401);
    const theirs = await t.app.inject({
      method: 'GET',
      url: '/api/user/profile',
      headers: second.headers,
    });
    expect(theirs.statusCode).toBe(200);
    const [entry] = await auditRows(f.parent.id);
    expect(entry).toMatchObject({ action: 'parent.sessions-revoked', detail: { sessions: 1 } });
    expect((await get(`/api/ops/families/${f.parent.user_sn}`)).json().data.sessions).toEqual([]);
  });
});

describe('POST /api/ops/families/:userSn/credits', () => {
  const correct = (userSn: string, body: object, role: StaffRole = 'admin') =>
    post(`/api/ops/families/${userSn}/credits`, body, role);

  it('makes 10 identical concurrent requests one correction: one ledger row, one audit entry, the same answer', async () => {
    const f = await family({ paid: 3 });
    const body = { delta: 5, reason: 'goodwill', idempotencyKey: randomUUID() };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => correct(f.parent.user_sn, body, 'adviser')),
    );
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json().data).toEqual({
        credits: { paid: 3, reward: 5, reserved: 0, available: 8 },
      });
    }
    expect(
      await count('credit_ledger', sql`parent_id = ${f.parent.id} and event = 'staff_correction'`),
    ).toBe(1);
    expect(await count('credit_corrections', sql`parent_id = ${f.parent.id}`)).toBe(1);
    const entries = (await auditRows(f.parent.id)).filter((r) => r.action === 'credits.corrected');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      staff_id: STAFF_IDS.adviser,
      target_type: 'credit-correction',
      before: { paid: 3, reward: 0, reserved: 0, available: 3 },
      after: { paid: 3, reward: 5, reserved: 0, available: 8 },
      detail: { delta: 5, reason: 'goodwill', note: '' },
    });
  });

  it('shows the parent the correction in their credit history, translated', async () => {
    const f = await family({ paid: 10, reward: 1 });
    // The factory's rows carry the real time; the corrections the clock's: a minute later.
    t.clock.set(new Date(Date.now() + 60_000));
    await correct(f.parent.user_sn, { delta: 5, reason: 'goodwill', idempotencyKey: randomUUID() });
    await correct(f.parent.user_sn, {
      delta: -3,
      reason: 'correction',
      idempotencyKey: randomUUID(),
    });
    const history = async (lang: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/account-logs/creditPC?page=1&pagesize=10',
          headers: { ...f.headers, lang },
        })
      ).json().data as Record<string, unknown>[];
    const en = await history('en');
    expect(en.slice(0, 2)).toMatchObject([
      {
        title: 'Removed by the school: correction',
        message: 'Adjusted by the school',
        quantity: -3,
        event: 'staff_correction',
        balance_after: 13,
      },
      {
        title: 'Added by the school: goodwill',
        message: 'Adjusted by the school',
        quantity: 5,
        balance_after: 16,
      },
    ]);
    const zh = await history('zh_CN');
    expect(zh.slice(0, 2)).toMatchObject([
      { title: '学校更正：扣除课时', message: '学校调整' },
      { title: '学校补偿', message: '学校调整' },
    ]);
    const account = await t.app.inject({
      method: 'GET',
      url: '/api/accounts?model=lessons',
      headers: f.headers,
    });
    // Reward went first: 1 + 5 reward − 3 → 3 reward; paid untouched.
    expect(account.json().data).toMatchObject({
      purchased_credit: 10,
      reward_credit: 3,
      balance: 13,
    });
  });

  it('refuses bad input with a translated message and writes nothing', async () => {
    const f = await family({ paid: 2 });
    const key = randomUUID();
    for (const [body, msg] of [
      [{ delta: 0, reason: 'goodwill', idempotencyKey: key }, 'correctionDeltaInvalid'],
      [{ delta: 1.5, reason: 'goodwill', idempotencyKey: key }, 'correctionDeltaInvalid'],
      [{ delta: '5', reason: 'goodwill', idempotencyKey: key }, 'correctionDeltaInvalid'],
      [{ delta: 1, reason: 'because', idempotencyKey: key }, 'correctionReasonInvalid'],
      [{ delta: 1, reason: 'other', idempotencyKey: key }, 'correctionNoteRequired'],
      [{ delta: 1, reason: 'other', note: '   ', idempotencyKey: key }, 'correctionNoteRequired'],
      [
        { delta: 1, reason: 'other', note: 'x'.repeat(201), idempotencyKey: key },
        'correctionNoteTooLong',
      ],
      [{ delta: 1, reason: 'goodwill', idempotencyKey: 'not-a-uuid' }, 'correctionKeyInvalid'],
      [{ delta: -3, reason: 'correction', idempotencyKey: key }, 'correctionBelowZero'],
      [{ delta: 21, reason: 'goodwill', idempotencyKey: key }, 'correctionOverLimit'],
    ] as const) {
      const response = await correct(f.parent.user_sn, body, 'adviser');
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      const { translate } = await import('@portal/shared/i18n');
      expect(response.json().msg, JSON.stringify(body)).toBe(
        translate('en', msg, { limit: 20, available: 2, amount: 3 }),
      );
    }
    expect(await count('credit_corrections', sql`parent_id = ${f.parent.id}`)).toBe(0);
    expect(await count('credit_ledger', sql`parent_id = ${f.parent.id}`)).toBe(1);
    expect(await auditRows(f.parent.id)).toEqual([]);
    const zh = await t.app.inject({
      method: 'POST',
      url: `/api/ops/families/${f.parent.user_sn}/credits`,
      headers: { ...staffHeaders('adviser'), lang: 'zh_CN' },
      payload: { delta: -3, reason: 'correction', idempotencyKey: key },
    });
    expect(zh.json().msg).toBe('该家庭可用课时只有 2，无法扣除 3。');
  });

  it('answers 409 when a key comes back with different values', async () => {
    const f = await family();
    const key = randomUUID();
    expect(
      (await correct(f.parent.user_sn, { delta: 2, reason: 'goodwill', idempotencyKey: key }))
        .statusCode,
    ).toBe(200);
    const again = await correct(f.parent.user_sn, {
      delta: 3,
      reason: 'goodwill',
      idempotencyKey: key,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe(
      'This form was already sent with different values. Please open it again.',
    );
  });
});
