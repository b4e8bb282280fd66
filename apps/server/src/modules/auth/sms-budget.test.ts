import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import { solveCaptcha, wrongCaptcha } from '../../../test/helpers/captcha';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    env: { SMS_HOURLY_BUDGET: '10', SMS_COUNTRY_HOURLY_BUDGET: '5', SMS_COUNTRY_BUDGETS: '1:3' },
  });
});
afterAll(() => t.close());

let counter = 0;
/** Every send from its own address and to its own phone: only the budgets are in play. */
async function sendRegisterCode(countryCode: string, mobile: string, captcha?: string) {
  counter += 1;
  const ip = `10.6.${Math.floor(counter / 200)}.${counter % 200}`;
  return t.app.inject({
    method: 'POST',
    url: '/api/login/verify-code',
    payload: {
      country_code: countryCode,
      mobile,
      scene: 'register',
      captcha: captcha ?? (await solveCaptcha(t, ip)),
    },
    headers: { lang: 'en' },
    remoteAddress: ip,
  });
}

const cnPhone = (i: number) => `1360000${String(1000 + i)}`;
const usPhone = (i: number) => `20255${String(10000 + i)}`;
const ukPhone = (i: number) => `79000${String(10000 + i)}`;

describe('SMS budgets (issue #18 item 5)', () => {
  it('stops at the calling code budget, then at the global one, warning at 80 % without the phone', async () => {
    const cn = [];
    for (let i = 0; i < 6; i += 1) cn.push((await sendRegisterCode('86', cnPhone(i))).statusCode);
    expect(cn).toEqual([200, 200, 200, 200, 200, 429]);
    const refused = await sendRegisterCode('86', cnPhone(6));
    expect(refused.json()).toMatchObject({
      code: 429,
      msg: 'We cannot send verification codes right now. Please try again later.',
    });
    // SMS_COUNTRY_BUDGETS overrides the default for +1.
    const us = [];
    for (let i = 0; i < 4; i += 1) us.push((await sendRegisterCode('1', usPhone(i))).statusCode);
    expect(us).toEqual([200, 200, 200, 429]);
    // 8 sent of 10 in the hour: two more anywhere, then none.
    const uk = [];
    for (let i = 0; i < 3; i += 1) uk.push((await sendRegisterCode('44', ukPhone(i))).statusCode);
    expect(uk).toEqual([200, 200, 429]);

    const warnings = t.logLines().filter((line) => line.msg === 'SMS budget 80 % used this hour');
    expect(warnings).toEqual([
      expect.objectContaining({ scope: 'country', country_code: '86', count: 4, budget: 5 }),
      expect.objectContaining({ scope: 'country', country_code: '1', count: 3, budget: 3 }),
      expect.objectContaining({ scope: 'global', count: 8, budget: 10 }),
    ]);
    expect(t.logText()).not.toContain(cnPhone(3));

    // A new hour, a new budget.
    t.clock.advance(3_600_000);
    expect((await sendRegisterCode('86', cnPhone(7))).statusCode).toBe(200);
  });

  it('asks a registration code for a solved captcha (scene "register")', async () => {
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/login/verify-code',
      payload: { country_code: '86', mobile: '13600009999', scene: 'register' },
      headers: { lang: 'en' },
      remoteAddress: '10.6.250.1',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      code: 400,
      msg: 'Please complete the human check.',
      data: { captcha_required: true },
    });
    const wrong = await sendRegisterCode('86', '13600009999', await wrongCaptcha(t));
    expect(wrong.json()).toMatchObject({ code: 400, data: { captcha_required: true } });
    expect(wrong.json().msg).toMatch(/human check failed/);
  });
});
