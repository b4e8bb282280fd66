import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers/app';

let t: TestApp;
let web: string;
let ops: string;

beforeAll(async () => {
  web = mkdtempSync(path.join(tmpdir(), 'portal-web-'));
  writeFileSync(path.join(web, 'index.html'), '<!doctype html><div id="root">parents</div>');
  ops = mkdtempSync(path.join(tmpdir(), 'portal-console-'));
  mkdirSync(path.join(ops, 'assets'));
  writeFileSync(path.join(ops, 'index.html'), '<!doctype html><div id="root">console</div>');
  writeFileSync(path.join(ops, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(
    path.join(ops, 'assets', 'index-abc123.js.br'),
    brotliCompressSync('console.log(1)'),
  );
  writeFileSync(path.join(ops, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await buildTestApp({ env: { WEB_DIST_DIR: web, CONSOLE_DIST_DIR: ops } });
});

afterAll(async () => {
  await t.close();
  rmSync(web, { recursive: true, force: true });
  rmSync(ops, { recursive: true, force: true });
});

describe('the console under /ops (decision 046)', () => {
  it.each(['/ops', '/ops/', '/ops/sign-in', '/ops/staff', '/ops/setup/abc-DEF_123', '/ops/x?y=1'])(
    'answers the console for %s, revalidated, with its own headers',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('console');
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self';");
      expect(csp).toContain("img-src 'self' data:;");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['x-robots-tag']).toBe('noindex, nofollow');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    },
  );

  it('sends the Brotli copy the build wrote to a browser that takes it', async () => {
    const asset = await t.app.inject({
      method: 'GET',
      url: '/ops/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('serves fingerprinted assets for a year and 404s missing files', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/ops/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect(asset.headers['referrer-policy']).toBe('no-referrer');
    const icon = await t.app.inject({ method: 'GET', url: '/ops/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
    for (const url of ['/ops/assets/gone.js', '/ops/gone.png']) {
      const missing = await t.app.inject({ method: 'GET', url });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().code).toBe(404);
    }
  });

  it('leaves the parents app and the staff API alone', async () => {
    const parents = await t.app.inject({ method: 'GET', url: '/loginPassword' });
    expect(parents.statusCode).toBe(200);
    expect(parents.body).toContain('parents');
    expect(parents.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    // A path that only starts like the console is the parents' app.
    expect((await t.app.inject({ method: 'GET', url: '/opsx' })).body).toContain('parents');
    const api = await t.app.inject({ method: 'GET', url: '/api/ops/nowhere' });
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe(404);
    expect(api.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('refuses other methods with the 404 envelope', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/ops/staff', payload: {} });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe(404);
  });
});

describe('without a console build', () => {
  it('answers /ops with the 404 envelope and still serves the API', async () => {
    const bare = await buildTestApp({ env: { CONSOLE_DIST_DIR: '/nonexistent' } });
    try {
      const response = await bare.app.inject({ method: 'GET', url: '/ops/staff' });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe(404);
      expect((await bare.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    } finally {
      await bare.close();
    }
  });
});
