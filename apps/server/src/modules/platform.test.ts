import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { seedAgreements } from '../db/seed/agreements';
import { startSession, endSession } from './auth/session.service';
import { parents } from '../db/schema';
import { buildTestApp, type TestApp } from '../../test/helpers/app';

let t: TestApp;
let token: string;
let sessionId: number;

beforeAll(async () => {
  t = await buildTestApp({
    register: (app) => {
      app.get('/api/test/private', { onRequest: app.requireParent }, async (request) => ({
        code: 200,
        msg: 'ok',
        data: { parentId: request.session?.parentId },
      }));
      app.post('/api/test/echo', async (request) => ({ code: 200, msg: 'ok', data: request.body }));
      app.get('/api/test/boom', async () => {
        throw new Error('secret internal detail');
      });
      app.get(
        '/api/test/limited',
        { config: { rateLimit: { max: 3, timeWindow: 60_000 } } },
        async () => ({
          code: 200,
          msg: 'ok',
          data: null,
        }),
      );
    },
  });
  await t.ctx.db.transaction((tx) => seedAgreements(tx, t.clock.now()));
  const [parent] = await t.ctx.db
    .insert(parents)
    .values({ user_sn: 'U-test-1', country_code: '86', mobile: '13800000001' })
    .returning();
  token = await startSession(t.ctx, parent!.id);
  const row = await t.ctx.db.execute(sql`select id from sessions order by id desc limit 1`);
  sessionId = (row as unknown as { rows: { id: number }[] }).rows[0]!.id;
});

afterAll(async () => {
  await t.close();
});

describe('health', () => {
  it('answers liveness and readiness in the envelope', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ code: 200, msg: 'ok', data: { status: 'ok' } });
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.json().data.status).toBe('ready');
  });
});

describe('envelope and errors', () => {
  it('translates the first failing field from the lang header', async () => {
    const en = await t.app.inject({
      method: 'GET',
      url: '/api/getAgreement?type=9',
      headers: { lang: 'en' },
    });
    expect(en.statusCode).toBe(400);
    expect(en.json()).toEqual({ code: 400, msg: 'Unknown agreement type.', data: null });
    const zh = await t.app.inject({
      method: 'GET',
      url: '/api/getAgreement?type=9',
      headers: { lang: 'zh_CN' },
    });
    expect(zh.json().msg).toBe('未知的协议类型。');
  });

  it('falls back to Accept-Language, then English', async () => {
    const zh = await t.app.inject({
      method: 'GET',
      url: '/api/getAgreement?type=x',
      headers: { 'accept-language': 'zh-CN,zh;q=0.9' },
    });
    expect(zh.json().msg).toBe('未知的协议类型。');
    const fallback = await t.app.inject({
      method: 'GET',
      url: '/api/getAgreement',
      headers: { lang: 'fr' },
    });
    expect(fallback.json().msg).toBe('Unknown agreement type.');
  });

  it('answers unknown API paths with a 404 envelope', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 404, data: null });
  });

  it('refuses bodies over 64 KB', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { text: 'x'.repeat(70 * 1024) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe(413);
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe(400);
  });

  it('refuses a NUL character anywhere in the query or body with 400 (found by the fuzz suite)', async () => {
    for (const request of [
      { method: 'GET' as const, url: '/api/getCoursesSchedule?keywords=a%00b' },
      { method: 'POST' as const, url: '/api/test/echo', payload: { name: 'a\u0000b' } },
      { method: 'POST' as const, url: '/api/test/echo', payload: { nested: [{ 'k\u0000': 1 }] } },
    ]) {
      const response = await t.app.inject({ ...request, headers: { lang: 'en' } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 400, msg: 'The request is not valid.', data: null });
    }
  });

  it('hides unexpected errors behind a generic message and logs them with the request id', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      code: 500,
      msg: 'Something went wrong. Please try again.',
      data: null,
    });
    expect(response.body).not.toContain('secret internal detail');
    const requestId = response.headers['x-request-id'];
    const logged = t.logLines().find((line) => line.msg === 'unexpected error');
    expect(logged?.reqId).toBe(requestId);
  });
});

describe('bearer sessions', () => {
  it('lets a live token through', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/test/private',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(200);
  });

  it.each([
    ['no header', {}],
    ['an unknown token', { authorization: `Bearer ${'x'.repeat(43)}` }],
    ['a malformed header', { authorization: 'Basic abc' }],
  ])('answers 401 / 10001 for %s', async (_name, headers) => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/private', headers });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe(10001);
  });

  it('refuses a revoked token on the very next request', async () => {
    const revocable = await startSession(t.ctx, 1);
    const before = await t.app.inject({
      method: 'GET',
      url: '/api/test/private',
      headers: { authorization: `Bearer ${revocable}` },
    });
    expect(before.statusCode).toBe(200);
    const rows = await t.ctx.db.execute(sql`select id from sessions order by id desc limit 1`);
    await endSession(t.ctx, (rows as unknown as { rows: { id: number }[] }).rows[0]!.id);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/test/private',
      headers: { authorization: `Bearer ${revocable}` },
    });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe(10001);
  });

  it('refuses an expired token (30 days)', async () => {
    const expiring = await startSession(t.ctx, 1);
    t.clock.advance(30 * 24 * 3600 * 1000 + 1000);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/test/private',
      headers: { authorization: `Bearer ${expiring}` },
    });
    expect(response.statusCode).toBe(401);
    t.clock.advance(-(30 * 24 * 3600 * 1000 + 1000));
    expect(sessionId).toBeGreaterThan(0);
  });
});

describe('security headers', () => {
  it('sends CSP, nosniff, referrer policy and no framing on API answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-(inline|eval)/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('marks personal API answers no-store and public ones cacheable', async () => {
    const personal = await t.app.inject({
      method: 'GET',
      url: '/api/test/private',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(personal.headers['cache-control']).toBe('no-store');
    const countries = await t.app.inject({ method: 'GET', url: '/api/dict/countries' });
    expect(countries.headers['cache-control']).toContain('public');
  });

  it('adds HSTS when the request came over HTTPS through a trusted proxy', async () => {
    const proxied = await buildTestApp({ env: { TRUST_PROXY: 'true' } });
    try {
      const response = await proxied.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(response.headers['strict-transport-security']).toContain('max-age=');
    } finally {
      await proxied.close();
    }
  });
});

describe('rate limiting', () => {
  it('counts in the database and answers 429 in the envelope past the limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/test/limited',
        remoteAddress: '10.9.9.9',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const limited = await t.app.inject({
      method: 'GET',
      url: '/api/test/limited',
      remoteAddress: '10.9.9.9',
      headers: { lang: 'zh_CN' },
    });
    expect(limited.json()).toEqual({ code: 429, msg: '尝试次数过多，请稍后再试。', data: null });
    // Another client is counted apart.
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/test/limited',
      remoteAddress: '10.9.9.10',
    });
    expect(other.statusCode).toBe(200);
    // Each limited route has its own window: the same client still reaches another route.
    const otherRoute = await t.app.inject({
      method: 'GET',
      url: '/api/dict/countries',
      remoteAddress: '10.9.9.9',
    });
    expect(otherRoute.statusCode).toBe(200);
    const keys = await t.ctx.db.execute(
      sql`select key from rate_limit_counters where key like '%10.9.9.9'`,
    );
    expect((keys as unknown as { rows: { key: string }[] }).rows.map((r) => r.key).sort()).toEqual([
      'http:GET:/api/dict/countries:10.9.9.9',
      'http:GET:/api/test/limited:10.9.9.9',
    ]);
  });
});

describe('logs', () => {
  it('never contain the bearer token or query values', async () => {
    await t.app.inject({
      method: 'GET',
      url: '/api/test/private',
      headers: { authorization: `Bearer ${token}` },
    });
    await t.app.inject({ method: 'GET', url: '/api/dict/countries?keywords=secretquery' });
    expect(t.logText()).not.toContain(token);
    expect(t.logText()).not.toContain('secretquery');
  });

  it('hold one line per request, with method, path, status and time', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/dict/countries?keywords=chi',
      headers: { 'x-request-id': 'one-line-per-request' },
    });
    const lines = t.logLines().filter((line) => line.reqId === 'one-line-per-request');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      msg: 'request completed',
      req: { method: 'GET', url: '/api/dict/countries' },
      res: { statusCode: response.statusCode },
    });
    expect(typeof lines[0]?.responseTime).toBe('number');
  });
});

describe('OpenAPI', () => {
  it('documents the routes from their schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.paths['/api/dict/countries']).toBeDefined();
    expect(
      doc.paths['/api/getAgreement'].get.parameters.some(
        (p: { name: string }) => p.name === 'type',
      ),
    ).toBe(true);
  });
});
