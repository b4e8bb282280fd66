import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advisers } from '../../db/schema';
import { updateParent } from '../parents/parents.service';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import { createSignedInParent } from '../../../test/factories/parents';

let t: TestApp;
let adviserId: number;

beforeAll(async () => {
  t = await buildTestApp();
  const [row] = await t.ctx.db
    .insert(advisers)
    .values({
      name: 'Amy',
      describe_en: 'Adviser',
      describe_zh: '顾问',
      email: 'amy@example.com',
      mobile: '+86 400',
      wechat: 'amy',
      invite_code: 'INV1',
    })
    .returning();
  adviserId = row!.id;
});
afterAll(() => t.close());

describe('advisers', () => {
  it('shows the adviser of an invitation code in the request language', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/getSaleInfo?invite_code=INV1',
      headers: { lang: 'zh_CN' },
    });
    expect(response.json().data).toEqual({
      name: 'Amy',
      describe: '顾问',
      email: 'amy@example.com',
      mobile: '+86 400',
      wechat: 'amy',
      qr_code: '',
    });
  });

  it.each([
    ['invite_code=NOPE', 404],
    ['invite_code=', 400],
    ['', 400],
  ])('refuses %j', async (query, status) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/getSaleInfo?${query}`,
      headers: { lang: 'en' },
    });
    expect(response.statusCode).toBe(status);
  });

  it("puts the parent's own adviser on getUserInfo, and null when none is assigned", async () => {
    const withAdviser = await createSignedInParent(t.ctx);
    await updateParent(t.ctx.db, withAdviser.parent.id, { adviser_id: adviserId }, t.clock.now());
    const without = await createSignedInParent(t.ctx);
    const a = await t.app.inject({
      method: 'GET',
      url: '/api/getUserInfo',
      headers: { ...withAdviser.headers, lang: 'en' },
    });
    expect(a.json().data.salesperson_info).toMatchObject({ name: 'Amy', describe: 'Adviser' });
    const b = await t.app.inject({
      method: 'GET',
      url: '/api/getUserInfo',
      headers: without.headers,
    });
    expect(b.json().data.salesperson_info).toBeNull();
  });
});
