import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import { seedAgreements } from '../../db/seed/agreements';
import { DEMO_AGREEMENTS_EFFECTIVE } from '../../db/seed/school';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client';
import { upsertAgreement } from './agreements.repository';
import {
  listAgreementDocuments,
  sanitizeAgreementHtml,
  updateAgreementDocument,
} from './agreements.service';

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

describe('editing a document in both languages (issue #22)', () => {
  const actor = { staffId: 0, ip: '10.0.0.9' };
  beforeAll(async () => {
    const [member] = rowsOf<{ id: number }>(
      await t.ctx.db.execute(
        sql`insert into staff (email, name, role, status)
            values ('editor@staff.test', 'Ed Editor', 'admin', 'active') returning id`,
      ),
    );
    actor.staffId = member!.id;
  });
  const body = {
    titleEn: 'User Agreement v2',
    htmlEn:
      '<h2>Terms</h2><p onclick="x()">Be kind.<script>alert(1)</script></p><a href="https://example.com">more</a>',
    titleZh: '用户协议 第二版',
    htmlZh: '<h2>条款</h2><p>友善相待。</p>',
  };

  it('saves both languages sanitised as the parents read them, answered at once, and audits it', async () => {
    const saved = await updateAgreementDocument(t.ctx, 'service', body, actor);
    expect(saved.htmlEn).toBe(sanitizeAgreementHtml(body.htmlEn));
    expect(saved.htmlEn).not.toMatch(/script|onclick/);
    expect(saved.htmlEn).toContain('rel="noopener noreferrer"');
    const en = await t.app.inject({ url: '/api/getAgreement?type=3', headers: { lang: 'en' } });
    expect(en.json().data).toMatchObject({ title: 'User Agreement v2', content: saved.htmlEn });
    const zh = await t.app.inject({ url: '/api/getAgreement?type=3', headers: { lang: 'zh_CN' } });
    expect(zh.json().data.title).toBe('用户协议 第二版');
    const entries = rowsOf<{
      staff_id: number;
      target_id: string;
      before: unknown;
      after: unknown;
    }>(
      await t.ctx.db.execute(
        sql`select * from audit_log where action = 'agreement.updated' order by id`,
      ),
    );
    expect(entries.at(-1)).toMatchObject({
      staff_id: actor.staffId,
      target_id: 'service',
      after: { titleEn: 'User Agreement v2', titleZh: '用户协议 第二版' },
      before: { titleEn: 'User Agreement', titleZh: '用户协议' },
    });
    // The same text again is no change: no new entry.
    await updateAgreementDocument(t.ctx, 'service', body, actor);
    const again = rowsOf(
      await t.ctx.db.execute(sql`select id from audit_log where action = 'agreement.updated'`),
    );
    expect(again).toHaveLength(entries.length);
  });

  it('refuses a language with no text left once cleaned, and saves neither', async () => {
    const before = (await listAgreementDocuments(t.ctx)).find((doc) => doc.kind === 'privacy')!;
    await expect(
      updateAgreementDocument(
        t.ctx,
        'privacy',
        { ...body, htmlZh: '<script>alert(1)</script><iframe src="https://evil"></iframe>' },
        actor,
      ),
    ).rejects.toMatchObject({ messageKey: 'agreementHtmlZhEmptyAfterCleaning' });
    const after = (await listAgreementDocuments(t.ctx)).find((doc) => doc.kind === 'privacy')!;
    expect(after).toEqual(before);
  });
});
