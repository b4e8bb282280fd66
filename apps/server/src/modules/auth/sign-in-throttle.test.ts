import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rateLimitCounters } from '../../db/schema/platform';
import { createParent } from '../../../test/factories/parents';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import { solveCaptcha } from '../../../test/helpers/captcha';
import {
  HASH_SLOTS,
  HashingBusyError,
  hashPassword,
  verifyPasswordOrBusy,
} from '../../lib/passwords';
import {
  FIRST_LOCK_MS,
  MAX_LOCK_MS,
  PHONE_IP_RULE,
  PHONE_RULE,
  waitAfter,
} from './sign-in-throttle';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

let ipCounter = 0;
/** A fresh address per call unless a test names one: the per-IP windows stay out of the way. */
const nextIp = () => `10.9.${Math.floor(++ipCounter / 200)}.${ipCounter % 200}`;
const MINUTE = 60_000;

type Phone = { country_code: string; mobile: string };

async function login(
  phone: Phone,
  password: string,
  extra: { captcha?: string; device?: string; ip?: string; lang?: string } = {},
) {
  const { ip = nextIp(), lang = 'en', ...body } = extra;
  return t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { country_code: phone.country_code, mobile: phone.mobile, password, ...body },
    headers: { lang },
    remoteAddress: ip,
  });
}

/**
 * `count` wrong passwords for the phone from different addresses, as an attacker with many
 * addresses would send them: each waits out the phone's delay and solves the captcha when asked.
 */
async function failTimes(phone: Phone, count: number) {
  for (let i = 0; i < count; i += 1) {
    t.clock.advance(MINUTE + 1000);
    const ip = nextIp();
    let response = await login(phone, `wrong${i}pass`, { ip });
    if (response.json().data?.captcha_required) {
      response = await login(phone, `wrong${i}pass`, { ip, captcha: await solveCaptcha(t, ip) });
    }
    expect(response.json().msg).toBe('Wrong password');
  }
}

async function outbox(to: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/dev/outbox?to=${encodeURIComponent(to)}`,
  });
  return response.json().data as { body: string; subject?: string | null }[];
}

describe('waits after wrong passwords (issue #18 item 3)', () => {
  it.each([
    [PHONE_RULE, 1, 0],
    [PHONE_RULE, 2, 0],
    [PHONE_RULE, 3, 1000],
    [PHONE_RULE, 4, 2000],
    [PHONE_RULE, 9, MINUTE],
    [PHONE_RULE, 10, FIRST_LOCK_MS],
    [PHONE_RULE, 11, MINUTE],
    [PHONE_RULE, 20, 2 * FIRST_LOCK_MS],
    [PHONE_RULE, 90, MAX_LOCK_MS],
    [PHONE_IP_RULE, 1, 0],
    [PHONE_IP_RULE, 2, 1000],
    [PHONE_IP_RULE, 5, FIRST_LOCK_MS],
    [PHONE_IP_RULE, 10, 2 * FIRST_LOCK_MS],
  ])('%j after %i failures waits %i ms', (rule, failures, wait) => {
    expect(waitAfter(failures, rule)).toBe(wait);
  });

  it('makes the next try from the guessing address wait, growing, while another address may go on', async () => {
    const parent = await createParent(t.ctx);
    const ip = nextIp();
    expect((await login(parent, 'wrong1pass', { ip })).statusCode).toBe(400);
    expect((await login(parent, 'wrong2pass', { ip })).statusCode).toBe(400);
    // Two failures from this address: it waits 1 s; the phone as a whole does not wait yet.
    const early = await login(parent, 'wrong3pass', { ip });
    expect(early.statusCode).toBe(429);
    expect(early.json()).toMatchObject({
      msg: 'Too many wrong passwords for this phone. Please try again in 1 seconds, or sign in with a verification code.',
      data: { retry_after: 1 },
    });
    expect((await login(parent, parent.password!)).statusCode).toBe(200);
  });

  it('pauses password sign-in for 15 minutes after 10 failures, then lets the right password in', async () => {
    const parent = await createParent(t.ctx);
    await failTimes(parent, 10);
    const paused = await login(parent, parent.password!);
    expect(paused.statusCode).toBe(429);
    expect(paused.json().msg).toBe(
      'Too many wrong passwords for this phone. Password sign-in is paused for 15 minutes; you can sign in with a verification code now.',
    );
    const zh = await login(parent, parent.password!, { lang: 'zh_CN' });
    expect(zh.json().msg).toBe(
      '该手机号密码错误次数过多，密码登录暂停 15 分钟；您现在可以使用验证码登录。',
    );
    t.clock.advance(FIRST_LOCK_MS + 1000);
    const ip = nextIp();
    const after = await login(parent, parent.password!, {
      ip,
      captcha: await solveCaptcha(t, ip),
    });
    expect(after.statusCode).toBe(200);
  });

  it('lets the right password from a device that signed in before through a pause', async () => {
    const parent = await createParent(t.ctx);
    const first = await login(parent, parent.password!);
    const device: string = first.json().data.device_token;
    expect(device).toMatch(/^[\w-]{40,}$/);
    await failTimes(parent, 10);
    expect((await login(parent, parent.password!)).statusCode).toBe(429);
    const known = await login(parent, parent.password!, { device });
    expect(known.statusCode).toBe(200);
    // The known device keeps its token; no new one is handed out.
    expect(known.json().data.device_token).toBeUndefined();
    // Another parent's device token is no key to this account.
    const other = await createParent(t.ctx);
    const otherDevice: string = (await login(other, other.password!)).json().data.device_token;
    await failTimes(parent, 10);
    expect((await login(parent, parent.password!, { device: otherDevice })).statusCode).toBe(429);
  });

  it('slows a known device down by its own wrong passwords', async () => {
    const parent = await createParent(t.ctx);
    const device: string = (await login(parent, parent.password!)).json().data.device_token;
    for (let i = 0; i < 5; i += 1) {
      t.clock.advance(MINUTE + 1000);
      expect((await login(parent, `wrong${i}pass`, { device })).statusCode).toBe(400);
    }
    expect((await login(parent, parent.password!, { device })).json().msg).toMatch(/paused/);
  });

  it('tells the parent by e-mail, or else by SMS, when the guessing pauses sign-in — once a day', async () => {
    const withMail = await createParent(t.ctx, { email: 'guessed@example.com' });
    await failTimes(withMail, 9);
    expect(await outbox('guessed@example.com')).toHaveLength(0);
    await failTimes(withMail, 1);
    // The notice goes out after the answer: wait for it to land in the outbox.
    const mails = await vi.waitFor(async () => {
      const found = await outbox('guessed@example.com');
      expect(found).toHaveLength(1);
      return found;
    });
    expect(mails[0]!.body).toMatch(/wrong password for your Parent Portal account 10 times/);
    t.clock.advance(FIRST_LOCK_MS);
    await failTimes(withMail, 10);
    expect(await outbox('guessed@example.com')).toHaveLength(1);

    const withoutMail = await createParent(t.ctx, { language: 'zh_CN' });
    await failTimes(withoutMail, 10);
    const texts = await vi.waitFor(async () => {
      const found = await outbox(`+86${withoutMail.mobile}`);
      expect(found).toHaveLength(1);
      return found;
    });
    expect(texts[0]!.body).toMatch(/连续输入了 10 次错误密码/);
  });
});

describe('the captcha after a few failures (issue #18 item 4)', () => {
  it('asks for a solved captcha from the third failure on, and checks it', async () => {
    const parent = await createParent(t.ctx);
    await failTimes(parent, 3);
    t.clock.advance(MINUTE);
    const ip = nextIp();
    const asked = await login(parent, parent.password!, { ip });
    expect(asked.statusCode).toBe(400);
    expect(asked.json()).toEqual({
      code: 400,
      msg: 'Please complete the human check, then sign in again.',
      data: { captcha_required: true },
    });
    const solution = await solveCaptcha(t, ip);
    expect((await login(parent, parent.password!, { ip, captcha: solution })).statusCode).toBe(200);
    // The streak ended with the sign-in: no captcha next time.
    expect((await login(parent, parent.password!)).statusCode).toBe(200);
  });

  it('refuses a used captcha with the captcha flag', async () => {
    const parent = await createParent(t.ctx);
    await failTimes(parent, 3);
    t.clock.advance(MINUTE);
    const ip = nextIp();
    const solution = await solveCaptcha(t, ip);
    expect((await login(parent, 'wrongagain1', { ip, captcha: solution })).statusCode).toBe(400);
    t.clock.advance(MINUTE);
    const reused = await login(parent, parent.password!, { captcha: solution });
    expect(reused.json()).toMatchObject({ code: 400, data: { captcha_required: true } });
    expect(reused.json().msg).toMatch(/already used or has expired/);
  });

  it('treats an unknown phone like a known one', async () => {
    const phone = { country_code: '86', mobile: '13000005555' };
    await failTimes(phone, 3);
    t.clock.advance(MINUTE);
    expect((await login(phone, 'wrong1pass')).json().data).toEqual({ captcha_required: true });
  });
});

describe('concurrent hashing per instance (issue #18 item 4)', () => {
  it('refuses at once a verification beyond the slots and the waiting room', async () => {
    const stored = await hashPassword('concurrency1', 14);
    const running = Array.from({ length: HASH_SLOTS + 1 }, () =>
      verifyPasswordOrBusy('concurrency1', stored, 1),
    );
    await expect(verifyPasswordOrBusy('concurrency1', stored, 1)).rejects.toBeInstanceOf(
      HashingBusyError,
    );
    await expect(Promise.all(running)).resolves.toEqual(running.map(() => true));
    // Room again once they are done.
    await expect(verifyPasswordOrBusy('concurrency1', stored, 1)).resolves.toBe(true);
  });

  it("starts a known device's hash before the strangers' waiting ones", async () => {
    const stored = await hashPassword('priority12', 14);
    const done: string[] = [];
    const track = (name: string, urgent: boolean) =>
      verifyPasswordOrBusy('priority12', stored, 100, urgent).then(() => done.push(name));
    const running = Array.from({ length: HASH_SLOTS }, (_, i) => track(`running${i}`, false));
    const strangers = Array.from({ length: HASH_SLOTS + 2 }, (_, i) =>
      track(`stranger${i}`, false),
    );
    const known = track('known', true);
    await Promise.all([...running, ...strangers, known]);
    expect(done.indexOf('known')).toBeLessThan(done.indexOf(`stranger${HASH_SLOTS + 1}`));
    expect(done.indexOf('known')).toBeLessThanOrEqual(HASH_SLOTS);
  });

  it('refuses a stranger on a booked instance before the per-address counter is written', async () => {
    const busy = await buildTestApp({ env: { SIGN_IN_HASH_WAITING: '0' } });
    try {
      // Book every hashing place of this instance (the count is taken synchronously).
      const stored = await hashPassword('booked-1234', 14);
      const booked = Array.from({ length: HASH_SLOTS }, () =>
        verifyPasswordOrBusy('booked-1234', stored, 0),
      );
      const refused = await busy.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { country_code: '86', mobile: '13500887777', password: 'stranger123' },
        remoteAddress: '10.8.7.7',
      });
      await Promise.all(booked);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().msg).toBe('Too many sign-ins right now. Please try again in a moment.');
      // A flood of such refusals writes nothing: no counter row for the address.
      const counted = await busy.ctx.db
        .select({ key: rateLimitCounters.key })
        .from(rateLimitCounters)
        .where(like(rateLimitCounters.key, '%10.8.7.7%'));
      expect(counted).toEqual([]);
    } finally {
      await busy.close();
    }
  });

  it('answers a fast translated 429 beyond the cap, keeping places for known devices', async () => {
    const busy = await buildTestApp({
      env: { SIGN_IN_HASH_WAITING: '0', PASSWORD_HASH_COST: '15' },
    });
    try {
      // Strangers on phones without an account: each still costs one scrypt (the dummy hash).
      const strangers = Array.from(
        { length: 12 },
        (_, i) => `1350088${String(i).padStart(4, '0')}`,
      );
      // A parent who signed in on this browser before.
      const returning = await createParent(busy.ctx);
      const earlier = await busy.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { country_code: '86', mobile: returning.mobile, password: returning.password },
        remoteAddress: '10.8.1.1',
      });
      const device: string = earlier.json().data.device_token;
      // One stranger first, so the dummy hash exists and the flood reaches the hashing at once.
      await busy.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { country_code: '86', mobile: '13500889999', password: 'prime1234' },
        remoteAddress: '10.8.2.1',
      });
      const flood = Promise.all(
        strangers.map((mobile, index) =>
          busy.app.inject({
            method: 'POST',
            url: '/api/login',
            payload: { country_code: '86', mobile, password: `wrong${index}pass` },
            headers: { lang: index % 2 ? 'zh_CN' : 'en' },
            remoteAddress: `10.8.0.${index + 1}`,
          }),
        ),
      );
      // Sent while the strangers' sign-ins fill the hashing.
      const knownDevice = busy.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: {
          country_code: '86',
          mobile: returning.mobile,
          password: returning.password,
          device,
        },
        remoteAddress: '10.8.1.2',
      });
      const answers = await flood;
      // The known device takes one of the places kept for returning parents.
      expect((await knownDevice).statusCode).toBe(200);
      const refused = answers.filter((answer) => answer.statusCode === 429);
      expect(refused.length).toBeGreaterThan(0);
      // The others were hashed: "Wrong password".
      expect(answers.every((answer) => [400, 429].includes(answer.statusCode))).toBe(true);
      for (const answer of refused) {
        expect([
          'Too many sign-ins right now. Please try again in a moment.',
          '当前登录人数过多，请稍后再试。',
        ]).toContain(answer.json().msg);
      }
    } finally {
      await busy.close();
    }
  });
});
