import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rowsOf } from '../../db/client';
import {
  advisers,
  auditLog,
  calendarFeeds,
  creditLedger,
  lessonReminders,
  lessonComments,
  lessons,
  memberships,
  orders,
  parents,
  registrations,
  reminderSettings,
  students,
} from '../../db/schema';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import { solveCaptcha } from '../../../test/helpers/captcha';
import { createSignedInParent } from '../../../test/factories/parents';
import {
  createChild,
  createCourse,
  createEnrollment,
  createMembership,
  grantCredits,
} from '../../../test/factories/lessons';
import { eraseDueAccounts } from './erasure.service';

let t: TestApp;
let ipCounter = 0;
const nextIp = () => `10.25.${Math.floor(++ipCounter / 200)}.${ipCounter % 200}`;
const DAY_MS = 86_400_000;

beforeAll(async () => {
  t = await buildTestApp();
  await t.ctx.db.insert(advisers).values({ name: 'Default Dan', invite_code: 'DEF1', sort: 0 });
});
afterAll(() => t.close());

let familyCounter = 0;
const pad = (value: number) => String(value).padStart(2, '0');

/**
 * A family with something personal in every place the erasure must reach: names, e-mail,
 * WeChat, a referrer, a child with a nickname and birth date, a lesson with feedback and a
 * teacher's note, an order carrying contact details, credits, a plan, a registration, SMS codes
 * and outbox messages. `marks` are strings unique to this family.
 */
async function createFamily() {
  familyCounter += 1;
  const n = familyCounter;
  const marks = {
    name: `Parentname${n}Zq`,
    email: `family${n}.erase@example.com`,
    wechat: `wechat${n}zq`,
    referer: `Referrer${n}Zq`,
    nickname: `Kidnick${n}Zq`,
    birthDate: `${2010 + (n % 10)}-${pad((n % 12) + 1)}-${pad((n % 28) + 1)}`,
    feedback: `Feedbacktext${n}Zq`,
    teacherNote: `Teachernote${n}Zq`,
    registrationChild: `Regchild${n}Zq`,
    utm: `utmcampaign${n}zq`,
  };
  const signed = await createSignedInParent(t.ctx, {
    name: marks.name,
    email: marks.email,
    wechat: marks.wechat,
    referer: marks.referer,
    referer_code: `REF${n}ZQ`,
    user_city: `Cityname${n}Zq`,
  });
  const { parent } = signed;
  const child = await createChild(t.ctx, parent.id, marks.nickname);
  await t.ctx.db
    .update(students)
    .set({ birth_date: marks.birthDate })
    .where(eq(students.id, child.id));
  await grantCredits(t.ctx, parent.id, { paid: 12, reward: 3 });
  const course = await createCourse(t.ctx, { slots: [[1, '10:00']] });
  await createEnrollment(t.ctx, {
    parentId: parent.id,
    studentId: child.id,
    courseId: course.id,
    startsAt: new Date(t.clock.now().getTime() - 14 * DAY_MS),
    weeks: 3,
  });
  const [past] = await t.ctx.db
    .select()
    .from(lessons)
    .where(eq(lessons.parent_id, parent.id))
    .orderBy(lessons.starts_at)
    .limit(1);
  await t.ctx.db
    .update(lessons)
    .set({ teacher_note: marks.teacherNote })
    .where(eq(lessons.id, past!.id));
  await t.ctx.db.insert(lessonComments).values({
    comment_sn: `C${n}-${Date.now()}`,
    lesson_id: past!.id,
    parent_id: parent.id,
    rating_halves: 9,
    comment: marks.feedback,
  });
  await t.ctx.db.insert(orders).values({
    order_no: `ORD-ERASE-${n}-${Date.now()}`,
    parent_id: parent.id,
    kind: 'package',
    item_id: 1,
    title_en: '10 credits',
    title_zh: '10 课时',
    quantity: 10,
    amount_minor: 19_900,
    currency: 'USD',
    status: 'paid',
    provider: 'local',
    username: marks.name,
    mobile: parent.mobile,
    email: marks.email,
    paid_at: t.clock.now(),
  });
  await createMembership(t.ctx, parent.id, 1);
  await t.ctx.db.insert(registrations).values({
    parent_id: parent.id,
    landingpage_id: 12,
    child_nickname: marks.registrationChild,
    params: { utm_campaign: marks.utm },
  });
  return { ...signed, child, marks };
}

function ask(
  headers: Record<string, string>,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
) {
  return t.app.inject({
    method,
    url,
    headers: { ...headers, lang: 'en' },
    remoteAddress: nextIp(),
    ...(payload ? { payload } : {}),
  });
}

async function outboxCode(phone: string): Promise<string> {
  const outbox = await t.app.inject({
    method: 'GET',
    url: `/api/dev/outbox?to=${encodeURIComponent(phone)}&limit=1`,
  });
  return /(\d{6})/.exec(outbox.json().data[0].body as string)![1]!;
}

/** Every row of every table of the schema, as JSON text per table. */
async function everyTable(): Promise<Map<string, string>> {
  const tables = rowsOf<{ table_name: string }>(
    await t.ctx.db.execute(
      sql`select table_name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    ),
  );
  const dump = new Map<string, string>();
  for (const { table_name } of tables) {
    const rows = rowsOf<Record<string, unknown>>(
      await t.ctx.db.execute(sql.raw(`select * from "${table_name}"`)),
    );
    dump.set(table_name, JSON.stringify(rows).toLowerCase());
  }
  return dump;
}

describe('GET /api/accountDeletion: the preview', () => {
  it('names the credits forfeited, the children and the plan that stops renewing', async () => {
    const { headers } = await createFamily();
    const response = await ask(headers, 'GET', '/api/accountDeletion');
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      pending: false,
      due_at: null,
      grace_days: 14,
      would_erase_at: new Date(t.clock.now().getTime() + 14 * DAY_MS).toISOString(),
      has_password: true,
      credits: { paid: 12, reward: 3 },
      children: 1,
      plan: { title_en: 'Monthly pass', title_zh: '月卡' },
    });
    expect(response.json().data.phone_masked).toMatch(/^\+86 \*+\d\d$/);
  });

  it('needs a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/accountDeletion' });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /api/accountDeletion: asking for it', () => {
  it('refuses a wrong password and changes nothing', async () => {
    const { parent, headers } = await createFamily();
    const response = await ask(headers, 'POST', '/api/accountDeletion', { password: 'wrong999' });
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toBe('The password is wrong. Nothing was changed.');
    const [row] = await t.ctx.db.select().from(parents).where(eq(parents.id, parent.id));
    expect(row!.deletion_due_at).toBeNull();
    expect(t.logText()).not.toContain('wrong999');
  });

  it('refuses a wrong code, and neither or both confirmations', async () => {
    const { parent, headers } = await createFamily();
    const wrong = await ask(headers, 'POST', '/api/accountDeletion', { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    for (const body of [{}, { password: 'secret123', code: '123456' }]) {
      const response = await ask(headers, 'POST', '/api/accountDeletion', body);
      expect(response.statusCode).toBe(400);
      expect(response.json().msg).toBe('Please confirm with your password or a verification code.');
    }
    const [row] = await t.ctx.db.select().from(parents).where(eq(parents.id, parent.id));
    expect(row!.deletion_due_at).toBeNull();
  });

  it('takes the password: due in 14 days, the plan stops renewing, audited without personal data', async () => {
    const { parent, headers, marks } = await createFamily();
    const response = await ask(headers, 'POST', '/api/accountDeletion', { password: 'secret123' });
    expect(response.statusCode).toBe(200);
    const due = new Date(t.clock.now().getTime() + 14 * DAY_MS).toISOString();
    expect(response.json().data).toMatchObject({ pending: true, due_at: due });
    expect(response.json().msg).toBe(
      `Your account will be erased on ${due.slice(0, 10)}. Sign in before then to cancel.`,
    );
    const [plan] = await t.ctx.db
      .select()
      .from(memberships)
      .where(eq(memberships.parent_id, parent.id));
    expect(plan!.cancel_at_period_end).toBe(true);
    const entries = await t.ctx.db.select().from(auditLog).where(eq(auditLog.parent_id, parent.id));
    const requested = entries.find((entry) => entry.action === 'account.deletion-requested');
    expect(requested).toMatchObject({
      staff_id: null,
      detail: { by: 'parent', method: 'password', dueAt: due },
    });
    expect(JSON.stringify(entries)).not.toContain(marks.name);
    expect(JSON.stringify(entries)).not.toContain(parent.mobile);

    const again = await ask(headers, 'POST', '/api/accountDeletion', { password: 'secret123' });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toContain(due.slice(0, 10));
  });

  it('counts two requests at once as one: one is taken, the other answers it is pending', async () => {
    const { parent, headers } = await createFamily();
    const answers = await Promise.all([
      ask(headers, 'POST', '/api/accountDeletion', { password: 'secret123' }),
      ask(headers, 'POST', '/api/accountDeletion', { password: 'secret123' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const requested = (
      await t.ctx.db.select().from(auditLog).where(eq(auditLog.parent_id, parent.id))
    ).filter((entry) => entry.action === 'account.deletion-requested');
    expect(requested).toHaveLength(1);
  });

  it('takes an SMS code sent to the account’s own phone (single use)', async () => {
    const { parent, headers } = await createFamily();
    const sent = await ask(headers, 'POST', '/api/accountDeletion/code');
    expect(sent.statusCode).toBe(200);
    const code = await outboxCode(`+86${parent.mobile}`);
    expect(t.logText()).not.toContain(code);
    const response = await ask(headers, 'POST', '/api/accountDeletion', { code });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.pending).toBe(true);
    const [entry] = await t.ctx.db.select().from(auditLog).where(eq(auditLog.parent_id, parent.id));
    expect(entry!.detail).toMatchObject({ method: 'sms-code' });
  });
});

describe('the grace period', () => {
  it('signing in during it offers the cancel; cancelling keeps the account', async () => {
    const { parent, headers } = await createFamily();
    await ask(headers, 'POST', '/api/accountDeletion', { password: 'secret123' });
    t.clock.advance(3 * DAY_MS);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { mobile: parent.mobile, country_code: '86', password: 'secret123' },
      remoteAddress: nextIp(),
    });
    expect(signIn.statusCode).toBe(200);
    const fresh = { authorization: `Bearer ${signIn.json().data.token as string}` };
    const status = await ask(fresh, 'GET', '/api/accountDeletion');
    expect(status.json().data).toMatchObject({ pending: true, due_at: expect.any(String) });
    // The sign-in answer itself carries the date, so the screens offer the cancel at once.
    expect(signIn.json().data.deletion_due_at).toBe(status.json().data.due_at);

    const cancel = await ask(fresh, 'POST', '/api/accountDeletion/cancel');
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json().msg).toBe('Deletion cancelled. Your account stays as it was.');
    expect(cancel.json().data).toMatchObject({ pending: false, due_at: null });
    const twice = await ask(fresh, 'POST', '/api/accountDeletion/cancel');
    expect(twice.statusCode).toBe(400);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { mobile: parent.mobile, country_code: '86', password: 'secret123' },
      remoteAddress: nextIp(),
    });
    expect(again.json().data).not.toHaveProperty('deletion_due_at');

    t.clock.advance(30 * DAY_MS);
    await eraseDueAccounts(t.ctx, t.clock.now());
    const [row] = await t.ctx.db.select().from(parents).where(eq(parents.id, parent.id));
    expect(row).toMatchObject({ erased_at: null, mobile: parent.mobile });
    const actions = (
      await t.ctx.db.select().from(auditLog).where(eq(auditLog.parent_id, parent.id))
    ).map((entry) => entry.action);
    expect(actions).toEqual(['account.deletion-requested', 'account.deletion-cancelled']);
  });
});

describe('the erasure job', () => {
  it('erases nothing before the due date, then every personal field of every table', async () => {
    const gone = await createFamily();
    const other = await createFamily();
    const ledgerBefore = await t.ctx.db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.parent_id, gone.parent.id));
    // Reminder choices, a reminder and a calendar link for each family (issue #24).
    for (const family of [gone, other]) {
      const parentId = family.parent.id;
      const [lesson] = await t.ctx.db.select().from(lessons).where(eq(lessons.parent_id, parentId));
      await t.ctx.db.insert(reminderSettings).values({ parent_id: parentId, soon: 'both' });
      await t.ctx.db.insert(lessonReminders).values({
        lesson_id: lesson!.id,
        parent_id: parentId,
        kind: 'soon',
        channel: 'sms',
        starts_at: lesson!.starts_at,
      });
      await t.ctx.db
        .insert(calendarFeeds)
        .values({ parent_id: parentId, token_hash: `hash-${parentId}-${Date.now()}` });
    }
    await ask(gone.headers, 'POST', '/api/accountDeletion/code');
    await ask(gone.headers, 'POST', '/api/accountDeletion', { password: 'secret123' });

    t.clock.advance(14 * DAY_MS - 60_000);
    expect(await eraseDueAccounts(t.ctx, t.clock.now())).toBe(0);
    t.clock.advance(120_000);
    // Two instances at once: each account is erased once.
    const runs = await Promise.all([
      eraseDueAccounts(t.ctx, t.clock.now()),
      eraseDueAccounts(t.ctx, t.clock.now()),
    ]);
    expect(runs.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);

    const dump = await everyTable();
    const personal = [
      ...Object.values(gone.marks),
      gone.parent.mobile,
      gone.parent.user_sn,
      gone.token,
    ].map((mark) => mark.toLowerCase());
    const found: string[] = [];
    for (const [table, text] of dump)
      for (const mark of personal) if (text.includes(mark)) found.push(`${table}: ${mark}`);
    expect(found).toEqual([]);
    // The other family is untouched, in every table it was written to.
    const all = [...dump.values()].join('\n');
    for (const mark of [...Object.values(other.marks), other.parent.mobile])
      expect(all).toContain(mark.toLowerCase());

    // Financial rows kept, pointing at the same, now anonymous, parent.
    // The reminders, their choices and the calendar link are gone; the other family keeps its own.
    for (const table of [lessonReminders, reminderSettings, calendarFeeds]) {
      const of = async (parentId: number) =>
        (await t.ctx.db.select().from(table).where(eq(table.parent_id, parentId))).length;
      expect(await of(gone.parent.id)).toBe(0);
      expect(await of(other.parent.id)).toBe(1);
    }

    const [anonymous] = await t.ctx.db.select().from(parents).where(eq(parents.id, gone.parent.id));
    expect(anonymous).toMatchObject({ name: null, email: null, password_hash: null });
    expect(anonymous!.user_sn).toMatch(/^anon-[0-9a-f]{16}$/);
    expect(anonymous!.erased_at).not.toBeNull();
    const [order] = await t.ctx.db
      .select()
      .from(orders)
      .where(eq(orders.parent_id, gone.parent.id));
    expect(order).toMatchObject({
      amount_minor: 19_900,
      status: 'paid',
      username: null,
      mobile: null,
      email: null,
    });
    const ledgerAfter = await t.ctx.db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.parent_id, gone.parent.id));
    const sumPaid = (rows: typeof ledgerAfter) => rows.reduce((s, r) => s + r.paid_delta, 0);
    expect(ledgerAfter.length).toBeGreaterThanOrEqual(ledgerBefore.length);
    expect(sumPaid(ledgerAfter)).toBe(sumPaid(ledgerBefore));
    const [plan] = await t.ctx.db
      .select()
      .from(memberships)
      .where(eq(memberships.parent_id, gone.parent.id));
    expect(plan!.cancelled_at).not.toBeNull();
    expect(plan!.price_minor).toBe(34_900);
    const coming = await t.ctx.db.select().from(lessons)
      .where(sql`${lessons.parent_id} = ${gone.parent.id} and ${lessons.starts_at} > ${t.clock.now()}
        and ${lessons.cancelled_at} is null`);
    expect(coming).toEqual([]);

    // The session is gone; the school's log has the request and the erasure, nothing erased.
    const me = await ask(gone.headers, 'GET', '/api/accountDeletion');
    expect(me.statusCode).toBe(401);
    const actions = (
      await t.ctx.db.select().from(auditLog).where(eq(auditLog.parent_id, gone.parent.id))
    ).map((entry) => entry.action);
    expect(actions).toEqual(['account.deletion-requested', 'account.erased']);
  });

  it("stops the provider's renewals when asked, and ends the subscription at the erasure", async () => {
    const gone = await createFamily();
    await t.ctx.db
      .update(memberships)
      .set({ subscription_id: 'sub_erase_1' })
      .where(eq(memberships.parent_id, gone.parent.id));
    const atPeriodEnd = vi.spyOn(t.ctx.providers.payments, 'cancelSubscriptionAtPeriodEnd');
    const ended = vi.spyOn(t.ctx.providers.payments, 'cancelSubscription');
    await ask(gone.headers, 'POST', '/api/accountDeletion', { password: 'secret123' });
    expect(atPeriodEnd).toHaveBeenCalledWith('sub_erase_1');
    t.clock.advance(15 * DAY_MS);
    await eraseDueAccounts(t.ctx, t.clock.now());
    expect(ended).toHaveBeenCalledWith('sub_erase_1');
    atPeriodEnd.mockRestore();
    ended.mockRestore();
  });

  it('frees the phone: it registers again as a new parent', async () => {
    const gone = await createFamily();
    await ask(gone.headers, 'POST', '/api/accountDeletion', { password: 'secret123' });
    t.clock.advance(15 * DAY_MS);
    expect(await eraseDueAccounts(t.ctx, t.clock.now())).toBeGreaterThanOrEqual(1);

    const mobile = gone.parent.mobile;
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/login/verify-code',
      payload: {
        mobile,
        country_code: '86',
        length: 6,
        scene: 'register',
        captcha: await solveCaptcha(t, nextIp()),
      },
      remoteAddress: nextIp(),
      headers: { lang: 'en' },
    });
    expect(sent.statusCode).toBe(200);
    const verification = await outboxCode(`+86${mobile}`);
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/signUpUser',
      payload: {
        mobile,
        country_code: '86',
        verification,
        landingpage_id: 12,
        captcha: await solveCaptcha(t, nextIp()),
      },
      remoteAddress: nextIp(),
      headers: { lang: 'en' },
    });
    expect(signUp.statusCode).toBe(200);
    const fresh = await t.ctx.db.select().from(parents).where(eq(parents.mobile, mobile));
    expect(fresh).toHaveLength(1);
    expect(fresh[0]!.id).not.toBe(gone.parent.id);
    expect(fresh[0]!.deletion_due_at).toBeNull();
  });
});
