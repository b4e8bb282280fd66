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
});
