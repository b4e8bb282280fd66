import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  advisers,
  captchaChallenges,
  checkpointLogs,
  parents,
  registrations,
} from '../../db/schema';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import {
  captchaIdOf,
  FORMALLY_VALID_CAPTCHA,
  solveCaptcha,
  wrongCaptcha,
} from '../../../test/helpers/captcha';
import { createParent } from '../../../test/factories/parents';
import { findParentByPhone } from '../parents/parents.service';

let t: TestApp;
let ipCounter = 0;
/** Each call from its own address; the per-IP limits are tested on their own below. */
const nextIp = () => `10.7.${Math.floor(++ipCounter / 200)}.${ipCounter % 200}`;
let phoneCounter = 0;
const newMobile = () => `1351234${String(++phoneCounter).padStart(4, '0')}`;

beforeAll(async () => {
  t = await buildTestApp();
  // Two advisers: the default (first by sort) and the one of the invite link.
  await t.ctx.db.insert(advisers).values([
    { name: 'Default Dan', invite_code: 'DEF1', sort: 0 },
    { name: 'Invite Ivy', invite_code: 'INV2', sort: 5 },
  ]);
});
afterAll(() => t.close());

async function registerCode(mobile: string, countryCode = '86'): Promise<string> {
  const sent = await t.app.inject({
    method: 'POST',
    url: '/api/login/verify-code',
    payload: {
      mobile,
      country_code: countryCode,
      length: 6,
      scene: 'register',
      // Decision 030: a registration code needs a solved captcha of its own.
      captcha: await solveCaptcha(t, nextIp()),
    },
    remoteAddress: nextIp(),
    headers: { lang: 'en' },
  });
  expect(sent.statusCode).toBe(200);
  const outbox = await t.app.inject({
    method: 'GET',
    url: `/api/dev/outbox?to=${encodeURIComponent(`+${countryCode}${mobile}`)}&limit=1`,
  });
  return /(\d{6})/.exec(outbox.json().data[0].body as string)![1]!;
}

function signUp(payload: object, lang = 'en', remoteAddress = nextIp()) {
  return t.app.inject({
    method: 'POST',
    url: '/api/signUpUser',
    payload,
    headers: { lang },
    remoteAddress,
  });
}

/** A complete share-page sign-up for a new phone (code sent, captcha solved). */
async function shareSignUp(overrides: Record<string, unknown> = {}) {
  const mobile = (overrides.mobile as string | undefined) ?? newMobile();
  const verification = await registerCode(mobile);
  return {
    mobile,
    body: {
      mobile,
      country_code: '86',
      verification,
      landingpage_id: 12,
      captcha: await solveCaptcha(t),
      ...overrides,
    },
  };
}

async function parentCount() {
  return (await t.ctx.db.select({ id: parents.id }).from(parents)).length;
}

describe('POST /api/signUpUser', () => {
  it('signs the new parent in: the answer carries a session for their own profile', async () => {
    const { mobile, body } = await shareSignUp();
    const response = await signUp(body, 'zh_CN');
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({ status: 0, token: expect.any(String) });
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/user/profile',
      headers: { authorization: `Bearer ${data.token}` },
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().data).toMatchObject({
      user_sn: data.user_sn,
      mobile,
      status: 0,
      language: 'zh_CN',
    });
  });

  it('registers a parent without password, linked to the invite code’s adviser, keeping every landing parameter', async () => {
    const { mobile, body } = await shareSignUp({
      code: 'INV2',
      invite_code: 'INV2',
      utm_campaign: 'spring',
      utm_source: 'wechat',
    });
    const response = await signUp(body);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      code: 200,
      msg: 'Thank you for registering!',
      data: { invite_code: 'INV2' },
    });
    const parent = (await findParentByPhone(t.ctx.db, '86', mobile))!;
    expect(parent).toMatchObject({
      user_sn: response.json().data.user_sn,
      status: 0,
      password_hash: null,
      referer: 'Invite Ivy',
      referer_code: 'INV2',
      language: 'en',
    });
    const [adviser] = await t.ctx.db
      .select()
      .from(advisers)
      .where(eq(advisers.invite_code, 'INV2'));
    expect(parent.adviser_id).toBe(adviser!.id);
    const [registration] = await t.ctx.db
      .select()
      .from(registrations)
      .where(eq(registrations.parent_id, parent.id));
    expect(registration).toMatchObject({
      landingpage_id: 12,
      invite_code: 'INV2',
      adviser_id: adviser!.id,
      params: { invite_code: 'INV2', utm_campaign: 'spring', utm_source: 'wechat' },
    });

    // The new parent signs in by code at once (no one-minute wait) and lands in onboarding.
    const code = await t.app.inject({
      method: 'POST',
      url: '/api/login/verify-code',
      payload: { mobile, country_code: '86' },
      remoteAddress: nextIp(),
    });
    expect(code.statusCode).toBe(200);
    const outbox = await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=%2B86${mobile}` });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/verify-code-login',
      payload: {
        mobile,
        country_code: '86',
        code: /(\d{6})/.exec(outbox.json().data[0].body as string)![1],
      },
      remoteAddress: nextIp(),
    });
    expect(login.json().data.status).toBe(0);

    // Nothing secret in the log: not the phone, not the SMS code, not the captcha.
    const log = t.logText();
    expect(log).toContain('parent registered');
    expect(log).not.toContain(mobile);
    expect(log).not.toContain(body.verification);
    expect(log).not.toContain(body.captcha);
  });

  it('stores the registration form’s fields and gives the default adviser without an invite code', async () => {
    const { mobile, body } = await shareSignUp({
      landingpage_id: 13,
      nickname: 'Wang Fang',
      email: 'Wang.Fang@Example.com',
      wechat_id: 'wangfang_88',
      child_nickname: 'Lele',
      utm_source: 'pc',
      utm_medium: 'register',
    });
    const response = await signUp(body);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.invite_code).toBe('DEF1');
    const parent = (await findParentByPhone(t.ctx.db, '86', mobile))!;
    expect(parent).toMatchObject({
      name: 'Wang Fang',
      email: 'wang.fang@example.com',
      wechat: 'wangfang_88',
      referer: null,
      referer_code: null,
    });
    const [registration] = await t.ctx.db
      .select()
      .from(registrations)
      .where(eq(registrations.parent_id, parent.id));
    expect(registration).toMatchObject({
      landingpage_id: 13,
      invite_code: null,
      child_nickname: 'Lele',
      params: { utm_source: 'pc', utm_medium: 'register' },
    });
  });

  it('refuses a phone that already has an account, creating nothing and leaving the captcha usable', async () => {
    const existing = await createParent(t.ctx);
    const captcha = await solveCaptcha(t);
    const before = await parentCount();
    const response = await signUp({
      mobile: existing.mobile,
      country_code: '86',
      verification: '123456',
      landingpage_id: 12,
      captcha,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toBe('This phone number already has an account. Please sign in.');
    expect(await parentCount()).toBe(before);
    const { body } = await shareSignUp({ captcha });
    expect((await signUp(body)).statusCode).toBe(200);
  });

  it('refuses an unknown invite code in the request language and creates nothing', async () => {
    const { mobile, body } = await shareSignUp({ code: 'NOPE' });
    const response = await signUp(body, 'zh_CN');
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toBe('该邀请链接无效。');
    expect(await findParentByPhone(t.ctx.db, '86', mobile)).toBeUndefined();
  });

  it('refuses a wrong SMS code; the captcha is used up all the same', async () => {
    const { mobile, body } = await shareSignUp();
    const wrong = body.verification === '000000' ? '111111' : '000000';
    const response = await signUp({ ...body, verification: wrong });
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toBe('The verification code is wrong.');
    expect(await findParentByPhone(t.ctx.db, '86', mobile)).toBeUndefined();
    const again = await signUp(body);
    expect(again.statusCode).toBe(400);
    expect(again.json().msg).toBe(
      'This human check was already used or has expired. Please do it again.',
    );
    // With a new captcha the right code still works (the wrong try counted, the code lives).
    const ok = await signUp({ ...body, captcha: await solveCaptcha(t) });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses a phone that was sent no registration code', async () => {
    const mobile = newMobile();
    const response = await signUp({
      mobile,
      country_code: '86',
      verification: '123456',
      landingpage_id: 12,
      captcha: await solveCaptcha(t),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toBe(
      'The verification code is wrong or has expired. Please request a new one.',
    );
    expect(await findParentByPhone(t.ctx.db, '86', mobile)).toBeUndefined();
  });

  it('refuses a used captcha', async () => {
    const first = await shareSignUp();
    expect((await signUp(first.body)).statusCode).toBe(200);
    const second = await shareSignUp({ captcha: first.body.captcha });
    const response = await signUp(second.body);
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toBe(
      'This human check was already used or has expired. Please do it again.',
    );
    expect(await findParentByPhone(t.ctx.db, '86', second.mobile)).toBeUndefined();
  });

  it('refuses a nonce that does not meet the difficulty', async () => {
    const { mobile, body } = await shareSignUp({ captcha: await wrongCaptcha(t) });
    const response = await signUp(body);
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toBe('The human check failed. Please try it again.');
    expect(await findParentByPhone(t.ctx.db, '86', mobile)).toBeUndefined();
  });

  it('refuses an expired captcha', async () => {
    const { mobile, body } = await shareSignUp();
    t.clock.advance(5 * 60_000 + 1);
    try {
      const response = await signUp(body);
      expect(response.json().msg).toMatch(/already used or has expired/);
      expect(await findParentByPhone(t.ctx.db, '86', mobile)).toBeUndefined();
    } finally {
      t.clock.advance(-(5 * 60_000 + 1));
    }
  });

  it('lets only one of two parallel sign-ups use one captcha', async () => {
    const captcha = await solveCaptcha(t);
    const a = await shareSignUp({ captcha });
    const b = await shareSignUp({ captcha });
    const answers = await Promise.all([signUp(a.body), signUp(b.body)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const refused = answers.find((r) => r.statusCode === 400)!;
    expect(refused.json().msg).toMatch(/already used/);
    const created = await Promise.all([
      findParentByPhone(t.ctx.db, '86', a.mobile),
      findParentByPhone(t.ctx.db, '86', b.mobile),
    ]);
    expect(created.filter(Boolean)).toHaveLength(1);
    const [row] = await t.ctx.db
      .select()
      .from(captchaChallenges)
      .where(eq(captchaChallenges.id, captchaIdOf(captcha)));
    expect(row!.used_at).not.toBeNull();
  });

  it('refuses an e-mail another account has', async () => {
    await createParent(t.ctx, { email: 'taken@example.com' });
    const { mobile, body } = await shareSignUp({ email: 'Taken@example.com' });
    const response = await signUp(body);
    expect(response.statusCode).toBe(409);
    expect(response.json().msg).toBe('This e-mail is already used by another account.');
    expect(await findParentByPhone(t.ctx.db, '86', mobile)).toBeUndefined();
  });

  it.each([
    [{ captcha: undefined }, 'Please complete the human check.'],
    [{ verification: '' }, 'Verification code cannot be empty.'],
    [{ landingpage_id: 99 }, 'Unknown landing page.'],
    [{ email: 'nope' }, 'Please enter the correct email address.'],
  ])('validates %j', async (change, msg) => {
    const response = await signUp({
      mobile: newMobile(),
      country_code: '86',
      verification: '123456',
      landingpage_id: 12,
      captcha: FORMALLY_VALID_CAPTCHA,
      ...change,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toBe(msg);
  });

  it('limits sign-ups to 10 an hour per IP address', async () => {
    const ip = '10.99.0.1';
    for (let i = 0; i < 10; i += 1) expect((await signUp({}, 'en', ip)).statusCode).toBe(400);
    const limited = await signUp({}, 'en', ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().msg).toBe('Too many attempts. Please try again later.');
    expect((await signUp({}, 'en', '10.99.0.2')).statusCode).toBe(400);
  });
});

describe('GET /api/captcha', () => {
  it('issues a fresh single-use challenge of the configured difficulty', async () => {
    const [a, b] = await Promise.all([
      t.app.inject({ method: 'GET', url: '/api/captcha', remoteAddress: nextIp() }),
      t.app.inject({ method: 'GET', url: '/api/captcha', remoteAddress: nextIp() }),
    ]);
    expect(a.headers['cache-control']).toBe('no-store');
    // An ALTCHA challenge (decision 041): its signed data names the stored, single-use row.
    const first = a.json().data.parameters;
    const second = b.json().data.parameters;
    expect(first).toMatchObject({ algorithm: 'SHA-256', cost: 1 });
    expect(first.data.id).not.toBe(second.data.id);
    expect(first.salt).not.toBe(second.salt);
    expect(new Date(first.data.expires_at).getTime() - t.clock.now().getTime()).toBe(5 * 60_000);
    const [row] = await t.ctx.db
      .select()
      .from(captchaChallenges)
      .where(eq(captchaChallenges.id, first.data.id));
    expect(row).toMatchObject({ difficulty: 8, used_at: null });
    expect(row!.expires_at.toISOString()).toBe(first.data.expires_at);
  });

  it('limits challenges to 30 a minute per IP address', async () => {
    const ip = '10.98.0.1';
    for (let i = 0; i < 30; i += 1)
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/captcha', remoteAddress: ip })).statusCode,
      ).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/captcha', remoteAddress: ip })).statusCode,
    ).toBe(429);
  });
});

describe('POST /api/addCheckPointsLog', () => {
  it('stores the checkpoint and answers the country list in the request language', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/addCheckPointsLog',
      payload: { type: 3, value: 'landingpage-id:12' },
      headers: { lang: 'zh_CN' },
      remoteAddress: nextIp(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data[0]).toMatchObject({ country_code: '86', title: '中国' });
    const rows = await t.ctx.db.select().from(checkpointLogs).where(eq(checkpointLogs.type, 3));
    expect(rows.map((r) => r.value)).toContain('landingpage-id:12');
  });

  it('refuses an unknown type and stores nothing', async () => {
    const before = (await t.ctx.db.select().from(checkpointLogs)).length;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/addCheckPointsLog',
      payload: { type: 0, value: 'x' },
      headers: { lang: 'en' },
      remoteAddress: nextIp(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toBe('Unknown checkpoint type.');
    expect((await t.ctx.db.select().from(checkpointLogs)).length).toBe(before);
  });

  it('limits checkpoints to 60 a minute per IP address', async () => {
    const ip = '10.97.0.1';
    const post = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/addCheckPointsLog',
        payload: { type: 1, value: 'landingpage-id:13' },
        remoteAddress: ip,
      });
    for (let i = 0; i < 60; i += 1) expect((await post()).statusCode).toBe(200);
    expect((await post()).statusCode).toBe(429);
  });
});

describe('GET /api/getShareImg', () => {
  const publicDir = fileURLToPath(new URL('../../../../web/public', import.meta.url));

  it.each(['en', 'zh_CN'])('answers pictures that the web app ships (%s)', async (lang) => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/getShareImg',
      headers: { lang },
      remoteAddress: nextIp(),
    });
    const { list, colour } = response.json().data as { list: string[]; colour: string };
    expect(list.length).toBeGreaterThan(0);
    expect(colour).toMatch(/^#[0-9a-f]{6}$/i);
    for (const url of list) expect(existsSync(`${publicDir}${url}`), url).toBe(true);
  });

  it('answers each language its own pictures', async () => {
    const get = (lang: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/getShareImg',
        headers: { lang },
        remoteAddress: nextIp(),
      });
    expect((await get('en')).json().data.list).not.toEqual((await get('zh_CN')).json().data.list);
  });
});
