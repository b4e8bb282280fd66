import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInParent } from '../../../test/factories/parents';
import type { TestApp } from '../../../test/helpers/app';
import { buildOpsTestApp, staffHeaders } from '../../../test/helpers/ops';
import { auditRoutes } from '../../http/ops/audit.routes';
import { familiesRoutes } from '../../http/ops/families.routes';
import { eraseDueAccounts } from './erasure.service';

let t: TestApp;
beforeAll(async () => {
  t = await buildOpsTestApp({ routes: [familiesRoutes, auditRoutes] });
});
afterAll(() => t.close());

describe("the school's audit log of an account deletion (issue #25)", () => {
  it('shows the request with its date and the erasure, never the erased data', async () => {
    const { parent, headers } = await createSignedInParent(t.ctx, {
      name: 'Zhou Erased',
      email: 'zhou.erased@school.test',
    });
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/accountDeletion',
      headers,
      payload: { password: 'secret123' },
    });
    expect(asked.statusCode).toBe(200);
    const due = asked.json().data.due_at as string;

    const before = await t.app.inject({
      method: 'GET',
      url: `/api/ops/audit?userSn=${parent.user_sn}`,
      headers: staffHeaders('admin'),
    });
    expect(before.statusCode).toBe(200);
    expect(before.json().data.items).toEqual([
      expect.objectContaining({
        action: 'account.deletion-requested',
        staff: null,
        detail: { by: 'parent', method: 'password', dueAt: due },
      }),
    ]);

    t.clock.set(new Date(new Date(due).getTime() + 1000));
    await eraseDueAccounts(t.ctx, t.clock.now());
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/ops/audit?action=account.erased',
      headers: staffHeaders('admin'),
    });
    const [erased] = after.json().data.items as { family: { userSn: string } | null }[];
    expect(erased).toMatchObject({ action: 'account.erased', staff: null });
    expect(erased!.family?.userSn).toMatch(/^anon-/);
    const text = JSON.stringify(after.json());
    for (const personal of [
      'Zhou Erased',
      'zhou.erased@school.test',
      parent.mobile,
      parent.user_sn,
    ])
      expect(text).not.toContain(personal);
  });
});
