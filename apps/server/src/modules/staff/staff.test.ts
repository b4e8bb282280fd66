import { sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { DEMO_STAFF_TOTP_SECRET, seedStaff } from '../../db/seed/staff';
import { hashPassword } from '../../lib/passwords';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import { listAudit } from '../audit/audit.service';
import { findOutboxMessagesTo } from '../outbox/outbox.service';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes';
import { authenticateStaff } from './staff-sessions.service';
import { getSetupInfo, signInStaff, verifyStaffSignIn } from './staff-sign-in.service';
import { createAdminInvitation, insertEnrolledStaff } from './staff.service';
import { decryptSecret, encryptSecret, matchTotp, newTotpSecret } from './totp';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const origin = { ip: '10.8.0.1', userAgent: 'test' };
const codeAt = (secret: string, at: Date) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: at.getTime() });

describe('TOTP secrets at rest', () => {
  const key = Buffer.alloc(32, 7);

  it('encrypts with AES-256-GCM: a fresh IV each time, bound to the member', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const first = encryptSecret(key, 5, secret);
    const second = encryptSecret(key, 5, secret);
    expect(first).not.toBe(second);
    expect(first).not.toContain(secret);
    expect(decryptSecret(key, 5, first)).toBe(secret);
    // Another member's row, another key or a changed byte: no secret.
    expect(() => decryptSecret(key, 6, first)).toThrow();
    expect(() => decryptSecret(Buffer.alloc(32, 8), 5, first)).toThrow();
    const parts = first.split('.');
    const tampered = [...parts.slice(0, 3), `A${parts[3]!.slice(1)}`].join('.');
    if (tampered !== first) expect(() => decryptSecret(key, 5, tampered)).toThrow();
    expect(() => decryptSecret(key, 5, secret)).toThrow();
  });

  it.each([
    [0, true],
    [-30_000, true],
    [30_000, true],
    [-60_000, false],
    [60_000, false],
  ])('a code %i ms away is accepted: %s', (offset, accepted) => {
    const secret = newTotpSecret();
    const now = new Date('2026-11-20T08:00:10Z');
    const step = matchTotp(secret, codeAt(secret, new Date(now.getTime() + offset)), now);
    if (accepted) expect(step).toBe(Math.floor((now.getTime() + offset) / 30_000));
    else expect(step).toBeNull();
  });
});

describe('recovery codes', () => {
  it('are 10 distinct codes, and typing them any way hashes the same', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-hj-km-np-z2-9]{5}-[a-hj-km-np-z2-9]{5}$/);
    const code = codes[0]!;
    expect(hashRecoveryCode(code.toUpperCase().replace('-', ' '))).toBe(hashRecoveryCode(code));
    expect(hashRecoveryCode(code)).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('sessions and the authenticator', () => {
  async function signedInMember() {
    const secret = newTotpSecret();
    const email = `auth-${Math.random().toString(36).slice(2)}@school.test`;
    const id = await insertEnrolledStaff(
      t.ctx.db,
      t.ctx.config.staff.totpKey,
      {
        email,
        name: 'Auth',
        role: 'teacher',
        passwordHash: await hashPassword('staffpass1', t.ctx.config.passwordHashCost),
        totpSecret: secret,
      },
      t.clock.now(),
    );
    t.clock.advance(30_000);
    const step = await signInStaff(t.ctx, { email, password: 'staffpass1' }, origin);
    const signedIn = await verifyStaffSignIn(
      t.ctx,
      { ticket: step.ticket, code: codeAt(secret, t.clock.now()) },
      origin,
    );
    return { id, secret, email, token: signedIn.token };
  }

  it('writes last_seen_at at most once a minute', async () => {
    const { token, id } = await signedInMember();
    const lastSeen = async () =>
      new Date(
        rowsOf<{ last_seen_at: string | Date }>(
          await t.ctx.db.execute(
            sql`select last_seen_at from staff_sessions where staff_id = ${id}`,
          ),
        )[0]!.last_seen_at,
      ).getTime();
    const opened = await lastSeen();
    t.clock.advance(59_000);
    expect(await authenticateStaff(t.ctx, token)).toMatchObject({ staffId: id, role: 'teacher' });
    expect(await lastSeen()).toBe(opened);
    t.clock.advance(2_000);
    await authenticateStaff(t.ctx, token);
    expect(await lastSeen()).toBe(t.clock.now().getTime());
  });

  it('names nobody for a disabled member, whatever the session', async () => {
    const { token, id } = await signedInMember();
    await t.ctx.db.execute(sql`update staff set status = 'disabled' where id = ${id}`);
    expect(await authenticateStaff(t.ctx, token)).toBeUndefined();
    expect(await authenticateStaff(t.ctx, 'short')).toBeUndefined();
  });

  it('locks once when 10 wrong codes arrive together', async () => {
    const { id, email, secret } = await signedInMember();
    const step = await signInStaff(t.ctx, { email, password: 'staffpass1' }, origin);
    const right = codeAt(secret, t.clock.now());
    const wrong = right === '000000' ? '111111' : '000000';
    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, () =>
        verifyStaffSignIn(t.ctx, { ticket: step.ticket, code: wrong }, origin),
      ),
    );
    expect(outcomes.every((outcome) => outcome.status === 'rejected')).toBe(true);
    const locks = await listAudit(
      t.ctx,
      { staffId: id, action: 'staff.locked' },
      { page: 1, pageSize: 10 },
    );
    expect(locks.total).toBe(1);
    await expect(
      verifyStaffSignIn(t.ctx, { ticket: step.ticket, code: right }, origin),
    ).rejects.toMatchObject({ messageKey: 'staffLocked' });
    t.clock.advance(15 * 60_000);
  });
});

describe('the first admin and the demo accounts', () => {
  it('ops:create-admin invites an admin with a set-up link in the outbox, once per address', async () => {
    const logged: unknown[] = [];
    const created = await createAdminInvitation(t.ctx, 'First.Admin@School.test', (error) =>
      logged.push(error),
    );
    expect(logged).toEqual([]);
    expect(created.expiresAt.getTime() - t.clock.now().getTime()).toBe(48 * 3_600_000);
    const [mail] = await findOutboxMessagesTo(t.ctx, 'first.admin@school.test', 1);
    expect(mail!.body).toContain(created.link);
    const token = created.link.split('/ops/setup/')[1]!;
    expect(await getSetupInfo(t.ctx, token)).toEqual({
      email: 'first.admin@school.test',
      name: '',
      role: 'admin',
    });
    const [entry] = (
      await listAudit(t.ctx, { action: 'staff.setup-link-created' }, { page: 1, pageSize: 1 })
    ).entries;
    expect(entry).toMatchObject({ staffId: null, target: { id: String(created.id) } });
    await expect(
      createAdminInvitation(t.ctx, 'first.admin@school.test', () => undefined),
    ).rejects.toMatchObject({ messageKey: 'staffEmailTaken' });
    // 48 hours later the link is dead.
    t.clock.advance(48 * 3_600_000);
    await expect(getSetupInfo(t.ctx, token)).rejects.toMatchObject({ httpStatus: 404 });
  });

  it('seeds an enrolled admin and adviser who sign in with demo2026 and the demo secret', async () => {
    await t.ctx.db.transaction((tx) => seedStaff(tx, t.clock.now(), t.ctx.config.staff.totpKey));
    for (const email of ['admin@example.com', 'adviser@example.com']) {
      t.clock.advance(30_000);
      const step = await signInStaff(t.ctx, { email, password: 'demo2026' }, origin);
      expect(step.step).toBe('code');
      const signedIn = await verifyStaffSignIn(
        t.ctx,
        { ticket: step.ticket, code: codeAt(DEMO_STAFF_TOTP_SECRET, t.clock.now()) },
        origin,
      );
      expect(signedIn.me.role).toBe(email.startsWith('admin') ? 'admin' : 'adviser');
    }
  });
});
