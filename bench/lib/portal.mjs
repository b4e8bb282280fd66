// The built portal for the browser benchmarks (Lighthouse, return visit): the server build
// (`node apps/server/dist/server.js`, as `npm start` runs it) on a fresh embedded database with
// the demo data, serving this tree's web build or, with `--baseline-web <dir>`, an older one
// (`WEB_DIST_DIR`) beside it on a port, data directory and origin of its own.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { DEMO_PHONE, ROOT, removeDir, request, stopChild, tempDir, waitFor200 } from './common.mjs';

export const SERVER = path.join(ROOT, 'apps/server/dist/server.js');
export const WEB_DIST = path.join(ROOT, 'apps/web/dist');

/**
 * @typedef {{ token: string, status: number }} Login
 * @typedef {{ name: 'current' | 'baseline', webDist: string, base: string, login: Login,
 *   stop: () => Promise<void> }} Portal
 */

/**
 * The builds to measure: this tree's web build as `current`, and with `--baseline-web <dir>`
 * the web build in `<dir>` as `baseline` (served by the same server build).
 * @param {Record<string, string | boolean>} args
 * @param {{ current: number, baseline: number }} ports
 */
export function portalBuilds(args, ports) {
  if (!existsSync(SERVER) || !existsSync(path.join(WEB_DIST, 'index.html')))
    throw new Error('build first: npm run build');
  /** @type {{ name: 'current' | 'baseline', webDist: string, port: number }[]} */
  const builds = [{ name: 'current', webDist: WEB_DIST, port: ports.current }];
  if (args['baseline-web'] !== undefined) {
    if (typeof args['baseline-web'] !== 'string')
      throw new Error('--baseline-web needs the dist directory of an older web build');
    const webDist = path.resolve(args['baseline-web']);
    if (!existsSync(path.join(webDist, 'index.html')))
      throw new Error(`--baseline-web ${webDist}: no index.html there (a built apps/web/dist?)`);
    builds.unshift({ name: 'baseline', webDist, port: ports.baseline });
  }
  return builds;
}

/**
 * Starts the built server for one web build and signs the demo parent in on it.
 * @param {{ name: 'current' | 'baseline', webDist: string, port: number }} build
 * @returns {Promise<Portal>}
 */
export async function startPortal(build) {
  const dataDir = tempDir(`portal-${build.name}`);
  const base = `http://127.0.0.1:${build.port}`;
  const child = spawn(process.execPath, [SERVER], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(build.port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: build.webDist,
    },
  });
  const stop = async () => {
    await stopChild(child);
    removeDir(dataDir);
  };
  try {
    await waitFor200(`${base}/`);
    const res = /** @type {{ body: string }} */ (
      await request(`${base}/api/login`, { method: 'POST', body: DEMO_PHONE })
    );
    const parsed = JSON.parse(res.body);
    if (parsed.code !== 200) throw new Error(`demo sign-in failed: ${res.body}`);
    const login = { token: String(parsed.data.token), status: Number(parsed.data.status) };
    return { name: build.name, webDist: build.webDist, base, login, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * Run in the page (on the portal's origin, e.g. at `/robots.txt`): clears localStorage and, for
 * a signed-in visit, stores the session the way the web app does (`token`, `status`,
 * `userinfo`). Works with puppeteer's and Playwright's `page.evaluate(fn, arg)`.
 * @param {Login | null} info
 */
export function seedStorage(info) {
  localStorage.clear();
  if (!info) return;
  localStorage.setItem('token', info.token);
  localStorage.setItem('status', String(info.status));
  localStorage.setItem('userinfo', JSON.stringify(info));
}

/**
 * Run in the page after `seedStorage` (signed in): what the browser of a parent who has used the
 * app since decision 056 holds besides — the session cookie, which the server sets on a call
 * with the bearer session, and the zone and language the app remembers for the server (`tz`,
 * `lang`, as `rememberForServer` writes them). With them the server draws the signed-in screen
 * with the parent's data; without them it sends the pre-rendered frame.
 */
export async function seedCookies() {
  const token = localStorage.getItem('token');
  await fetch('/api/accounts', { headers: { authorization: `Bearer ${token}` } });
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  for (const [name, value] of [
    ['tz', zone],
    ['lang', 'en'],
  ])
    globalThis.document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=31536000; samesite=lax`;
  if (!globalThis.document.cookie.includes('tz=')) throw new Error('seedCookies: no tz cookie');
}
