import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInParent } from '../../test/factories/parents';
import { buildTestApp, type TestApp } from '../../test/helpers/app';
import { SESSION_COOKIE } from './auth';
import { shellFile } from '@portal/shared/api';

/**
 * The server draws the signed-in screens with the parent's data (decision 056), through
 * `inject`. The web build's server module is stood in for by one that draws what the API
 * answered it (the real one is tested in apps/web: app/shell/draw-screen.test.tsx).
 */
const DRAWING_MODULE = `
const SHELL_PAGES = [{ path: '/' }, { path: '/home/children/AttendClassNow', prefetch: true }];
async function drawScreen(language, page, url, zone, answer) {
  const profile = await (await answer('/api/user/profile?time_diff=480')).json();
  if (profile.code !== 200) return undefined;
  return {
    markup: '<p>' + profile.data.name + ' ' + language + ' ' + zone.name + ' ' + url.pathname + '</p>',
    state: { name: profile.data.name, text: '</script><!--' },
    timeDiff: zone.offsetAt(new Date()),
  };
}
export const drawing = { SHELL_PAGES, drawScreen };
`;
const FRAME = '<h1>Upcoming lessons</h1>';
const frameHtml = (language: string) =>
  `<!doctype html><div id="root" data-shell="${language}" data-session><!--screen-->${FRAME}<!--/screen--></div><script>window.start=1;</script>`;

let t: TestApp;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'portal-drawn-'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  for (const language of ['en', 'zh_CN'] as const) {
    mkdirSync(path.join(dist, 'shell', language), { recursive: true });
    for (const page of ['/', '/home/children/AttendClassNow'])
      writeFileSync(path.join(dist, shellFile(language, page)), frameHtml(language));
  }
  mkdirSync(path.join(dist, 'server'));
  writeFileSync(path.join(dist, 'server', 'render.js'), DRAWING_MODULE);
  t = await buildTestApp({ env: { WEB_DIST_DIR: dist } });
});

afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const SHANGHAI = 'tz=Asia%2FShanghai';

function openScreen(cookie: string, url = '/home/children/AttendClassNow', lang = 'en') {
  return t.app.inject({ method: 'GET', url, headers: { cookie, lang } });
}

describe("the session's cookie (decision 056)", () => {
  it('follows the bearer session of a private call: HttpOnly, SameSite=Lax, the whole site', async () => {
    const { token, headers } = await createSignedInParent(t.ctx, { name: 'Ann' });
    const first = await t.app.inject({ method: 'GET', url: '/api/students', headers });
    expect(first.statusCode).toBe(200);
    const cookie = first.cookies.find((one) => one.name === SESSION_COOKIE);
    expect(cookie).toMatchObject({ value: token, httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();

    // Already the session's: not sent again.
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/students',
      headers: { ...headers, cookie: `${SESSION_COOKIE}=${token}` },
    });
    expect(again.cookies).toEqual([]);
  });

  it('is Secure when the site is served over HTTPS (behind the load balancer)', async () => {
    const proxied = await buildTestApp({ env: { TRUST_PROXY: 'true' } });
    try {
      const { headers } = await createSignedInParent(proxied.ctx);
      const response = await proxied.app.inject({
        method: 'GET',
        url: '/api/students',
        headers: { ...headers, 'x-forwarded-proto': 'https' },
      });
      expect(response.cookies.find((one) => one.name === SESSION_COOKIE)?.secure).toBe(true);
    } finally {
      await proxied.close();
    }
  });

  it('is not set by a refused call nor by a call without a session', async () => {
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/students',
      headers: { authorization: 'Bearer not-a-session-token-at-all-0123456789' },
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.cookies).toEqual([]);
    const open = await t.app.inject({ method: 'GET', url: '/api/dict/country' });
    expect(open.cookies).toEqual([]);
  });

  it('opens no API call: the API reads the bearer token only', async () => {
    const { token } = await createSignedInParent(t.ctx);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/students',
      headers: { cookie: `${SESSION_COOKIE}=${token}` },
    });
    expect(response.statusCode).toBe(401);
  });

  it('is forgotten when the parent signs out', async () => {
    const { headers } = await createSignedInParent(t.ctx);
    const response = await t.app.inject({ method: 'POST', url: '/api/user/logout', headers });
    expect(response.statusCode).toBe(200);
    const cleared = response.cookies.filter((one) => one.name === SESSION_COOKIE);
    expect(cleared).toHaveLength(1);
    expect(cleared[0]?.value).toBe('');
    expect(new Date(cleared[0]!.expires!).getTime()).toBeLessThan(Date.now());
  });
});

describe('a signed-in screen drawn with the parent’s data (decision 056)', () => {
  it("is the session's parent's, in the request's language and the remembered zone, never stored", async () => {
    const { token } = await createSignedInParent(t.ctx, { name: 'Bella' });
    const response = await openScreen(
      `${SESSION_COOKIE}=${token}; ${SHANGHAI}`,
      undefined,
      'zh_CN',
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-security-policy']).toContain("script-src 'self' 'sha256-");
    expect(response.body).toContain(
      '<div id="root" data-drawn data-time-diff="480" data-shell="zh_CN" data-session>',
    );
    expect(response.body).toContain(
      '<p>Bella zh_CN Asia/Shanghai /home/children/AttendClassNow</p>',
    );
    expect(response.body).not.toContain(FRAME);
    // The answers, where no `</script>` or comment can be formed from them.
    const state = /<script type="application\/json" id="drawn-state">(.*?)<\/script>/.exec(
      response.body,
    );
    expect(JSON.parse(state![1]!)).toEqual({ name: 'Bella', text: '</script><!--' });
    expect(state![1]).not.toContain('<');
    expect(t.logText()).not.toContain(token);
  });

  it("is drawn in the app's remembered language rather than the browser's", async () => {
    const { token } = await createSignedInParent(t.ctx, { name: 'Gwen' });
    const response = await t.app.inject({
      method: 'GET',
      url: '/home/children/AttendClassNow',
      headers: {
        cookie: `${SESSION_COOKIE}=${token}; ${SHANGHAI}; lang=zh_CN`,
        'accept-language': 'en-US,en;q=0.9',
      },
    });
    expect(response.body).toContain('<p>Gwen zh_CN Asia/Shanghai');
    expect(response.body).toContain('data-shell="zh_CN"');
  });

  it("draws each family's own data only", async () => {
    const cara = await createSignedInParent(t.ctx, { name: 'Cara' });
    const dora = await createSignedInParent(t.ctx, { name: 'Dora' });
    const [forCara, forDora] = await Promise.all([
      openScreen(`${SESSION_COOKIE}=${cara.token}; ${SHANGHAI}`),
      openScreen(`${SESSION_COOKIE}=${dora.token}; ${SHANGHAI}`),
    ]);
    expect(forCara.body).toContain('<p>Cara en');
    expect(forCara.body).not.toContain('Dora');
    expect(forDora.body).toContain('<p>Dora en');
    expect(forDora.body).not.toContain('Cara');
  });

  it.each([
    ['no session cookie', SHANGHAI],
    ['an ended session', `${SESSION_COOKIE}=not-a-session-token-at-all-0123456789; ${SHANGHAI}`],
    ['no zone', 'SESSION'],
    ['a zone this server does not know', 'SESSION; tz=Mars%2FOlympus'],
    ['a zone that is not a name', 'SESSION; tz=..%2F..%2Fetc'],
  ])('is the frame as built with %s', async (_case, cookie) => {
    const { token } = await createSignedInParent(t.ctx, { name: 'Erin' });
    const response = await openScreen(cookie.replace('SESSION', `${SESSION_COOKIE}=${token}`));
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(FRAME);
    expect(response.body).not.toContain('Erin');
    expect(response.body).not.toContain('data-drawn');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('is only drawn for the signed-in screens: the sign-in page stays the built one', async () => {
    const { token } = await createSignedInParent(t.ctx, { name: 'Fay' });
    const response = await openScreen(`${SESSION_COOKIE}=${token}; ${SHANGHAI}`, '/');
    expect(response.body).toContain(FRAME);
    expect(response.body).not.toContain('Fay');
  });

  it("never sends the build's server module", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/server/render.js' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('drawScreen');
  });
});
