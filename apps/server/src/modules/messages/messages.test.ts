import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../lib/app-error';
import { rowsOf } from '../../db/client';
import { createParent } from '../../../test/factories/parents';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import { requestPasswordReset } from '../auth/auth.service';
import { sendCode } from '../auth/codes.service';
import { findMessagesOf, sendEmailToParent, sendSmsToParent } from './messages.service';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const logOf = async (parentId: number) =>
  rowsOf<Record<string, unknown>>(
    await t.ctx.db.execute(
      sql`select channel, recipient_masked, kind, status, provider from message_log where parent_id = ${parentId} order by id`,
    ),
  );

describe('the message log', () => {
  it('logs an SMS with a masked number and the provider, never the text', async () => {
    const parent = await createParent(t.ctx, { mobile: '13800138000' });
    await sendSmsToParent(t.ctx, {
      parentId: parent.id,
      phone: parent,
      text: 'Your code is 123456',
      kind: 'sign-in-code',
    });
    expect(await logOf(parent.id)).toEqual([
      {
        channel: 'sms',
        recipient_masked: '+86 138****8000',
        kind: 'sign-in-code',
        status: 'sent',
        provider: 'local',
      },
    ]);
    const stored = JSON.stringify(
      rowsOf(await t.ctx.db.execute(sql`select * from message_log where parent_id = ${parent.id}`)),
    );
    expect(stored).not.toContain('13800138000');
    expect(stored).not.toContain('123456');
  });

  it('logs a refused message as failed and passes the error on', async () => {
    const parent = await createParent(t.ctx, { email: 'paula@example.com' });
    const failing = {
      ...t.ctx,
      providers: {
        ...t.ctx.providers,
        email: { kind: 'smtp' as const, send: () => Promise.reject(new AppError('UNAVAILABLE')) },
      },
    };
    await expect(
      sendEmailToParent(failing, {
        parentId: parent.id,
        kind: 'password-reset',
        email: { to: 'paula@example.com', subject: 'Reset', text: 'link' },
      }),
    ).rejects.toThrow('UNAVAILABLE');
    expect(await logOf(parent.id)).toEqual([
      {
        channel: 'email',
        recipient_masked: 'p***@example.com',
        kind: 'password-reset',
        status: 'failed',
        provider: 'smtp',
      },
    ]);
  });

  it("logs the parents' sign-in codes and reset e-mails where they are sent, newest first", async () => {
    const parent = await createParent(t.ctx, { email: 'reset.me@example.com' });
    await sendCode(
      t.ctx,
      { country_code: parent.country_code, mobile: parent.mobile },
      'login',
      '192.0.2.1',
      'en',
      { warn: () => undefined },
    );
    await requestPasswordReset(t.ctx, 'reset.me@example.com', 'en', (error) => {
      throw error;
    });
    // The reset e-mail goes out after the answer: wait for its log row.
    await vi.waitFor(async () => expect(await logOf(parent.id)).toHaveLength(2));
    const listed = await findMessagesOf(t.ctx, parent.id);
    expect(listed.map((message) => [message.channel, message.kind, message.status])).toEqual([
      ['email', 'password-reset', 'sent'],
      ['sms', 'sign-in-code', 'sent'],
    ]);
    expect(listed[0]!.recipientMasked).toBe('r***@example.com');
  });
});
