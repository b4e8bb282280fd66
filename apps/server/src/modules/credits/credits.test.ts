import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import { createSignedInParent } from '../../../test/factories/parents';
import { appendLedger } from './ledger.service';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const entry = (
  parentId: number,
  key: string,
  deltas: { paid?: number; reward?: number; reserved?: number },
) => ({
  parent_id: parentId,
  event: 'test',
  paid_delta: deltas.paid ?? 0,
  reward_delta: deltas.reward ?? 0,
  reserved_delta: deltas.reserved ?? 0,
  title_en: 'Test',
  title_zh: '测试',
  idempotency_key: key,
});

describe('GET /api/accounts?model=lessons', () => {
  it('derives balances from the ledger, for the signed-in parent only', async () => {
    const { parent, headers } = await createSignedInParent(t.ctx, { language: 'zh_CN' });
    const other = await createSignedInParent(t.ctx);
    await appendLedger(t.ctx.db, entry(parent.id, `a:${parent.id}:1`, { paid: 20 }));
    await appendLedger(t.ctx.db, entry(parent.id, `a:${parent.id}:2`, { reward: 4 }));
    await appendLedger(t.ctx.db, entry(parent.id, `a:${parent.id}:3`, { reserved: 3 }));
    await appendLedger(t.ctx.db, entry(other.parent.id, `a:${other.parent.id}:1`, { paid: 100 }));

    const response = await t.app.inject({
      method: 'GET',
      url: '/api/accounts?model=lessons',
      headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json().data).toEqual({
      balance: 24,
      balance_valid: 21,
      purchased_credit: 20,
      reward_credit: 4,
      member_expire_show: '',
      member_type: 0,
      language: 'zh_CN',
    });
  });

  it('starts at zero', async () => {
    const { headers } = await createSignedInParent(t.ctx);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/accounts?model=lessons',
      headers,
    });
    expect(response.json().data).toMatchObject({ balance: 0, balance_valid: 0 });
  });

  it('counts a retried grant once (idempotency key)', async () => {
    const { parent, headers } = await createSignedInParent(t.ctx);
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        appendLedger(t.ctx.db, entry(parent.id, `retry:${parent.id}`, { paid: 10 })),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    const response = await t.app.inject({ method: 'GET', url: '/api/accounts', headers });
    expect(response.json().data.balance).toBe(10);
  });

  it('refuses without a session and an unknown model', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/accounts?model=lessons' })).statusCode,
    ).toBe(401);
    const { headers } = await createSignedInParent(t.ctx);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/accounts?model=cash', headers })).statusCode,
    ).toBe(400);
  });
});
