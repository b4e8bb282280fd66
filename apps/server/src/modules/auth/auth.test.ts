import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import { createParent, createSignedInParent } from '../../../test/factories/parents';
import { solveCaptcha } from '../../../test/helpers/captcha';
import { PASSWORD_LOCK_THRESHOLD } from './sign-in.service';
import { updateParent } from '../parents/parents.service';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** Each test sends codes from its own address so the per-IP window does not leak between tests. */
let ipCounter = 0;
const nextIp = () => `10.1.${Math.floor(++ipCounter / 200)}.${ipCounter % 200}`;

/** Each call from its own address: the per-IP windows are tested on their own below. */
const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { lang: 'en', ...headers },
    remoteAddress: nextIp(),
  });

async function latestCode(phone: string): Promise<string> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/dev/outbox?to=${encodeURIComponent(phone)}&limit=1`,
  });
  const body: string = response.json().data[0].body;
  return /(\d{6})/.exec(body)![1]!;
}

async function sendCode(
  parent: { country_code: string; mobile: string },
  extra: object = {},
  ip = nextIp(),
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/login/verify-code',
    payload: { mobile: parent.mobile, country_code: parent.country_code, length: 6, ...extra },
    remoteAddress: ip,
    headers: { lang: 'en' },
  });
}

describe('POST /api/login', () => {
  it('signs in with the right password and answers a new token each time', async () => {
    const parent = await createParent(t.ctx, { status: 0 });
    const first = await post('/api/login', {
      mobile: parent.mobile,
      country_code: '86',
      password: 'secret123',
      time_zone: 'Asia/Shanghai',
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ status: 0, user_sn: parent.user_sn });
    const second = await post('/api/login', {
      mobile: parent.mobile,
      country_code: '86',
      password: 'secret123',
    });
    expect(second.json().data.token).not.toBe(first.json().data.token);
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/user/profile',
      headers: { authorization: `Bearer ${first.json().data.token}` },
    });
    expect(profile.json().data.time_zone).toBe('Asia/Shanghai');
  });

  it('answers a wrong password and an unknown phone alike', async () => {
    const parent = await createParent(t.ctx);
    const wrong = await post('/api/login', {
      mobile: parent.mobile,
      country_code: '86',
      password: 'wrong1234',
    });
    const unknown = await post('/api/login', {
      mobile: '13000000001',
      country_code: '86',
      password: 'wrong1234',
    });
    const noPassword = await createParent(t.ctx, { password: null });
    const unset = await post('/api/login', {
      mobile: noPassword.mobile,
      country_code: '86',
      password: 'wrong1234',
    });
    for (const response of [wrong, unknown, unset]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 400, msg: 'Wrong password', data: null });
    }
    const zh = await post(
      '/api/login',
      { mobile: parent.mobile, country_code: '86', password: 'nope' },
      { lang: 'zh_CN' },
    );
    expect(zh.json().msg).toBe('密码错误');
  });

  it.each([
    [{ mobile: '', country_code: '86', password: 'x' }, 'Please enter your phone number.'],
    [{ mobile: '12345', country_code: '86', password: 'x' }, 'Please enter a valid phone number.'],
    [
      { mobile: '138001380001', country_code: '86', password: 'x' },
      'Please enter a valid phone number.',
    ],
    [{ mobile: '2025550123', country_code: '1', password: '' }, 'Please enter your password.'],
    [
      { mobile: '20255501234', country_code: '1', password: 'x' },
      'Please enter a valid phone number.',
    ],
    [{ country_code: '86', password: 'x' }, 'Please enter your phone number.'],
  ])('refuses %j with "%s"', async (payload, msg) => {
    const response = await post('/api/login', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toBe(msg);
  });

  it('locks password sign-in after 100 consecutive failures until a code sign-in', async () => {
    const parent = await createParent(t.ctx);
    await updateParent(
      t.ctx.db,
      parent.id,
      { failed_password_attempts: PASSWORD_LOCK_THRESHOLD - 1 },
      t.clock.now(),
    );
    const last = await post('/api/login', {
      mobile: parent.mobile,
      country_code: '86',
      password: 'wrong1234',
    });
    expect(last.json().msg).toMatch(/Too many wrong passwords/);
    const right = await post('/api/login', {
      mobile: parent.mobile,
      country_code: '86',
      password: 'secret123',
    });
    expect(right.statusCode).toBe(400);
    expect(right.json().msg).toMatch(/Too many wrong passwords/);

    expect((await sendCode(parent)).statusCode).toBe(200);
    const code = await latestCode(`+86${parent.mobile}`);
    const byCode = await post('/api/verify-code-login', {
      mobile: parent.mobile,
      country_code: '86',
      code,
    });
    expect(byCode.statusCode).toBe(200);
    const again = await post('/api/login', {
      mobile: parent.mobile,
      country_code: '86',
      password: 'secret123',
    });
    expect(again.statusCode).toBe(200);
  });
});

describe('the language chosen on the sign-in page (decision 036)', () => {
  const profileLanguage = async (token: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: '/api/user/profile',
        headers: { authorization: `Bearer ${token}` },
      })
    ).json().data.language;

  it('replaces the account language at a password sign-in', async () => {
    const parent = await createParent(t.ctx, { language: 'en' });
    const login = await post('/api/login', {
      mobile: parent.mobile,
      country_code: '86',
      password: 'secret123',
      language: 'zh_CN',
    });
    expect(login.statusCode).toBe(200);
    expect(await profileLanguage(login.json().data.token)).toBe('zh_CN');
  });

  it('replaces it at a code sign-in; without a choice the account keeps its own', async () => {
    const parent = await createParent(t.ctx, { language: 'zh_CN' });
    await sendCode(parent);
    const chosen = await post('/api/verify-code-login', {
      mobile: parent.mobile,
      country_code: '86',
      code: await latestCode(`+86${parent.mobile}`),
      language: 'en',
    });
    expect(chosen.statusCode).toBe(200);
    expect(await profileLanguage(chosen.json().data.token)).toBe('en');
    const plain = await post('/api/login', {
      mobile: parent.mobile,
      country_code: '86',
      password: 'secret123',
      language: 'fr',
    });
    expect(plain.statusCode).toBe(200);
    expect(await profileLanguage(plain.json().data.token)).toBe('en');
  });

  it('is not saved when the sign-in fails', async () => {
    const parent = await createParent(t.ctx, { language: 'en' });
    const wrong = await post('/api/login', {
      mobile: parent.mobile,
      country_code: '86',
      password: 'wrong-password1',
      language: 'zh_CN',
    });
    expect(wrong.statusCode).toBe(400);
    const right = await post('/api/login', {
      mobile: parent.mobile,
      country_code: '86',
      password: 'secret123',
    });
    expect(await profileLanguage(right.json().data.token)).toBe('en');
  });
});

describe('verification codes', () => {
  it('sends a 6-digit code to a known phone and signs in with it once', async () => {
    const parent = await createParent(t.ctx);
    const sent = await sendCode(parent);
    expect(sent.json()).toMatchObject({ code: 200, msg: 'The verification code has been sent.' });
    const code = await latestCode(`+86${parent.mobile}`);
    expect(code).toMatch(/^\d{6}$/);
    const first = await post('/api/verify-code-login', {
      mobile: parent.mobile,
      country_code: '86',
      code,
      utm_source: 'pc',
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().data.user_sn).toBe(parent.user_sn);
    const reuse = await post('/api/verify-code-login', {
      mobile: parent.mobile,
      country_code: '86',
      code,
    });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().msg).toMatch(/wrong or has expired/);
  });

  it('refuses to send a sign-in code to an unknown phone, and a registration code to a known one', async () => {
    const unknown = await sendCode({ country_code: '86', mobile: '13000000002' });
    expect(unknown.json()).toMatchObject({ code: 400, msg: 'User Does Not Exist' });
    const parent = await createParent(t.ctx);
    const register = await sendCode(parent, { scene: 'register' });
    expect(register.json().msg).toMatch(/already has an account/);
    const fresh = await sendCode(
      { country_code: '86', mobile: '13000000003' },
      { scene: 'register', captcha: await solveCaptcha(t, nextIp()) },
    );
    expect(fresh.statusCode).toBe(200);
  });

  it('expires after 5 minutes', async () => {
    const parent = await createParent(t.ctx);
    await sendCode(parent);
    const code = await latestCode(`+86${parent.mobile}`);
    t.clock.advance(5 * 60_000 + 1);
    const late = await post('/api/verify-code-login', {
      mobile: parent.mobile,
      country_code: '86',
      code,
    });
    expect(late.statusCode).toBe(400);
  });

  it('allows 5 wrong tries, then refuses even the right code — also when the guesses arrive together', async () => {
    const parent = await createParent(t.ctx);
    await sendCode(parent);
    const code = await latestCode(`+86${parent.mobile}`);
    const wrong = code === '000000' ? '111111' : '000000';
    const guesses = await Promise.all(
      Array.from({ length: 8 }, () =>
        post('/api/verify-code-login', { mobile: parent.mobile, country_code: '86', code: wrong }),
      ),
    );
    expect(guesses.every((g) => g.statusCode === 400)).toBe(true);
    const right = await post('/api/verify-code-login', {
      mobile: parent.mobile,
      country_code: '86',
      code,
    });
    expect(right.statusCode).toBe(400);
    expect(right.json().msg).toMatch(/Too many wrong codes/);
  });

  it('sends at most one code a minute and five an hour per phone, also in parallel', async () => {
    const parent = await createParent(t.ctx);
    const burst = await Promise.all(Array.from({ length: 6 }, () => sendCode(parent)));
    expect(burst.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(burst.filter((r) => r.statusCode === 429)[0]!.json().msg).toMatch(/wait a minute/);
    for (let minute = 1; minute <= 4; minute += 1) {
      t.clock.advance(61_000);
      expect((await sendCode(parent)).statusCode).toBe(200);
    }
    t.clock.advance(61_000);
    const sixth = await sendCode(parent);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().msg).toMatch(/in an hour/);
  });

  it('limits one address across phones', async () => {
    const ip = '10.200.0.1';
    const statuses: number[] = [];
    for (let i = 0; i < 32; i += 1) {
      const response = await sendCode(
        { country_code: '86', mobile: `1300000${String(1000 + i)}` },
        { scene: 'register', captcha: await solveCaptcha(t, nextIp()) },
        ip,
      );
      statuses.push(response.statusCode);
    }
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
  });

  it('checks a code without using it up (POST /api/verifyCode)', async () => {
    const parent = await createParent(t.ctx);
    await sendCode(parent);
    const code = await latestCode(`+86${parent.mobile}`);
    const check = await post('/api/verifyCode', {
      mobile: parent.mobile,
      country_code: '86',
      code,
    });
    expect(check.json().data).toEqual({ valid: true });
    const login = await post('/api/verify-code-login', {
      mobile: parent.mobile,
      country_code: '86',
      code,
    });
    expect(login.statusCode).toBe(200);
  });

  it.each([
    [{ code: '' }, 'Verification code cannot be empty.'],
    [{ code: '12345' }, 'Please enter the 6-digit verification code.'],
    [{ code: 'abcdef' }, 'Please enter the 6-digit verification code.'],
  ])('refuses %j', async (extra, msg) => {
    const response = await post('/api/verify-code-login', {
      mobile: '13800138000',
      country_code: '86',
      ...extra,
    });
    expect(response.json().msg).toBe(msg);
  });
});

describe('POST /api/checkUser', () => {
  it('tells whether a phone has an account and its status', async () => {
    const parent = await createParent(t.ctx, { status: 0 });
    expect(
      (await post('/api/checkUser', { mobile: parent.mobile, country_code: '86' })).json().data,
    ).toEqual({ is_exist: true, status: 0 });
    expect(
      (await post('/api/checkUser', { mobile: '13000000009', country_code: '86' })).json().data,
    ).toEqual({ is_exist: false, status: 0 });
  });
});

describe('passwords', () => {
  it('changes the password with the current one and ends every other session', async () => {
    const { parent, headers } = await createSignedInParent(t.ctx);
    const other = await post('/api/login', {
      mobile: parent.mobile,
      country_code: '86',
      password: 'secret123',
    });
    const otherHeaders = { authorization: `Bearer ${other.json().data.token}` };
    const changed = await post(
      '/api/user/password',
      { old_pwd: 'secret123', new_pwd: 'newsecret9', _method: 'PUT' },
      headers,
    );
    expect(changed.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/user/profile', headers })).statusCode,
    ).toBe(200);
    const revoked = await t.app.inject({
      method: 'GET',
      url: '/api/user/profile',
      headers: otherHeaders,
    });
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().code).toBe(10001);
    expect(
      (
        await post('/api/login', {
          mobile: parent.mobile,
          country_code: '86',
          password: 'newsecret9',
        })
      ).statusCode,
    ).toBe(200);
  });

  it.each([
    [{ old_pwd: '', new_pwd: 'newsecret9' }, 'Please enter your current password.'],
    [{ old_pwd: 'secret123', new_pwd: '' }, 'Please enter a new password.'],
    [
      { old_pwd: 'secret123', new_pwd: 'short1' },
      'The password must be at least 8 characters with letters and digits.',
    ],
    [
      { old_pwd: 'secret123', new_pwd: 'secret123' },
      'The new password must differ from the current one.',
    ],
    [{ old_pwd: 'wrongpass1', new_pwd: 'newsecret9' }, 'Wrong password'],
  ])('refuses %j', async (payload, msg) => {
    const { headers } = await createSignedInParent(t.ctx);
    const response = await post('/api/user/password', payload, headers);
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toBe(msg);
  });

  it('sets a first password once, and judePasswordIshad follows', async () => {
    const { headers } = await createSignedInParent(t.ctx, { password: null });
    const before = await post('/api/judePasswordIshad', {}, headers);
    expect(before.statusCode).toBe(400);
    expect(before.json().msg).toMatch(/not set a password/);
    expect((await post('/api/setPassword', { password: 'first1234' }, headers)).statusCode).toBe(
      200,
    );
    expect((await post('/api/judePasswordIshad', {}, headers)).json().code).toBe(200);
    const again = await post('/api/setPassword', { password: 'second1234' }, headers);
    expect(again.statusCode).toBe(409);
  });

  it('requires a session for password calls', async () => {
    for (const url of [
      '/api/user/password',
      '/api/setPassword',
      '/api/judePasswordIshad',
      '/api/user/logout',
    ]) {
      const response = await post(url, {});
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe(10001);
    }
  });
});

describe('password reset by e-mail', () => {
  async function mailLink(email: string): Promise<string> {
    for (let i = 0; i < 20; i += 1) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/dev/outbox?to=${encodeURIComponent(email)}&limit=1`,
      });
      const message = response.json().data[0];
      if (message) return /token=([\w-]+)/.exec(message.body)![1]!;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('no e-mail');
  }

  it('answers the same for known and unknown addresses and sends a single-use 30-minute link', async () => {
    const { parent, headers } = await createSignedInParent(t.ctx, {
      email: 'reset.me@example.com',
    });
    const known = await t.app.inject({
      method: 'GET',
      url: '/api/postemail?email=Reset.Me@example.com',
      remoteAddress: nextIp(),
    });
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/postemail?email=nobody@example.com',
      remoteAddress: nextIp(),
    });
    expect(known.json()).toMatchObject({ code: 200 });
    expect(known.json()).toEqual(unknown.json());
    const token = await mailLink('reset.me@example.com');

    const reset = await post('/api/resetPasswordByEmail', { token, password: 'fromlink12' });
    expect(reset.statusCode).toBe(200);
    // Every session ends, the new password works, the link is spent.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/user/profile', headers })).statusCode,
    ).toBe(401);
    expect(
      (
        await post('/api/login', {
          mobile: parent.mobile,
          country_code: '86',
          password: 'fromlink12',
        })
      ).statusCode,
    ).toBe(200);
    const reuse = await post('/api/resetPasswordByEmail', { token, password: 'another123' });
    expect(reuse.json().msg).toMatch(/invalid or has expired/);
  });

  /** Waits for a link other than `previous` (the e-mail goes out after the answer). */
  async function nextMailLink(email: string, previous: string | null): Promise<string> {
    for (let i = 0; i < 40; i += 1) {
      const token = await mailLink(email).catch(() => null);
      if (token && token !== previous) return token;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('no new e-mail');
  }

  const askReset = (email: string) =>
    t.app.inject({ method: 'GET', url: `/api/postemail?email=${email}`, remoteAddress: nextIp() });

  it('retires every older link when a new one is sent, when one is used and when the password changes (issue #18 item 6)', async () => {
    const parent = await createParent(t.ctx, { email: 'links@example.com' });
    await askReset('links@example.com');
    const first = await nextMailLink('links@example.com', null);
    await askReset('links@example.com');
    const second = await nextMailLink('links@example.com', first);
    await askReset('links@example.com');
    const third = await nextMailLink('links@example.com', second);
    // A newer link retires the older ones at once.
    const old = await post('/api/resetPasswordByEmail', { token: first, password: 'fromold123' });
    expect(old.statusCode).toBe(400);
    expect(old.json().msg).toMatch(/invalid or has expired/);
    // Using the newest one: no outstanding link is left.
    expect(
      (await post('/api/resetPasswordByEmail', { token: third, password: 'fromnew123' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await post('/api/resetPasswordByEmail', { token: second, password: 'fromold456' }))
        .statusCode,
    ).toBe(400);
    // Changing the password retires a link sent before the change.
    await askReset('links@example.com');
    const beforeChange = await nextMailLink('links@example.com', third);
    const login = await post('/api/login', {
      mobile: parent.mobile,
      country_code: '86',
      password: 'fromnew123',
    });
    expect(login.statusCode).toBe(200);
    const session = { authorization: `Bearer ${login.json().data.token}` };
    expect(
      (await post('/api/user/password', { old_pwd: 'fromnew123', new_pwd: 'changed123' }, session))
        .statusCode,
    ).toBe(200);
    const stale = await post('/api/resetPasswordByEmail', {
      token: beforeChange,
      password: 'fromold789',
    });
    expect(stale.statusCode).toBe(400);
  });

  it('refuses a link older than 30 minutes', async () => {
    await createParent(t.ctx, { email: 'late@example.com' });
    await t.app.inject({
      method: 'GET',
      url: '/api/postemail?email=late@example.com',
      remoteAddress: nextIp(),
    });
    const token = await mailLink('late@example.com');
    t.clock.advance(30 * 60_000 + 1);
    const response = await post('/api/resetPasswordByEmail', { token, password: 'fromlink12' });
    expect(response.statusCode).toBe(400);
  });

  it.each([
    ['', 'Please enter your email.'],
    ['not-an-email', 'Please enter the correct email address.'],
  ])('refuses %j', async (email, msg) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/postemail?email=${email}`,
      headers: { lang: 'en' },
      remoteAddress: nextIp(),
    });
    expect(response.json().msg).toBe(msg);
  });
});

describe('logout', () => {
  it('revokes the token at once', async () => {
    const { headers } = await createSignedInParent(t.ctx);
    expect((await post('/api/user/logout', {}, headers)).statusCode).toBe(200);
    const next = await t.app.inject({ method: 'GET', url: '/api/user/profile', headers });
    expect(next.statusCode).toBe(401);
    expect(next.json().code).toBe(10001);
  });
});

describe('logs', () => {
  it('hold no password, code, token or full phone number', async () => {
    const parent = await createParent(t.ctx, { email: 'logcheck@example.com' });
    const login = await post('/api/login', {
      mobile: parent.mobile,
      country_code: '86',
      password: 'secret123',
    });
    await post('/api/login', {
      mobile: parent.mobile,
      country_code: '86',
      password: 'wrongpass77',
    });
    await sendCode(parent);
    const code = await latestCode(`+86${parent.mobile}`);
    await post('/api/verify-code-login', { mobile: parent.mobile, country_code: '86', code });
    await t.app.inject({
      method: 'GET',
      url: '/api/postemail?email=logcheck@example.com',
      remoteAddress: nextIp(),
    });
    const log = t.logText();
    for (const secret of [
      'secret123',
      'wrongpass77',
      code,
      login.json().data.token,
      parent.mobile,
      'logcheck@example.com',
    ]) {
      expect(log).not.toContain(secret);
    }
  });
});
