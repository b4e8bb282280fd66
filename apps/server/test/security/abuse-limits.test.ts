import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createParent } from '../factories/parents';
import { buildTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  // Room for every parallel sign-in to hash: this file tests the per-address HTTP limits, the
  // per-instance hashing cap has its own test (modules/auth/sign-in-throttle.test.ts).
  t = await buildTestApp({ env: { SIGN_IN_HASH_WAITING: '100' } });
});
afterAll(() => t.close());

/**
 * Issue #8 abuse limits under parallel requests. The per-IP windows are counted in the database
 * with one atomic upsert per hit, so a burst cannot slip past the limit between a read and a
 * write. (Code guessing and SMS sending in parallel are in modules/auth/auth.test.ts.)
 */
describe('abuse limits hold under parallel requests', () => {
  it('lets exactly 30 password guesses a minute through from one address', async () => {
    const parent = await createParent(t.ctx);
    const burst = await Promise.all(
      Array.from({ length: 45 }, (_, index) =>
        t.app.inject({
          method: 'POST',
          url: '/api/login',
          remoteAddress: '10.77.0.1',
          // One phone per guess: the per-phone waits and captcha (decision 030) stay out of it.
          payload: {
            mobile: `1370077${String(index).padStart(4, '0')}`,
            country_code: '86',
            password: `guess${index}abc`,
          },
        }),
      ),
    );
    const statuses = burst.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
    expect(statuses.filter((status) => status !== 429).every((status) => status === 400)).toBe(
      true,
    );
    // Another address is not affected.
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: '10.77.0.2',
      payload: { mobile: parent.mobile, country_code: '86', password: parent.password! },
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('sends exactly 20 codes a minute from one address, however many arrive at once', async () => {
    const parents = await Promise.all(Array.from({ length: 35 }, () => createParent(t.ctx)));
    const burst = await Promise.all(
      parents.map((parent) =>
        t.app.inject({
          method: 'POST',
          url: '/api/login/verify-code',
          remoteAddress: '10.77.0.3',
          payload: { mobile: parent.mobile, country_code: '86' },
        }),
      ),
    );
    const sent = burst.filter((res) => res.statusCode === 200).length;
    const limited = burst.filter((res) => res.statusCode === 429).length;
    expect({ sent, limited }).toEqual({ sent: 20, limited: 15 });
  });
});
