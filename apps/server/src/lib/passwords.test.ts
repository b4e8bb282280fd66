import { describe, expect, it } from 'vitest';
import { DEFAULT_SCRYPT_COST, hashPassword, verifyPassword } from './passwords';

describe('password hashing', () => {
  it('uses scrypt N=2^17, r=8, p=1 by default and verifies', async () => {
    const hash = await hashPassword('demo2026');
    expect(hash.startsWith(`scrypt$${DEFAULT_SCRYPT_COST}$8$1$`)).toBe(true);
    expect(DEFAULT_SCRYPT_COST).toBe(17);
    await expect(verifyPassword('demo2026', hash)).resolves.toBe(true);
    await expect(verifyPassword('demo2027', hash)).resolves.toBe(false);
  });

  it('salts every hash and reads the cost from the stored string', async () => {
    const a = await hashPassword('same-password1', 12);
    const b = await hashPassword('same-password1', 12);
    expect(a).not.toBe(b);
    await expect(verifyPassword('same-password1', a)).resolves.toBe(true);
  });

  it.each(['', 'bcrypt$x', 'scrypt$12$8$1$onlysalt'])(
    'refuses a malformed stored hash %j',
    async (stored) => {
      await expect(verifyPassword('x', stored)).resolves.toBe(false);
    },
  );

  it('keeps the event loop free while hashing', async () => {
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 5);
    await hashPassword('event-loop-check1');
    clearInterval(timer);
    expect(ticks).toBeGreaterThan(3);
  });
});
