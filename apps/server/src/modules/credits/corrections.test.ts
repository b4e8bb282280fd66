import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CorrectionReason, StaffRole } from '@portal/shared/staff';
import { rowsOf } from '../../db/client';
import { createParent } from '../../../test/factories/parents';
import { grantCredits } from '../../../test/factories/lessons';
import type { TestApp } from '../../../test/helpers/app';
import { buildOpsTestApp, STAFF_IDS } from '../../../test/helpers/ops';
import { appendLedger } from './ledger.service';
import {
  correctCredits,
  correctionTitle,
  getCreditBalance,
  startOfUtcDay,
} from './corrections.service';

let t: TestApp;
beforeAll(async () => {
  // Small limits: 5 per correction, 12 a day.
  t = await buildOpsTestApp({
    env: { ADVISER_CORRECTION_LIMIT: '5', ADVISER_DAILY_CORRECTION_LIMIT: '12' },
  });
});
afterAll(() => t.close());

const request = (
  parentId: number,
  delta: number,
  role: StaffRole = 'admin',
  reason: CorrectionReason = 'correction',
) => ({
  parentId,
  staff: { staffId: STAFF_IDS[role], role },
  delta,
  reason,
  note: '',
  idempotencyKey: randomUUID(),
  ip: '203.0.113.9',
});

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: { messageKey?: string; params?: object }) => ({
      key: error.messageKey,
      params: error.params,
    }),
  );

describe('credit corrections', () => {
  it('grants reward credit (no money behind it)', async () => {
    const parent = await createParent(t.ctx);
    await grantCredits(t.ctx, parent.id, { paid: 4 });
    const result = await correctCredits(t.ctx, request(parent.id, 6, 'admin', 'goodwill'));
    expect(result.credits).toEqual({ paid: 4, reward: 6, reserved: 0, available: 10 });
    const [row] = rowsOf<Record<string, unknown>>(
      await t.ctx.db.execute(
        sql`select event, paid_delta, reward_delta, reserved_delta, title_en, title_zh from credit_ledger where parent_id = ${parent.id} and event = 'staff_correction'`,
      ),
    );
    expect(row).toEqual({
      event: 'staff_correction',
      paid_delta: 0,
      reward_delta: 6,
      reserved_delta: 0,
      title_en: 'Added by the school: goodwill',
      title_zh: '学校补偿',
    });
  });

  it('removes reward first, then paid, never below what is reserved', async () => {
    const parent = await createParent(t.ctx);
    await grantCredits(t.ctx, parent.id, { paid: 10 });
    await grantCredits(t.ctx, parent.id, { reward: 3 });
    await appendLedger(t.ctx.db, {
      parent_id: parent.id,
      event: 'reserve',
      reserved_delta: 4,
      title_en: 'Reserved',
      title_zh: '预留',
      idempotency_key: `test-reserve:${parent.id}`,
    });
    // 13 held, 4 reserved: 9 free to book.
    expect(await rejection(correctCredits(t.ctx, request(parent.id, -10)))).toEqual({
      key: 'correctionBelowZero',
      params: { available: 9, amount: 10 },
    });
    const result = await correctCredits(t.ctx, request(parent.id, -5));
    expect(result.credits).toEqual({ paid: 8, reward: 0, reserved: 4, available: 4 });
    const last = await correctCredits(t.ctx, request(parent.id, -4));
    expect(last.credits).toEqual({ paid: 4, reward: 0, reserved: 4, available: 0 });
    expect(await getCreditBalance(t.ctx, parent.id)).toEqual(last.credits);
    expect(await rejection(correctCredits(t.ctx, request(parent.id, -1)))).toMatchObject({
      key: 'correctionBelowZero',
    });
  });

  it('limits advisers per correction and per UTC day; admins are not limited', async () => {
    t.clock.set('2026-11-20T22:00:00.000Z');
    const parent = await createParent(t.ctx);
    await grantCredits(t.ctx, parent.id, { paid: 100 });
    expect(await rejection(correctCredits(t.ctx, request(parent.id, 6, 'adviser')))).toEqual({
      key: 'correctionOverLimit',
      params: { limit: 5 },
    });
    expect(await rejection(correctCredits(t.ctx, request(parent.id, -6, 'adviser')))).toMatchObject(
      {
        key: 'correctionOverLimit',
      },
    );
    // Grants and removals both count: 5 + 5 = 10 of 12.
    await correctCredits(t.ctx, request(parent.id, 5, 'adviser'));
    await correctCredits(t.ctx, request(parent.id, -5, 'adviser'));
    expect(await rejection(correctCredits(t.ctx, request(parent.id, 3, 'adviser')))).toEqual({
      key: 'correctionDailyLimit',
      params: { limit: 12, left: 2 },
    });
    await correctCredits(t.ctx, request(parent.id, 2, 'adviser'));
    // Admins: any size, any number.
    await correctCredits(t.ctx, request(parent.id, 500, 'admin'));
    await correctCredits(t.ctx, request(parent.id, -300, 'admin'));
    // A new UTC day starts a new allowance.
    t.clock.set('2026-11-21T00:00:01.000Z');
    await correctCredits(t.ctx, request(parent.id, 5, 'adviser'));
    expect(startOfUtcDay(t.clock.now()).toISOString()).toBe('2026-11-21T00:00:00.000Z');
  });

  it('is exactly once per idempotency key, with the same answer', async () => {
    const parent = await createParent(t.ctx);
    const once = request(parent.id, 3);
    const first = await correctCredits(t.ctx, once);
    const second = await correctCredits(t.ctx, {
      ...once,
      idempotencyKey: once.idempotencyKey.toUpperCase(),
    });
    expect(first.replayed).toBe(false);
    expect(second).toEqual({ ...first, replayed: true });
    expect(await rejection(correctCredits(t.ctx, { ...once, delta: 4 }))).toMatchObject({
      key: 'correctionKeyReused',
    });
    const [counted] = rowsOf<{ n: number }>(
      await t.ctx.db.execute(
        sql`select count(*)::int as n from credit_corrections where parent_id = ${parent.id}`,
      ),
    );
    expect(counted!.n).toBe(1);
  });

  it('records who, why, from where and the balance before and after, in the audit log', async () => {
    const parent = await createParent(t.ctx);
    const result = await correctCredits(t.ctx, {
      ...request(parent.id, 2, 'adviser', 'other'),
      note: 'Teacher was late twice',
    });
    const [entry] = rowsOf<Record<string, unknown>>(
      await t.ctx.db.execute(sql`select * from audit_log where parent_id = ${parent.id}`),
    );
    expect(entry).toMatchObject({
      staff_id: STAFF_IDS.adviser,
      action: 'credits.corrected',
      target_type: 'credit-correction',
      target_id: String(result.correctionId),
      ip: '203.0.113.9',
      before: { paid: 0, reward: 0, reserved: 0, available: 0 },
      after: { paid: 0, reward: 2, reserved: 0, available: 2 },
      detail: { delta: 2, reason: 'other', note: 'Teacher was late twice' },
    });
  });

  it('titles every reason in both languages', () => {
    for (const reason of ['goodwill', 'correction', 'lesson-problem', 'other'] as const) {
      for (const delta of [1, -1]) {
        const title = correctionTitle(delta, reason);
        expect(title.en).toMatch(delta > 0 ? /^Added by the school/ : /^Removed by the school/);
        expect(title.zh).toMatch(/^学校/);
      }
    }
  });
});
