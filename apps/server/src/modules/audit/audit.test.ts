import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOpsTestApp, STAFF_IDS } from '../../../test/helpers/ops';
import type { TestApp } from '../../../test/helpers/app';
import { changedFields, listAudit, recordAudit } from './audit.service';

let t: TestApp;
beforeAll(async () => {
  t = await buildOpsTestApp();
});
afterAll(() => t.close());

describe('the audit log', () => {
  it('records an entry and lists it newest first, filtered', async () => {
    const first = await recordAudit(t.ctx.db, {
      staffId: STAFF_IDS.admin,
      action: 'staff.invited',
      target: { type: 'staff', id: 42 },
      ip: '10.0.0.1',
      after: { role: 'adviser' },
    });
    const second = await recordAudit(t.ctx.db, {
      staffId: STAFF_IDS.adviser,
      action: 'family.phone-revealed',
      target: { type: 'parent', id: 'U1' },
      parentId: 7,
    });
    const all = await listAudit(t.ctx, {}, { page: 1, pageSize: 10 });
    expect(all.entries.map((entry) => entry.id).slice(0, 2)).toEqual([second, first]);
    const family = await listAudit(t.ctx, { parentId: 7 }, { page: 1, pageSize: 10 });
    expect(family.total).toBe(1);
    expect(family.entries[0]).toMatchObject({
      staffId: STAFF_IDS.adviser,
      action: 'family.phone-revealed',
      target: { type: 'parent', id: 'U1' },
    });
    const byStaff = await listAudit(t.ctx, { staffId: STAFF_IDS.admin }, { page: 1, pageSize: 10 });
    expect(byStaff.entries[0]).toMatchObject({ ip: '10.0.0.1', after: { role: 'adviser' } });
  });

  it.each([
    ['UPDATE', sql`update audit_log set action = 'x'`],
    ['DELETE', sql`delete from audit_log`],
    ['TRUNCATE', sql`truncate audit_log`],
  ])('is append-only: the database refuses %s', async (_name, statement) => {
    await recordAudit(t.ctx.db, { staffId: STAFF_IDS.admin, action: 'staff.updated' });
    const before = await listAudit(t.ctx, {}, { page: 1, pageSize: 1 });
    const refusal = await t.ctx.db.execute(statement).then(
      () => undefined,
      (error: Error) => error,
    );
    // Drizzle wraps the database's error; the trigger's message is its cause.
    expect((refusal?.cause as Error | undefined)?.message).toMatch(/append-only/);
    const after = await listAudit(t.ctx, {}, { page: 1, pageSize: 1 });
    expect(after.total).toBe(before.total);
    expect(after.entries[0]!.action).toBe('staff.updated');
  });
});

describe('changedFields', () => {
  it.each<[Record<string, unknown>, Record<string, unknown>, object, object]>([
    [{ a: 1, b: 'x' }, { a: 1, b: 'y' }, { b: 'x' }, { b: 'y' }],
    [{ a: 1 }, { a: 1 }, {}, {}],
    [{ a: null, b: 2 }, { a: 'set', b: undefined }, { a: null }, { a: 'set' }],
    [{ d: '2020-01-01' }, { d: '2020-01-02' }, { d: '2020-01-01' }, { d: '2020-01-02' }],
  ])('%j → %j keeps only what changed', (before, after, was, now) => {
    expect(changedFields(before, after)).toEqual({ before: was, after: now });
  });
});
