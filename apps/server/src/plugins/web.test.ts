import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Language } from '@portal/shared/i18n';
import { buildTestApp, type TestApp } from '../../test/helpers/app';
import { shellFile } from '@portal/shared/api';

let t: TestApp;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'portal-web-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><title>app</title><div id="root"></div>',
  );
  writeFileSync(path.join(dist, 'assets', 'main-abc123.js'), 'console.log(1)');
  t = await buildTestApp({ env: { WEB_DIST_DIR: dist } });
});

afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('web app serving', () => {
  it.each(['/', '/loginPassword', '/home/children/AttendClassNow', '/no/such/page'])(
    'answers the app for %s, revalidated, with security headers',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    },
  );

  it('serves fingerprinted assets for a year and 404s missing ones', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/main-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await t.app.inject({ method: 'GET', url: '/assets/gone.js' })).statusCode).toBe(404);
  });

  it('never answers the app for API paths', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/unknown' });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe(404);
  });
});

describe('the pre-rendered pages (decisions 026 and 052)', () => {
  let shellApp: TestApp;
  let shellDist: string;
  const script = (language: string, page: string) =>
    `window.shell=${JSON.stringify(`${language}${page}`)};`;
  const appScript = 'window.early=1;';
  const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
  const shellHtml = (language: string, page: string, body = script(language, page)) =>
    `<!doctype html><div id="root" data-shell="${language}"></div><script>${body}</script>`;

  beforeAll(async () => {
    shellDist = mkdtempSync(path.join(tmpdir(), 'portal-shell-'));
    writeFileSync(
      path.join(shellDist, 'index.html'),
      `<!doctype html><div id="root"></div><script>${appScript}</script>`,
    );
    for (const language of ['en', 'zh_CN']) {
      mkdirSync(path.join(shellDist, 'shell', language), { recursive: true });
      for (const page of ['/', '/index'])
        writeFileSync(
          path.join(shellDist, shellFile(language as Language, page)),
          shellHtml(language, page),
        );
    }
    shellApp = await buildTestApp({ env: { WEB_DIST_DIR: shellDist } });
  });

  afterAll(async () => {
    await shellApp.close();
    rmSync(shellDist, { recursive: true, force: true });
  });

  it.each([
    ['/', {}, 'en'],
    ['/', { 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8' }, 'zh_CN'],
    ['/', { 'accept-language': 'fr-FR,en;q=0.5' }, 'en'],
    ['/', { lang: 'zh_CN', 'accept-language': 'en-US' }, 'zh_CN'],
    ['/index', { 'accept-language': 'zh-CN' }, 'zh_CN'],
    ['/index?tab=course', {}, 'en'],
  ])(
    'answers %s with %j in %s, its inline script allowed by hash alone',
    async (url, headers, language) => {
      const page = url.split('?')[0]!;
      const response = await shellApp.app.inject({ method: 'GET', url, headers });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain(`data-shell="${language}"`);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers.vary).toContain('accept-language');
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain(`script-src 'self' ${sha(script(language, page))};`);
      expect(csp).not.toContain(sha(script(language === 'en' ? 'zh_CN' : 'en', page)));
      expect(csp).toContain("frame-ancestors 'none'");
    },
  );

  it('follows a build written while the server runs: the CSP matches the page it sends', async () => {
    const file = path.join(shellDist, shellFile('en', '/'));
    const changed = 'window.shell="rebuilt";';
    writeFileSync(file, shellHtml('en', '/', changed));
    // A later modification time, as a new build's file has.
    utimesSync(file, new Date(), new Date(Date.now() + 5000));
    const response = await shellApp.app.inject({ method: 'GET', url: '/' });
    expect(response.body).toContain(changed);
    expect(String(response.headers['content-security-policy'])).toContain(sha(changed));
    writeFileSync(file, shellHtml('en', '/'));
    utimesSync(file, new Date(), new Date(Date.now() + 10000));
  });

  it.each(['/loginPassword', '/home/children/Information', '/index.html'])(
    'answers %s with index.html, its own script allowed by hash',
    async (url) => {
      const response = await shellApp.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain('data-shell');
      expect(response.body).toContain(appScript);
      expect(response.headers['content-security-policy']).toContain(
        `script-src 'self' ${sha(appScript)};`,
      );
    },
  );

  it('does not serve the pre-rendered files under their own path', async () => {
    for (const url of ['/shell/en/_.html', '/shell/en/_index.html']) {
      const response = await shellApp.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
    }
  });
});
