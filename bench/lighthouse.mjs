// Lighthouse (12.8, default mobile preset: emulated phone, simulated slow 4G and 4× CPU) on the
// built portal served by `node apps/server/dist/server.js`, in Debian's Chromium driven by
// puppeteer-core (a Lighthouse dependency). The sign-in page `/` is audited signed out (signed
// in it redirects); the other pages signed in as the demo parent: the token from POST /api/login
// is put in localStorage the way the app stores it, and Lighthouse is told not to clear storage.
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  DEMO_PHONE,
  PORTS,
  ROOT,
  fixed,
  log,
  removeDir,
  request,
  stopChild,
  table,
  tempDir,
  waitFor200,
} from './lib/common.mjs';

export const TARGETS = { performance: 95, accessibility: 95 };
export const PAGES = [
  { path: '/', signedIn: false },
  { path: '/home/children/AttendClassNow', signedIn: true },
  { path: '/index', signedIn: true },
  { path: '/recharge', signedIn: true },
];

/** @param {Record<string, string | boolean>} args */
export async function run(args) {
  const server = path.join(ROOT, 'apps/server/dist/server.js');
  if (!existsSync(server) || !existsSync(path.join(ROOT, 'apps/web/dist/index.html')))
    throw new Error('build first: npm run build');
  const dataDir = tempDir('lighthouse');
  const base = `http://127.0.0.1:${PORTS.lighthouse}`;
  const child = spawn(process.execPath, [server], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(PORTS.lighthouse),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
  });
  /** @type {import('puppeteer-core').Browser | undefined} */
  let browser;
  try {
    browser = await puppeteer.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: CHROMIUM_ARGS,
    });
    await waitFor200(`${base}/`);
    const login = JSON.parse(
      /** @type {{ body: string }} */ (
        await request(`${base}/api/login`, { method: 'POST', body: DEMO_PHONE })
      ).body,
    ).data;
    const rows = [];
    // `--pages /,/index` audits only those pages.
    const only = typeof args.pages === 'string' ? args.pages.split(',') : undefined;
    for (const target of PAGES.filter((page) => !only || only.includes(page.path))) {
      // Each page in a context of its own: a first visit with a cold HTTP cache, not one warmed
      // by the pages audited before it.
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      // Same origin first, so localStorage belongs to the portal.
      await page.goto(`${base}/robots.txt`);
      await page.evaluate(
        (/** @type {{ token: string, status: number } | null} */ info) => {
          localStorage.clear();
          if (!info) return;
          localStorage.setItem('token', info.token);
          localStorage.setItem('status', String(info.status));
          localStorage.setItem('userinfo', JSON.stringify(info));
        },
        target.signedIn ? { token: login.token, status: login.status } : null,
      );
      log(`lighthouse: ${target.path}`);
      const result = await lighthouse(
        `${base}${target.path}`,
        {
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
          disableStorageReset: true,
        },
        undefined,
        page,
      );
      await context.close();
      const lhr = /** @type {NonNullable<typeof result>} */ (result).lhr;
      const audit = (/** @type {string} */ id) => lhr.audits[id]?.numericValue ?? NaN;
      const failing = (lhr.categories.accessibility.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => ref.id);
      rows.push({
        path: target.path,
        signedIn: target.signedIn,
        finalUrl: lhr.finalDisplayedUrl,
        performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
        accessibility: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
        lcpMs: audit('largest-contentful-paint'),
        tbtMs: audit('total-blocking-time'),
        cls: audit('cumulative-layout-shift'),
        fcpMs: audit('first-contentful-paint'),
        failingAccessibilityAudits: failing,
        runWarnings: lhr.runWarnings,
      });
      // `--reports <dir>` keeps each page's whole Lighthouse report (JSON) for a closer look.
      if (typeof args.reports === 'string') {
        mkdirSync(args.reports, { recursive: true });
        const name = target.path === '/' ? 'sign-in' : target.path.split('/').at(-1);
        writeFileSync(path.join(args.reports, `${name}.json`), JSON.stringify(lhr));
      }
    }
    return { targets: TARGETS, lighthouse: '12.8', preset: 'mobile (default config)', rows };
  } finally {
    await browser?.close();
    await stopChild(child);
    removeDir(dataDir);
  }
}

/** @param {Awaited<ReturnType<typeof run>>} result */
export function render(result) {
  return table(
    ['page', 'signed in', 'Performance', 'Accessibility', 'LCP ms', 'TBT ms', 'CLS', 'target'],
    result.rows.map((row) => [
      row.path,
      row.signedIn ? 'yes' : 'no',
      row.performance,
      row.accessibility,
      fixed(row.lcpMs, 0),
      fixed(row.tbtMs, 0),
      fixed(row.cls, 3),
      row.performance >= result.targets.performance &&
      row.accessibility >= result.targets.accessibility
        ? 'met'
        : 'missed',
    ]),
  );
}
