import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInParent } from '../../../test/factories/parents';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';

/*
 * The device check's network routes (issue #24) through `inject`: a parent's session needed,
 * nothing cached, the download's size bounded and validated in the parent's language, and a
 * per-IP limit so the download cannot be used as free bandwidth.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

let ip = 0;
/** Each test from its own address: the limits count per IP and route. */
const nextIp = () => `10.77.0.${(ip += 1)}`;

describe('device check routes', () => {
  it('need a signed-in parent', async () => {
    for (const url of ['/api/deviceCheck/ping', '/api/deviceCheck/payload?kb=1']) {
      const res = await t.app.inject({ method: 'GET', url, remoteAddress: nextIp() });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 401 });
    }
  });

  it('ping answers the server clock in the envelope, never cached', async () => {
    const { headers } = await createSignedInParent(t.ctx);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/deviceCheck/ping',
      headers,
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ code: 200, msg: 'ok', data: { t: t.ctx.clock.now().getTime() } });
  });

  it('payload answers kb KiB of random bytes (256 by default), never cached', async () => {
    const { headers } = await createSignedInParent(t.ctx);
    const remoteAddress = nextIp();
    const sized = await t.app.inject({
      method: 'GET',
      url: '/api/deviceCheck/payload?kb=512',
      headers,
      remoteAddress,
    });
    expect(sized.statusCode).toBe(200);
    expect(sized.headers['content-type']).toBe('application/octet-stream');
    expect(sized.headers['cache-control']).toBe('no-store');
    expect(sized.rawPayload.length).toBe(512 * 1024);
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/deviceCheck/payload?kb=512',
      headers,
      remoteAddress,
    });
    // Random, not a fixed buffer a proxy could recognise or compress.
    expect(again.rawPayload.equals(sized.rawPayload)).toBe(false);
    const byDefault = await t.app.inject({
      method: 'GET',
      url: '/api/deviceCheck/payload',
      headers,
      remoteAddress,
    });
    expect(byDefault.rawPayload.length).toBe(256 * 1024);
  });

  it('refuses a size outside 1–1024 KiB with a translated message', async () => {
    const { headers } = await createSignedInParent(t.ctx);
    const remoteAddress = nextIp();
    for (const kb of ['0', '1025', '2.5', 'lots', '-3']) {
      const en = await t.app.inject({
        method: 'GET',
        url: `/api/deviceCheck/payload?kb=${kb}`,
        headers,
        remoteAddress,
      });
      expect({ kb, status: en.statusCode }).toEqual({ kb, status: 400 });
      expect(en.json()).toEqual({ code: 400, msg: 'Please check the field "kb".', data: null });
    }
    const zh = await t.app.inject({
      method: 'GET',
      url: '/api/deviceCheck/payload?kb=4096',
      headers: { ...headers, 'accept-language': 'zh-CN' },
      remoteAddress,
    });
    expect(zh.statusCode).toBe(400);
    expect(zh.json().msg).toBe('请检查“kb”。');
  });

  it('limits the download to 30 a minute per IP', async () => {
    const { headers } = await createSignedInParent(t.ctx);
    const remoteAddress = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/deviceCheck/payload?kb=1',
        headers,
        remoteAddress,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
    // Another address is counted apart.
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/deviceCheck/payload?kb=1',
      headers,
      remoteAddress: nextIp(),
    });
    expect(other.statusCode).toBe(200);
  });
});
