import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import { createParent, createSignedInParent } from '../../../test/factories/parents';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('GET /api/user/profile', () => {
  it('answers every field of the spec profile for the signed-in parent only', async () => {
    const { parent, headers } = await createSignedInParent(t.ctx, {
      name: 'Li Wei',
      email: 'li@example.com',
      referer: 'Wang',
      referer_code: 'WF1',
      wechat: 'liwei_wx',
    });
    await createSignedInParent(t.ctx, { name: 'Someone Else' });
    const response = await t.app.inject({ method: 'GET', url: '/api/user/profile', headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json().data).toEqual({
      user_sn: parent.user_sn,
      name: 'Li Wei',
      country_code: '86',
      mobile: parent.mobile,
      email: 'li@example.com',
      user_city: null,
      user_country: null,
      referer: 'Wang',
      referer_code: 'WF1',
      wechat_id: 'liwei_wx',
      language: null,
      time_zone: null,
      last_student_sn: null,
      member_status: 0,
      member_kids: 0,
      member_type: 0,
      status: 1,
      has_password: true,
      child_limit: 3,
      can_add_child: true,
      student_info: null,
    });
  });

  it.each(['/api/user/profile', '/api/getUserInfo'])(
    'refuses %s without a session',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe(10001);
    },
  );

  it('getUserInfo carries the profile and the adviser slot', async () => {
    const { parent, headers } = await createSignedInParent(t.ctx);
    const response = await t.app.inject({ method: 'GET', url: '/api/getUserInfo', headers });
    expect(response.json().data.user_info.user_sn).toBe(parent.user_sn);
    expect(response.json().data).toHaveProperty('salesperson_info');
  });
});

describe('POST /api/updateEmail', () => {
  it('saves a valid address, lower-cased', async () => {
    const { headers } = await createSignedInParent(t.ctx);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/updateEmail',
      headers,
      payload: { email: 'New.Mail@Example.com' },
    });
    expect(response.json()).toMatchObject({ code: 200, msg: 'Your e-mail has been saved.' });
    const profile = await t.app.inject({ method: 'GET', url: '/api/user/profile', headers });
    expect(profile.json().data.email).toBe('new.mail@example.com');
  });

  it('refuses an address another parent uses, and changes nothing', async () => {
    await createParent(t.ctx, { email: 'taken@example.com' });
    const { headers } = await createSignedInParent(t.ctx, { email: 'mine@example.com' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/updateEmail',
      headers,
      payload: { email: 'TAKEN@example.com' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().msg).toBe('This e-mail is already used by another account.');
    const profile = await t.app.inject({ method: 'GET', url: '/api/user/profile', headers });
    expect(profile.json().data.email).toBe('mine@example.com');
  });

  it.each([
    ['', '请输入邮箱。'],
    ['bad@', '请输入正确的邮箱地址。'],
  ])('refuses %j in the request language', async (email, msg) => {
    const { headers } = await createSignedInParent(t.ctx);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/updateEmail',
      headers: { ...headers, lang: 'zh_CN' },
      payload: { email },
    });
    expect(response.json().msg).toBe(msg);
  });
});

describe('POST /api/setUserLanguage', () => {
  it('saves en or zh_CN and answers in the new language', async () => {
    const { headers } = await createSignedInParent(t.ctx);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/setUserLanguage',
      headers,
      payload: { language: 'zh_CN' },
    });
    expect(response.json()).toMatchObject({ code: 200, msg: '语言已保存。' });
    const profile = await t.app.inject({ method: 'GET', url: '/api/user/profile', headers });
    expect(profile.json().data.language).toBe('zh_CN');
  });

  it('refuses another language', async () => {
    const { headers } = await createSignedInParent(t.ctx);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/setUserLanguage',
      headers,
      payload: { language: 'fr' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toBe('Please choose English or Simplified Chinese.');
  });
});
