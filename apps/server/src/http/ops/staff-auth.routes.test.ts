import { sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '@portal/shared/staff';
import { rowsOf } from '../../db/client';
import { hashPassword } from '../../lib/passwords';
import { listAudit } from '../../modules/audit/audit.service';
import { findOutboxMessagesTo } from '../../modules/outbox/outbox.service';
import { insertEnrolledStaff } from '../../modules/staff/staff.service';
import { createSignedInParent } from '../../../test/factories/parents';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';

/**
 * Staff sign-in end to end through `inject` with the real authenticator (docs/product.md →
 * Staff): password, TOTP (codes computed here from the secret, the TestClock moved), recovery
 * codes, lockout, tickets, sessions, set-up links, and what reaches the audit log and the log.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const PASSWORD = 'staffpass1';
let counter = 0;
let ipCounter = 0;
const nextIp = () => `10.21.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

function codeAt(secret: string, at: Date = t.clock.now()): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: at.getTime(),
  });
}

async function post(
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
  remoteAddress = nextIp(),
) {
  return t.app.inject({ method: 'POST', url: `/api/ops${url}`, payload, headers, remoteAddress });
}

async function get(url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url: `/api/ops${url}`, headers, remoteAddress: nextIp() });
}

/** An enrolled member with the password PASSWORD and a fresh secret. */
async function createMember(role: StaffRole = 'adviser') {
  counter += 1;
  const email = `member${counter}@school.test`;
  const secret = new Secret({ size: 20 }).base32;
  const id = await insertEnrolledStaff(
    t.ctx.db,
    t.ctx.config.staff.totpKey,
    {
      email,
      name: `Member ${counter}`,
      role,
      passwordHash: await hashPassword(PASSWORD, t.ctx.config.passwordHashCost),
      totpSecret: secret,
    },
    t.clock.now(),
  );
  return { id, email, secret };
}

async function ticketFor(email: string, password = PASSWORD) {
  const response = await post('/auth/sign-in', { email, password });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { step: string; ticket: string; enrolment?: { secret: string } };
}

/** Moves the clock to the next 30-second step, so the next code is a new one. */
function nextStep() {
  t.clock.advance(30_000);
}

async function signIn(member: { email: string; secret: string }) {
  nextStep();
  const { ticket } = await ticketFor(member.email);
  const response = await post('/auth/verify', { ticket, code: codeAt(member.secret) });
  expect(response.statusCode, response.body).toBe(200);
  const token = response.json().data.token as string;
  return { token, headers: { authorization: `Bearer ${token}` } };
}

async function auditOf(staffId: number, action?: string) {
  return (await listAudit(t.ctx, { staffId, action }, { page: 1, pageSize: 100 })).entries;
}

describe('staff sign-in with password and TOTP', () => {
  it('signs in with e-mail, password and a code, and answers who signed in', async () => {
    const member = await createMember('adviser');
    const first = await ticketFor(member.email.toUpperCase());
    expect(first).toEqual({ step: 'code', ticket: expect.any(String) });
    const verified = await post(
      '/auth/verify',
      { ticket: first.ticket, code: codeAt(member.secret) },
      { 'user-agent': 'Vitest browser' },
    );
    expect(verified.statusCode).toBe(200);
    const data = verified.json().data;
    expect(data).toEqual({
      token: expect.any(String),
      expiresAt: new Date(t.clock.now().getTime() + 12 * 3_600_000).toISOString(),
      me: {
        id: member.id,
        email: member.email,
        name: expect.any(String),
        role: 'adviser',
        permissions: [
          'self.manage',
          'families.read',
          'families.write',
          'credits.correct',
          'dashboard.read',
          'orders.read',
        ],
      },
    });
    const me = await get('/me', { authorization: `Bearer ${data.token}` });
    expect(me.json().data).toEqual(data.me);
    const signedIn = await auditOf(member.id, 'staff.signed-in');
    expect(signedIn).toHaveLength(1);
    expect(signedIn[0]).toMatchObject({ detail: { method: 'code' }, target: { type: 'session' } });
  });

  it('answers one message for an unknown address, a wrong password and a disabled member', async () => {
    const member = await createMember();
    const disabled = await createMember();
    await t.ctx.db.execute(sql`update staff set status = 'disabled' where id = ${disabled.id}`);
    const attempts = [
      { email: 'nobody@school.test', password: PASSWORD },
      { email: member.email, password: 'wrongpass1' },
      { email: disabled.email, password: PASSWORD },
    ];
    for (const payload of attempts) {
      const response = await post('/auth/sign-in', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 400,
        msg: 'The e-mail address or password is not right.',
        data: null,
      });
    }
    const zh = await post('/auth/sign-in', attempts[1], { lang: 'zh_CN' });
    expect(zh.json().msg).toBe('邮箱地址或密码不正确。');
    const unknown = await listAudit(
      t.ctx,
      { action: 'staff.sign-in-failed' },
      { page: 1, pageSize: 100 },
    );
    expect(unknown.entries.find((entry) => entry.staffId === null)).toMatchObject({
      detail: { reason: 'unknown-email', email: 'nobody@school.test' },
    });
    expect((await auditOf(member.id, 'staff.sign-in-failed'))[0]).toMatchObject({
      detail: { reason: 'wrong-password' },
    });
    expect((await auditOf(disabled.id, 'staff.sign-in-failed'))[0]).toMatchObject({
      detail: { reason: 'disabled' },
    });
  });

  it('refuses bad input with the field message and changes nothing', async () => {
    const member = await createMember();
    const badEmail = await post('/auth/sign-in', { email: 'not-an-address', password: 'x' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().msg).toBe('Please enter a valid e-mail address.');
    const { ticket } = await ticketFor(member.email);
    for (const payload of [
      { ticket, code: '12345' },
      { ticket },
      { ticket, code: codeAt(member.secret), recoveryCode: 'abcde-fghjk' },
    ]) {
      const response = await post('/auth/verify', payload);
      expect(response.statusCode).toBe(400);
    }
    const [row] = rowsOf<{ failed_codes: number }>(
      await t.ctx.db.execute(sql`select failed_codes from staff where id = ${member.id}`),
    );
    expect(row!.failed_codes).toBe(0);
    // The ticket is still good.
    const verified = await post('/auth/verify', { ticket, code: codeAt(member.secret) });
    expect(verified.statusCode).toBe(200);
  });

  it('accepts a code once: the same code with a new ticket is refused', async () => {
    const member = await createMember();
    nextStep();
    const code = codeAt(member.secret);
    const first = await ticketFor(member.email);
    expect((await post('/auth/verify', { ticket: first.ticket, code })).statusCode).toBe(200);
    const second = await ticketFor(member.email);
    const replay = await post('/auth/verify', { ticket: second.ticket, code });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().msg).toBe('That code is not right. Please try again.');
    expect((await auditOf(member.id, 'staff.sign-in-failed'))[0]).toMatchObject({
      detail: { reason: 'reused-code' },
    });
    nextStep();
    const next = await post('/auth/verify', { ticket: second.ticket, code: codeAt(member.secret) });
    expect(next.statusCode).toBe(200);
  });

  it('accepts the previous and the next 30-second code, not one two steps away', async () => {
    const member = await createMember();
    nextStep();
    const now = t.clock.now();
    const { ticket } = await ticketFor(member.email);
    const old = await post('/auth/verify', {
      ticket,
      code: codeAt(member.secret, new Date(now.getTime() - 60_000)),
    });
    expect(old.statusCode).toBe(400);
    const previous = await post('/auth/verify', {
      ticket,
      code: codeAt(member.secret, new Date(now.getTime() - 30_000)),
    });
    expect(previous.statusCode).toBe(200);
  });

  it('refuses an expired ticket and a used one', async () => {
    const member = await createMember();
    nextStep();
    const stale = await ticketFor(member.email);
    t.clock.advance(10 * 60_000 + 1000);
    const expired = await post('/auth/verify', {
      ticket: stale.ticket,
      code: codeAt(member.secret),
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().msg).toBe(
      'This sign-in has expired. Please start again with your e-mail and password.',
    );
    const fresh = await ticketFor(member.email);
    expect(
      (await post('/auth/verify', { ticket: fresh.ticket, code: codeAt(member.secret) }))
        .statusCode,
    ).toBe(200);
    nextStep();
    const reused = await post('/auth/verify', {
      ticket: fresh.ticket,
      code: codeAt(member.secret),
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().msg).toMatch(/expired/);
    const unknown = await post('/auth/verify', { ticket: 'x'.repeat(43), code: '123456' });
    expect(unknown.statusCode).toBe(400);
  });

  it('opens one session when the same ticket and code arrive twice at once', async () => {
    const member = await createMember();
    nextStep();
    const { ticket } = await ticketFor(member.email);
    const code = codeAt(member.secret);
    const answers = await Promise.all([
      post('/auth/verify', { ticket, code }),
      post('/auth/verify', { ticket, code }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    const [row] = rowsOf<{ n: number | string }>(
      await t.ctx.db.execute(
        sql`select count(*) as n from staff_sessions where staff_id = ${member.id}`,
      ),
    );
    expect(Number(row!.n)).toBe(1);
  });
});

describe('lockout after 5 wrong codes', () => {
  it('locks sign-in for 15 minutes, even with the right password and code, and audits it', async () => {
    const member = await createMember();
    nextStep();
    const { ticket } = await ticketFor(member.email);
    const wrong = codeAt(member.secret) === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i += 1) {
      const response = await post('/auth/verify', { ticket, code: wrong });
      expect(response.statusCode).toBe(400);
      expect(response.json().msg).toBe('That code is not right. Please try again.');
    }
    const fifth = await post('/auth/verify', { ticket, code: wrong });
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().msg).toBe(
      'Too many wrong codes. Sign-in is locked for this account; please try again in 15 min.',
    );
    const right = await post('/auth/verify', { ticket, code: codeAt(member.secret) });
    expect(right.statusCode).toBe(429);
    t.clock.advance(5 * 60_000);
    const password = await post('/auth/sign-in', { email: member.email, password: PASSWORD });
    expect(password.statusCode).toBe(429);
    expect(password.json().msg).toMatch(/try again in 10 min/);
    const zh = await post(
      '/auth/sign-in',
      { email: member.email, password: PASSWORD },
      { lang: 'zh_CN' },
    );
    expect(zh.json().msg).toBe('验证码错误次数过多，该账号已暂时锁定登录，请在 10 分钟后重试。');

    const failures = await auditOf(member.id, 'staff.sign-in-failed');
    expect(failures.filter((entry) => entry.detail?.reason === 'wrong-code')).toHaveLength(5);
    expect(failures.filter((entry) => entry.detail?.reason === 'locked')).toHaveLength(3);
    const locks = await auditOf(member.id, 'staff.locked');
    expect(locks).toHaveLength(1);
    expect(locks[0]!.detail).toMatchObject({ failures: 5 });

    t.clock.advance(10 * 60_000);
    await signIn(member);
  });

  it('counts wrong recovery codes too', async () => {
    const member = await createMember();
    const { ticket } = await ticketFor(member.email);
    for (let i = 1; i <= 5; i += 1) {
      const response = await post('/auth/verify', { ticket, recoveryCode: 'aaaaa-aaaaa' });
      expect(response.statusCode).toBe(i < 5 ? 400 : 429);
    }
    expect(await auditOf(member.id, 'staff.locked')).toHaveLength(1);
    t.clock.advance(15 * 60_000);
  });
});

describe('enrolment, recovery codes and set-up links', () => {
  it('invite → outbox link → set-up → enrol → signed in, with 10 recovery codes once', async () => {
    const admin = await createMember('admin');
    const { headers } = await signIn(admin);
    const invited = await post(
      '/staff',
      { email: 'New.Teacher@School.test', name: 'New Teacher', role: 'teacher' },
      headers,
    );
    expect(invited.statusCode, invited.body).toBe(200);
    const id = invited.json().data.id as number;

    const [mail] = await findOutboxMessagesTo(t.ctx, 'new.teacher@school.test', 1);
    expect(mail!.subject).toContain('Your account on the school console');
    expect(mail!.body).toContain('您好');
    const link = /http\S+\/ops\/setup\/([\w-]+)/.exec(mail!.body);
    expect(link).not.toBeNull();
    const token = link![1]!;

    const info = await get(`/setup/${token}`);
    expect(info.json().data).toEqual({
      email: 'new.teacher@school.test',
      name: 'New Teacher',
      role: 'teacher',
    });
    const weak = await post('/setup', { token, name: 'Nora Teacher', password: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().msg).toMatch(/8 to 128 characters/);

    const setup = await post('/setup', { token, name: 'Nora Teacher', password: 'teachpass22' });
    expect(setup.statusCode, setup.body).toBe(200);
    const step = setup.json().data;
    expect(step).toMatchObject({
      step: 'enrol',
      ticket: expect.any(String),
      enrolment: {
        secret: expect.stringMatching(/^[A-Z2-7]{32}$/),
        otpauthUrl: expect.stringMatching(/^otpauth:\/\/totp\//),
        qrSvg: expect.stringContaining('<svg'),
      },
    });
    expect(step.enrolment.otpauthUrl).toContain(step.enrolment.secret);
    // The link is single use.
    expect((await get(`/setup/${token}`)).statusCode).toBe(404);
    expect(
      (await post('/setup', { token, name: 'Again', password: 'teachpass22' })).statusCode,
    ).toBe(400);

    // A wrong first code does not enrol.
    const wrong = codeAt(step.enrolment.secret) === '000000' ? '111111' : '000000';
    expect((await post('/auth/verify', { ticket: step.ticket, code: wrong })).statusCode).toBe(400);
    const enrolled = await post('/auth/verify', {
      ticket: step.ticket,
      code: codeAt(step.enrolment.secret),
    });
    expect(enrolled.statusCode, enrolled.body).toBe(200);
    const data = enrolled.json().data;
    expect(data.me).toMatchObject({ id, name: 'Nora Teacher', role: 'teacher' });
    expect(data.recoveryCodes).toHaveLength(10);
    expect(new Set(data.recoveryCodes).size).toBe(10);
    for (const code of data.recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

    // Stored encrypted: the column holds neither the base32 secret nor the codes.
    const [row] = rowsOf<{
      totp_secret_enc: string;
      totp_pending_enc: string | null;
      status: string;
    }>(
      await t.ctx.db.execute(
        sql`select totp_secret_enc, totp_pending_enc, status from staff where id = ${id}`,
      ),
    );
    expect(row!.status).toBe('active');
    expect(row!.totp_pending_enc).toBeNull();
    expect(row!.totp_secret_enc).toMatch(/^v1\./);
    expect(row!.totp_secret_enc).not.toContain(step.enrolment.secret);
    const stored = rowsOf<{ code_hash: string }>(
      await t.ctx.db.execute(
        sql`select code_hash from staff_recovery_codes where staff_id = ${id}`,
      ),
    );
    expect(stored).toHaveLength(10);
    expect(stored.map((r) => r.code_hash)).not.toContain(data.recoveryCodes[0]);

    // Next sign-in: a code, no enrolment and no recovery codes.
    nextStep();
    const again = await ticketFor('new.teacher@school.test', 'teachpass22');
    expect(again.step).toBe('code');
    const second = await post('/auth/verify', {
      ticket: again.ticket,
      code: codeAt(step.enrolment.secret),
    });
    expect(second.json().data.recoveryCodes).toBeUndefined();

    // A recovery code works once, and its use is audited.
    const withCode = await ticketFor('new.teacher@school.test', 'teachpass22');
    const recovery = data.recoveryCodes[3].toUpperCase();
    const used = await post('/auth/verify', { ticket: withCode.ticket, recoveryCode: recovery });
    expect(used.statusCode, used.body).toBe(200);
    expect((await auditOf(id, 'staff.recovery-code-used'))[0]).toMatchObject({
      detail: { left: 9 },
    });
    const reuseTicket = await ticketFor('new.teacher@school.test', 'teachpass22');
    const reused = await post('/auth/verify', {
      ticket: reuseTicket.ticket,
      recoveryCode: recovery,
    });
    expect(reused.statusCode).toBe(400);
    expect((await auditOf(id, 'staff.sign-in-failed'))[0]).toMatchObject({
      detail: { reason: 'wrong-recovery-code' },
    });

    const actions = (
      await listAudit(
        t.ctx,
        { targetType: 'staff', targetId: String(id) },
        { page: 1, pageSize: 50 },
      )
    ).entries.map((entry) => entry.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'staff.invited',
        'staff.setup-completed',
        'staff.second-factor-enrolled',
        'staff.recovery-code-used',
      ]),
    );

    // Nothing secret in the log: no password, secret, recovery code, ticket or session token.
    const log = t.logText();
    for (const secret of [
      'teachpass22',
      step.enrolment.secret,
      step.ticket,
      data.token,
      ...data.recoveryCodes,
      token,
    ]) {
      expect(log).not.toContain(secret);
    }
  });

  it('answers 404 for an unknown, expired or used set-up link', async () => {
    expect((await get(`/setup/${'y'.repeat(43)}`)).statusCode).toBe(404);
    const response = await get(`/setup/${'y'.repeat(43)}`);
    expect(response.json().msg).toBe(
      'This set-up link is not valid or has expired. Please ask an administrator for a new one.',
    );
  });

  it('after a reset of the second factor, sessions end and the next sign-in enrols again', async () => {
    const admin = await createMember('admin');
    const member = await createMember('adviser');
    const { headers: adminHeaders } = await signIn(admin);
    const { headers } = await signIn(member);
    const reset = await post(`/staff/${member.id}/reset-second-factor`, undefined, adminHeaders);
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().data).toMatchObject({ secondFactor: false, sessions: [] });
    expect((await get('/me', headers)).statusCode).toBe(401);
    const step = await ticketFor(member.email);
    expect(step.step).toBe('enrol');
    expect(step.enrolment!.secret).not.toBe(member.secret);
    // The old secret no longer works.
    const old = await post('/auth/verify', { ticket: step.ticket, code: codeAt(member.secret) });
    expect(old.statusCode).toBe(400);
    const enrolled = await post('/auth/verify', {
      ticket: step.ticket,
      code: codeAt(step.enrolment!.secret),
    });
    expect(enrolled.statusCode).toBe(200);
    expect(enrolled.json().data.recoveryCodes).toHaveLength(10);
    const [mail] = await findOutboxMessagesTo(t.ctx, member.email, 1);
    expect(mail!.body).toMatch(/\/ops\/setup\//);
  });
});

describe('staff sessions', () => {
  it('last 12 hours', async () => {
    const member = await createMember();
    const { headers } = await signIn(member);
    t.clock.advance(12 * 3_600_000 - 1000);
    expect((await get('/me', headers)).statusCode).toBe(200);
    t.clock.advance(1000);
    const expired = await get('/me', headers);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe(10001);
  });

  it('are listed with the current one marked, revocable one by one, and end at sign-out', async () => {
    const member = await createMember();
    const other = await createMember();
    const first = await signIn(member);
    const second = await signIn(member);
    const otherSession = await signIn(other);
    const list = await get('/me/sessions', second.headers);
    expect(list.statusCode).toBe(200);
    const { items, total } = list.json().data;
    expect(total).toBe(2);
    expect(items[0]).toMatchObject({ current: true, ip: expect.stringMatching(/^10\.21\./) });
    expect(items[1]).toMatchObject({ current: false });

    const othersId = (await get('/me/sessions', otherSession.headers)).json().data.items[0].id;
    const foreign = await post(`/me/sessions/${othersId}/revoke`, undefined, second.headers);
    expect(foreign.statusCode).toBe(404);
    expect((await get('/me', otherSession.headers)).statusCode).toBe(200);
    expect((await post('/me/sessions/999999/revoke', undefined, second.headers)).statusCode).toBe(
      404,
    );

    const revoked = await post(`/me/sessions/${items[1].id}/revoke`, undefined, second.headers);
    expect(revoked.statusCode).toBe(200);
    expect((await get('/me', first.headers)).statusCode).toBe(401);
    expect((await get('/me', second.headers)).statusCode).toBe(200);
    expect(await auditOf(member.id, 'staff.session-revoked')).toHaveLength(1);

    expect((await post('/auth/sign-out', undefined, second.headers)).statusCode).toBe(200);
    expect((await get('/me', second.headers)).statusCode).toBe(401);
    expect(await auditOf(member.id, 'staff.signed-out')).toHaveLength(1);
    expect((await post('/auth/sign-out')).statusCode).toBe(401);
  });

  it('end at once when the member is disabled, and a role change applies to the next request', async () => {
    const admin = await createMember('admin');
    const member = await createMember('adviser');
    const { headers: adminHeaders } = await signIn(admin);
    const { headers } = await signIn(member);
    expect((await get('/staff', headers)).statusCode).toBe(403);
    const promoted = await post(`/staff/${member.id}`, { role: 'admin' }, adminHeaders);
    expect(promoted.statusCode).toBe(200);
    expect((await get('/staff', headers)).statusCode).toBe(200);
    expect((await get('/me', headers)).json().data.permissions).toContain('staff.manage');

    const disabled = await post(`/staff/${member.id}/disable`, undefined, adminHeaders);
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json().data).toMatchObject({ status: 'disabled', sessions: [] });
    expect((await get('/me', headers)).statusCode).toBe(401);
  });

  it("a staff token opens no parents' route and a parent's token no ops route", async () => {
    const member = await createMember('admin');
    const { headers } = await signIn(member);
    for (const url of ['/api/user/profile', '/api/getUserInfo', '/api/students']) {
      const response = await t.app.inject({ method: 'GET', url, headers });
      expect(response.statusCode).toBe(401);
    }
    const parent = await createSignedInParent(t.ctx);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/user/profile', headers: parent.headers }))
        .statusCode,
    ).toBe(200);
    for (const url of ['/api/ops/me', '/api/ops/staff', '/api/ops/me/sessions']) {
      const response = await t.app.inject({ method: 'GET', url, headers: parent.headers });
      expect(response.statusCode).toBe(401);
    }
  });
});

describe('rate limits of the public routes', () => {
  it('limits password tries per e-mail address, whatever the client address', async () => {
    const member = await createMember();
    t.clock.advance(15 * 60_000);
    for (let i = 1; i <= 10; i += 1) {
      expect(
        (await post('/auth/sign-in', { email: member.email, password: 'nope1234' })).statusCode,
      ).toBe(400);
    }
    const limited = await post('/auth/sign-in', { email: member.email, password: PASSWORD });
    expect(limited.statusCode).toBe(429);
    t.clock.advance(15 * 60_000);
    expect(
      (await post('/auth/sign-in', { email: member.email, password: PASSWORD })).statusCode,
    ).toBe(200);
  });

  it('limits sign-in tries per client address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1) {
      const response = await post(
        '/auth/sign-in',
        { email: `someone${i}@school.test`, password: 'whatever1' },
        {},
        '10.99.0.1',
      );
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 20).every((status) => status === 400)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});
