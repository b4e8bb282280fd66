import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInParent } from '../factories/parents';
import { buildTestApp, type TestApp } from '../helpers/app';
import { routeCatalogue, type RouteEntry } from './route-catalogue';

let t: TestApp;
let routes: RouteEntry[];
let headers: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp();
  routes = (await routeCatalogue(t.app)).filter((route) => route.key !== 'POST /api/user/logout');
  headers = (await createSignedInParent(t.ctx)).headers;
});
afterAll(() => t.close());

/** Issue #2 §5 / #8: the headers every answer carries, whatever its status. */
function expectSecurityHeaders(response: { headers: Record<string, unknown> }, what: string) {
  const h = response.headers;
  expect({ what, csp: String(h['content-security-policy']) }).toEqual({
    what,
    csp: expect.stringContaining("default-src 'self'"),
  });
  expect({ what, csp: String(h['content-security-policy']) }).toEqual({
    what,
    csp: expect.stringContaining("frame-ancestors 'none'"),
  });
  expect({ what, nosniff: h['x-content-type-options'] }).toEqual({ what, nosniff: 'nosniff' });
  expect({ what, referrer: h['referrer-policy'] }).toEqual({
    what,
    referrer: 'strict-origin-when-cross-origin',
  });
  expect({ what, frame: h['x-frame-options'] }).toEqual({ what, frame: 'SAMEORIGIN' });
}

describe('security headers on every API answer (issue #8)', () => {
  it('on every route, signed in or not, and on refusals', async () => {
    expect(routes.length).toBeGreaterThan(50);
    for (const route of routes) {
      for (const auth of [headers, {}]) {
        const response = await t.app.inject({
          method: route.method,
          url: route.path,
          headers: auth,
          remoteAddress: '10.8.8.8',
          ...(route.method === 'GET' ? {} : { payload: {} }),
        });
        const what = `${route.key} → ${response.statusCode}`;
        expectSecurityHeaders(response, what);
        // Personal answers are never stored by browsers or proxies, unless public by choice.
        const cache = String(response.headers['cache-control']);
        expect({ what, cache: cache === 'no-store' || cache.startsWith('public') }).toEqual({
          what,
          cache: true,
        });
      }
    }
  }, 120_000);

  it('on unknown addresses and HSTS over HTTPS', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expectSecurityHeaders(missing, 'unknown route');
    const https = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expectSecurityHeaders(https, 'health');
  });
});
