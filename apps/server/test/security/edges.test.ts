import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findParentById } from '../../src/modules/parents/parents.service';
import { createParent, createSignedInParent } from '../factories/parents';
import { buildTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await buildTestApp({ env: { LOG_LEVEL: 'fatal' } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(() => t.close());

/** One raw HTTP/1.1 exchange, for what `inject` cannot send (a malformed URL, huge headers). */
function raw(request: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
      resolve({ status, headers: head, body: rest.join('\r\n\r\n') });
    });
    socket.write(request);
  });
}

describe('every /api answer is the envelope, parser errors included (issue #18 item 9)', () => {
  it.each([
    ['a malformed URL', 'GET /api/account-logs/creditPC%zz HTTP/1.1', 400],
    ['an oversized header', `GET /api/health HTTP/1.1\r\nx-big: ${'a'.repeat(20_000)}`, 431],
  ])('%s', async (_name, requestLine, status) => {
    const res = await raw(
      `${requestLine}\r\nHost: localhost\r\nlang: zh_CN\r\nConnection: close\r\n\r\n`,
    );
    expect(res.status).toBe(status);
    expect(res.headers).toMatch(/content-type: application\/json/i);
    const body = JSON.parse(res.body) as { code: number; msg: string; data: unknown };
    expect(body).toEqual({ code: expect.any(Number), msg: expect.any(String), data: null });
    expect(body.code).toBe(status);
    // The router's refusal reads the language header; the parser's comes before any header.
    if (status === 400) expect(body.msg).toBe('请求无效。');
    else expect(body.msg).toBe('The request headers are too large.');
  });

  it.each([
    ['bad JSON', '{"country_code":', 'application/json'],
    ['an unknown content type', 'country_code=86', 'application/x-www-form-urlencoded'],
    ['an empty JSON body', '', 'application/json'],
  ])('%s answers the envelope in the request language', async (_name, payload, type) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': type, lang: 'zh_CN' },
      payload,
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json()).toEqual({ code: expect.any(Number), msg: expect.any(String), data: null });
    expect(res.json<{ msg: string }>().msg).toMatch(/[\u4e00-\u9fff]/);
  });
});

describe('the bearer scheme is case-insensitive (issue #18 item 10, RFC 9110 §11.1)', () => {
  it.each(['Bearer', 'bearer', 'BEARER', 'BeArEr'])(
    '%s <token> opens a private route',
    async (scheme) => {
      const { token } = await createSignedInParent(t.ctx);
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/user/profile',
        headers: { authorization: `${scheme} ${token}` },
      });
      expect(res.statusCode).toBe(200);
    },
  );

  it.each(['Basic', 'Bearer', 'Bearerx'])(
    '"%s" without a valid token is 401 / 10001',
    async (scheme) => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/user/profile',
        headers: { authorization: `${scheme} not-a-token` },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 10001 });
    },
  );
});

describe('sign-in keeps only real zone names (issue #18 item 8)', () => {
  it.each([
    ['<script>alert(1)</script>', 'Asia/Shanghai'],
    ['Invalid/Zone', 'Asia/Shanghai'],
    ['+08:00', 'Asia/Shanghai'],
    ['x'.repeat(300), 'Asia/Shanghai'],
    ['Europe/Berlin', 'Europe/Berlin'],
    ['america/new_york', 'America/New_York'],
  ])('time_zone %j leaves the profile at %s', async (timeZone, stored) => {
    const parent = await createParent(t.ctx, { time_zone: 'Asia/Shanghai' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: `10.8.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
      payload: {
        country_code: parent.country_code,
        mobile: parent.mobile,
        password: parent.password,
        time_zone: timeZone,
      },
    });
    expect(res.json()).toMatchObject({ code: 200 });
    expect((await findParentById(t.ctx.db, parent.id))?.time_zone).toBe(stored);
  });
});
