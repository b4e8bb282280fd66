import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import { seedAgreements } from '../../db/seed/agreements';
import { DEMO_AGREEMENTS_EFFECTIVE } from '../../db/seed/school';
import { upsertAgreement } from './agreements.repository';
import { sanitizeAgreementHtml } from './agreements.service';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await t.ctx.db.transaction((tx) => seedAgreements(tx, t.clock.now()));
});
afterAll(() => t.close());

describe('demo agreements (issue #19)', () => {
  it('are dated the day they took effect, not the day the demo was made', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/getAgreement?type=3' });
    const updated = new Date(response.json().data.updated_at as string);
    expect(updated.getTime()).toBeLessThanOrEqual(DEMO_AGREEMENTS_EFFECTIVE.getTime());
    expect(updated.toISOString().slice(0, 10)).not.toBe(t.clock.now().toISOString().slice(0, 10));
  });
});

describe('GET /api/getAgreement', () => {
  it.each([
    [2, 'en', 'Privacy Policy'],
    [2, 'zh_CN', '隐私政策'],
    [3, 'en', 'User Agreement'],
    [3, 'zh_CN', '用户协议'],
    [4, 'en', 'Purchase Contract'],
    [4, 'zh_CN', '购买合同'],
  ])('type %i in %s', async (type, lang, title) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/getAgreement?type=${type}`,
      headers: { lang },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.code).toBe(200);
    expect(body.data.title).toBe(title);
    expect(body.data.content).toContain('<h2>');
  });

  it('sanitises HTML stored by hand before answering it', async () => {
    await upsertAgreement(
      t.ctx.db,
      {
        type: 4,
        language: 'en',
        title: 'Contract',
        content_html:
          '<p onclick="x()">Hi<script>alert(1)</script><a href="javascript:alert(1)">x</a><a href="https://example.com">ok</a></p>',
      },
      t.clock.now(),
    );
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/getAgreement?type=4',
      headers: { lang: 'en' },
    });
    const content: string = response.json().data.content;
    expect(content).not.toMatch(/script|onclick|javascript:/);
    expect(content).toContain('href="https://example.com"');
    expect(content).toContain('rel="noopener noreferrer"');
  });

  it('answers 404 when no agreement of that type exists in any language', async () => {
    const empty = await buildTestApp();
    try {
      const response = await empty.app.inject({ method: 'GET', url: '/api/getAgreement?type=2' });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe(404);
    } finally {
      await empty.close();
    }
  });
});

describe('sanitizeAgreementHtml', () => {
  it.each([
    ['<img src=x onerror=alert(1)>', ''],
    ['<p style="color:red">x</p>', '<p>x</p>'],
    ['<iframe src="https://evil"></iframe>', ''],
    ['<h2>Title</h2>', '<h2>Title</h2>'],
  ])('%s → %s', (input, output) => {
    expect(sanitizeAgreementHtml(input)).toBe(output);
  });
});
