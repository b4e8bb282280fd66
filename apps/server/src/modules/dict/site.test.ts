import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helpers/app';

async function site(env: Record<string, string>, lang: string) {
  const t = await buildTestApp({ env });
  try {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/dict/site',
      headers: { lang },
    });
    expect(response.statusCode).toBe(200);
    return response.json().data as Record<string, string | null>;
  } finally {
    await t.close();
  }
}

describe('GET /api/dict/site (decision 033: what is not configured is not shown)', () => {
  it('answers the configured facts, the company named in the request language', async () => {
    const env = {
      DEMO_DATA: 'false',
      COMPANY_NAME: 'Maple Learning Ltd.',
      COMPANY_NAME_ZH_CN: '枫叶教育有限公司',
      SUPPORT_EMAIL: 'help@maple.school',
      APP_STORE_URL: 'https://apps.apple.com/app/id1234567890',
    };
    expect(await site(env, 'zh_CN')).toEqual({
      company_name: '枫叶教育有限公司',
      support_email: 'help@maple.school',
      support_phone: null,
      app_store_url: 'https://apps.apple.com/app/id1234567890',
      google_play_url: null,
    });
    expect((await site(env, 'en')).company_name).toBe('Maple Learning Ltd.');
  });

  it('answers nulls when nothing is configured and the demo is off', async () => {
    expect(await site({ DEMO_DATA: 'false' }, 'en')).toEqual({
      company_name: null,
      support_email: null,
      support_phone: null,
      app_store_url: null,
      google_play_url: null,
    });
  });

  it("shows the demo school's facts with the demo data, but never store links", async () => {
    const facts = await site({ DEMO_DATA: 'true' }, 'zh_CN');
    expect(facts.company_name).toBe('明桥教育科技有限公司');
    expect(facts.support_email).toMatch(/@/);
    expect(facts.support_email).not.toMatch(/example\.com/);
    expect(facts.app_store_url).toBeNull();
    expect(facts.google_play_url).toBeNull();
  });

  it('refuses a support e-mail that is not one at boot', async () => {
    await expect(buildTestApp({ env: { SUPPORT_EMAIL: 'not-an-email' } })).rejects.toThrow(
      /SUPPORT_EMAIL/,
    );
  });
});
