import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('GET /api/dev/outbox', () => {
  it('shows what the local providers stored, newest first', async () => {
    await t.ctx.providers.sms.send('+8613800138000', 'first');
    await t.ctx.providers.sms.send('+8613800138000', 'second');
    await t.ctx.providers.email.send({ to: 'Parent@Example.com', subject: 'Reset', text: 'link' });

    const sms = await t.app.inject({ method: 'GET', url: '/api/dev/outbox?to=%2B8613800138000' });
    expect(sms.json().data.map((m: { body: string }) => m.body)).toEqual(['second', 'first']);
    const bare = await t.app.inject({
      method: 'GET',
      url: '/api/dev/outbox?to=8613800138000&limit=1',
    });
    expect(bare.json().data).toHaveLength(1);
    const email = await t.app.inject({
      method: 'GET',
      url: '/api/dev/outbox?to=parent@example.com',
    });
    expect(email.json().data[0]).toMatchObject({
      channel: 'email',
      subject: 'Reset',
      body: 'link',
    });
  });

  it('does not exist when real providers are configured', async () => {
    const real = await buildTestApp({
      env: {
        SMS_PROVIDER: 'twilio',
        TWILIO_ACCOUNT_SID: 'AC1',
        TWILIO_AUTH_TOKEN: 'secret',
        TWILIO_FROM: '+15005550006',
        EMAIL_PROVIDER: 'smtp',
        SMTP_URL: 'smtp://localhost:2525',
      },
    });
    try {
      const response = await real.app.inject({
        method: 'GET',
        url: '/api/dev/outbox?to=8613800138000',
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await real.close();
    }
  });

  it('asks for its token when the server listens beyond loopback (issue #18 item 11)', async () => {
    const open = await buildTestApp({
      env: { HOST: '0.0.0.0', DEV_OUTBOX_TOKEN: 'outbox-token-for-tests' },
    });
    try {
      await open.ctx.providers.sms.send('+8613800138000', 'code 123456');
      const url = '/api/dev/outbox?to=8613800138000';
      for (const [extra, headers] of [
        ['', {}],
        ['&token=wrong-token-for-tests', {}],
        ['', { 'x-dev-outbox-token': 'outbox-token-for-test' }],
      ] as const) {
        const refused = await open.app.inject({ method: 'GET', url: url + extra, headers });
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toMatchObject({ code: 403, data: null });
        expect(refused.body).not.toContain('123456');
      }
      const zh = await open.app.inject({ method: 'GET', url, headers: { lang: 'zh_CN' } });
      expect(zh.json().msg).toContain('DEV_OUTBOX_TOKEN');
      expect(zh.json().msg).toMatch(/令牌/);
      const byQuery = await open.app.inject({
        method: 'GET',
        url: `${url}&token=outbox-token-for-tests`,
      });
      expect(byQuery.json().data[0].body).toBe('code 123456');
      const byHeader = await open.app.inject({
        method: 'GET',
        url,
        headers: { 'x-dev-outbox-token': 'outbox-token-for-tests' },
      });
      expect(byHeader.statusCode).toBe(200);
    } finally {
      await open.close();
    }
  });
});
