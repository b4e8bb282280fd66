// Lighthouse (12.8, default mobile preset: emulated phone, simulated slow 4G and 4× CPU) on the
// built portal served by `node apps/server/dist/server.js`, in Debian's Chromium driven by
// puppeteer-core (a Lighthouse dependency). The sign-in page `/` is audited signed out (signed
// in it redirects); the other pages signed in as the demo parent: the token from POST /api/login
// is put in localStorage the way the app stores it, and Lighthouse is told not to clear storage.
// `lighthouse-drawn` (bench/run.mjs) gives the signed-in pages the cookies a parent's browser has
// once the app ran there (session, zone, language: bench/lib/portal.mjs `seedCookies`), so the
// server draws the screen with the parent's data (decision 056); without them, the frame.
//
// Every audit is a cold first visit in a browser context of its own, made once the machine is
// quiet (1-minute load average < 1, or marked `loaded` when the wait runs out); `--rounds N`
// rounds, each with the pages in another order; medians and spreads per page; failed audits
// (a Lighthouse runtime error, no performance score, no LCP) are retried once and then reported
// as failures, never as a score. `--baseline-web <dir>` audits an older web build side by side.
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PORTS, fixed, log, pickPages, table } from './lib/common.mjs';
import { portalBuilds, seedCookies, seedStorage, startPortal } from './lib/portal.mjs';
import {
  QUIET_LOAD,
  loadAverage,
  loadedNote,
  median,
  medianIndex,
  rotate,
  roundOptions,
  spread,
  waitForQuiet,
} from './lib/quiet.mjs';

export const TARGETS = { performance: 95, accessibility: 100, lcpMs: 2000, tbtMs: 200, cls: 0.02 };
export const PAGES = [
  { path: '/', signedIn: false },
  { path: '/home/children/AttendClassNow', signedIn: true },
  { path: '/index', signedIn: true },
  { path: '/recharge', signedIn: true },
];

/** The five figures judged against TARGETS, as the table names them. */
const JUDGED = /** @type {const} */ ([
  ['performance', 'Performance', (/** @type {number} */ v) => v >= TARGETS.performance],
  ['accessibility', 'Accessibility', (/** @type {number} */ v) => v >= TARGETS.accessibility],
  ['lcpMs', 'LCP', (/** @type {number} */ v) => v <= TARGETS.lcpMs],
  ['tbtMs', 'TBT', (/** @type {number} */ v) => v <= TARGETS.tbtMs],
  ['cls', 'CLS', (/** @type {number} */ v) => v <= TARGETS.cls],
]);
/** @typedef {'performance' | 'accessibility' | 'lcpMs' | 'tbtMs' | 'cls' | 'fcpMs'} Metric */

/**
 * @typedef {import('lighthouse').Result} Lhr
 * @typedef {{ code: string, message: string }} AuditError
 * @typedef {{
 *   element?: { snippet: string, selector: string, label: string },
 *   phases?: Record<string, number>, phasesSource?: string,
 *   observedPhases?: Record<string, number>,
 *   mainThread: { group: string, ms: number }[], mainThreadTotalMs: number,
 *   scripts: { url: string, scriptingMs: number, totalMs: number }[],
 *   requestsBeforeLcp?: { count: number, transferBytes: number },
 * }} Breakdown
 * @typedef {{
 *   path: string, signedIn: boolean, build: string, round: number, position: number,
 *   attempts: number, waitedS: number, loaded: boolean, load: number[], loadAfter: number[],
 *   ok: boolean, error?: AuditError, firstError?: AuditError, finalUrl?: string,
 *   performance?: number, accessibility?: number, lcpMs?: number, tbtMs?: number, cls?: number,
 *   fcpMs?: number, failingAccessibilityAudits?: string[], runWarnings?: string[],
 * }} AuditRecord
 */

/** @param {string} url the path part only, for compact tables. */
const shortUrl = (url) => {
  try {
    const parsed = new URL(url);
    return parsed.pathname + parsed.search;
  } catch {
    return url;
  }
};

/**
 * Why an audit cannot be used, or undefined when it can.
 * @param {Lhr} lhr
 * @returns {AuditError | undefined}
 */
function failureOf(lhr) {
  if (lhr.runtimeError) return { code: lhr.runtimeError.code, message: lhr.runtimeError.message };
  const lcp = lhr.audits['largest-contentful-paint'];
  if (lhr.categories.performance?.score == null)
    return {
      code: 'NO_PERFORMANCE_SCORE',
      message: `performance score is null${lcp?.errorMessage ? ` (LCP: ${lcp.errorMessage})` : ''}`,
    };
  if (typeof lcp?.numericValue !== 'number' || !Number.isFinite(lcp.numericValue))
    return { code: 'NO_LCP', message: `no LCP${lcp?.errorMessage ? `: ${lcp.errorMessage}` : ''}` };
  return undefined;
}

/** @param {unknown} details @returns {any[]} the items of a Lighthouse table or list. */
const itemsOf = (details) => /** @type {{ items?: any[] } | undefined} */ (details)?.items ?? [];

const PHASE_KEYS = /** @type {Record<string, string>} */ ({
  TTFB: 'ttfb',
  'Load Delay': 'loadDelay',
  'Load Time': 'loadDuration',
  'Render Delay': 'renderDelay',
  timeToFirstByte: 'ttfb',
  resourceLoadDelay: 'loadDelay',
  resourceLoadDuration: 'loadDuration',
  elementRenderDelay: 'renderDelay',
});

/**
 * Where an audit's time went: the LCP element and its phases, the main thread's work by group,
 * the scripts that ran longest, and the requests started before LCP.
 * @param {Lhr} lhr
 * @returns {Breakdown}
 */
export function breakdownOf(lhr) {
  /** @type {Breakdown} */
  const out = { mainThread: [], mainThreadTotalMs: NaN, scripts: [] };
  // largest-contentful-paint-element: [element table, phase table]; its phases are scaled to the
  // (simulated) LCP the score uses. lcp-breakdown-insight: the trace engine's subparts of the
  // observed (unthrottled) load, and the element again.
  for (const table of itemsOf(lhr.audits['largest-contentful-paint-element']?.details)) {
    for (const item of itemsOf(table)) {
      if (item.node && !out.element)
        out.element = {
          snippet: item.node.snippet ?? '',
          selector: item.node.selector ?? '',
          label: item.node.nodeLabel ?? '',
        };
      if (typeof item.phase === 'string' && typeof item.timing === 'number') {
        out.phases ??= {};
        out.phasesSource = 'largest-contentful-paint-element (scaled to the simulated LCP)';
        out.phases[PHASE_KEYS[item.phase] ?? item.phase] = item.timing;
      }
    }
  }
  for (const part of itemsOf(lhr.audits['lcp-breakdown-insight']?.details)) {
    if (part?.type === 'node' && !out.element)
      out.element = {
        snippet: part.snippet ?? '',
        selector: part.selector ?? '',
        label: part.nodeLabel ?? '',
      };
    for (const item of itemsOf(part)) {
      if (typeof item.subpart === 'string' && typeof item.duration === 'number') {
        out.observedPhases ??= {};
        out.observedPhases[PHASE_KEYS[item.subpart] ?? item.subpart] = item.duration;
      }
    }
  }
  if (!out.phases && out.observedPhases) {
    out.phases = out.observedPhases;
    out.phasesSource = 'lcp-breakdown-insight (observed, unthrottled)';
  }
  const mainThread = lhr.audits['mainthread-work-breakdown'];
  out.mainThreadTotalMs = mainThread?.numericValue ?? NaN;
  out.mainThread = itemsOf(mainThread?.details)
    .map((item) => ({ group: String(item.groupLabel ?? item.group), ms: Number(item.duration) }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 4);
  out.scripts = itemsOf(lhr.audits['bootup-time']?.details)
    .map((item) => ({
      url: shortUrl(String(item.url)),
      scriptingMs: Number(item.scripting),
      totalMs: Number(item.total),
    }))
    .sort((a, b) => b.scriptingMs - a.scriptingMs)
    .slice(0, 3);
  // network-requests times are ms after the first request (debugData.networkStartTimeTs, µs);
  // the metrics audit has the observed LCP's timestamp (µs). Both are of the unthrottled load.
  const requests = lhr.audits['network-requests']?.details;
  const startTs = /** @type {{ debugData?: { networkStartTimeTs?: number } }} */ (requests)
    ?.debugData?.networkStartTimeTs;
  const lcpTs = itemsOf(lhr.audits.metrics?.details)[0]?.observedLargestContentfulPaintTs;
  if (typeof startTs === 'number' && typeof lcpTs === 'number') {
    const before = itemsOf(requests).filter(
      (item) =>
        typeof item.networkRequestTime === 'number' &&
        startTs / 1000 + item.networkRequestTime < lcpTs / 1000,
    );
    out.requestsBeforeLcp = {
      count: before.length,
      transferBytes: before.reduce((sum, item) => sum + (Number(item.transferSize) || 0), 0),
    };
  }
  return out;
}

/**
 * One Lighthouse audit of one page on one build, in a browser context of its own.
 * @param {import('puppeteer-core').Browser} browser
 * @param {import('./lib/portal.mjs').Portal} portal
 * @param {{ path: string, signedIn: boolean }} target
 * @param {(lhr: Lhr, artifacts: unknown) => void} keep
 * @param {boolean} cookies
 * @returns {Promise<{ lhr?: Lhr, error?: AuditError }>}
 */
async function auditOnce(browser, portal, target, keep, cookies) {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    // Same origin first, so localStorage belongs to the portal.
    await page.goto(`${portal.base}/robots.txt`);
    await page.evaluate(seedStorage, target.signedIn ? portal.login : null);
    if (cookies && target.signedIn) await page.evaluate(seedCookies);
    const result = await lighthouse(
      `${portal.base}${target.path}`,
      {
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        disableStorageReset: true,
      },
      undefined,
      page,
    );
    if (!result) return { error: { code: 'NO_RESULT', message: 'Lighthouse returned nothing' } };
    keep(result.lhr, result.artifacts);
    const error = failureOf(result.lhr);
    return error ? { lhr: result.lhr, error } : { lhr: result.lhr };
  } catch (error) {
    const err = /** @type {Error & { code?: string }} */ (error);
    return { error: { code: err.code ?? 'EXCEPTION', message: err.message } };
  } finally {
    await context.close().catch(() => {});
  }
}

/** @param {Record<string, string | boolean>} args */
export async function run(args) {
  const { rounds, quietWaitS } = roundOptions(args);
  const cookies = args.cookies === true; // set by `lighthouse-drawn` (bench/run.mjs)
  const pages = pickPages(args, PAGES);
  const builds = portalBuilds(args, {
    current: PORTS.lighthouse,
    baseline: PORTS.lighthouseBaseline,
  });
  const dirFlag = (/** @type {string} */ name) => {
    const dir = args[name];
    if (typeof dir !== 'string') return undefined;
    mkdirSync(dir, { recursive: true });
    return dir;
  };
  // `--reports <dir>` keeps each audit's whole Lighthouse report (JSON), `--traces <dir>` its
  // devtools trace (open in Chrome DevTools' Performance panel), for a closer look.
  const reportsDir = dirFlag('reports');
  const tracesDir = dirFlag('traces');
  /** @type {import('./lib/portal.mjs').Portal[]} */
  const portals = [];
  /** @type {import('puppeteer-core').Browser | undefined} */
  let browser;
  /** @type {AuditRecord[]} */
  const audits = [];
  /** Breakdown of every usable audit, by its index in `audits` (only some reach the result). */
  const breakdowns = new Map();
  let lighthouseVersion = '12.8';
  try {
    for (const build of builds) portals.push(await startPortal(build));
    browser = await puppeteer.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: CHROMIUM_ARGS,
    });
    for (let round = 0; round < rounds; round += 1) {
      const order = rotate(pages, round);
      for (const [position, target] of order.entries()) {
        // With a baseline, each page on both builds, which one first alternating.
        const pair = (round + position) % 2 === 1 ? [...portals].reverse() : portals;
        for (const portal of pair) {
          const what = `lighthouse ${round + 1}/${rounds} ${target.path} (${portal.name})`;
          /** @type {AuditRecord} */
          let record = /** @type {any} */ (undefined);
          /** @type {Lhr | undefined} */
          let lhr;
          for (let attempt = 1; attempt <= 2; attempt += 1) {
            const quiet = await waitForQuiet(quietWaitS, what);
            log(`${what}${attempt > 1 ? ' (retry)' : ''}: load ${quiet.load[0]}`);
            const name = `${target.path === '/' ? 'sign-in' : target.path.split('/').at(-1)}-${portal.name}-r${round + 1}-a${attempt}`;
            const outcome = await auditOnce(
              browser,
              portal,
              target,
              (result, artifacts) => {
                lighthouseVersion = result.lighthouseVersion;
                if (reportsDir)
                  writeFileSync(path.join(reportsDir, `${name}.json`), JSON.stringify(result));
                const trace = /** @type {{ Trace?: unknown }} */ (artifacts)?.Trace;
                if (tracesDir && trace)
                  writeFileSync(path.join(tracesDir, `${name}.trace.json`), JSON.stringify(trace));
              },
              cookies,
            );
            const previous = record;
            record = {
              path: target.path,
              signedIn: target.signedIn,
              build: portal.name,
              round: round + 1,
              position: position + 1,
              attempts: attempt,
              waitedS: Math.round(quiet.waitedS),
              loaded: quiet.loaded,
              load: quiet.load,
              loadAfter: loadAverage(),
              ok: !outcome.error,
              ...(outcome.error ? { error: outcome.error } : {}),
              ...(previous?.error ? { firstError: previous.error } : {}),
            };
            lhr = outcome.lhr;
            if (!outcome.error) break;
            log(`${what}: failed, ${outcome.error.code}: ${outcome.error.message}`);
          }
          if (record.ok && lhr) {
            const numeric = (/** @type {string} */ id) => lhr?.audits[id]?.numericValue ?? NaN;
            const score = (/** @type {number | null | undefined} */ s) =>
              s == null ? NaN : Math.round(s * 100);
            Object.assign(record, {
              finalUrl: lhr.finalDisplayedUrl,
              performance: score(lhr.categories.performance?.score),
              accessibility: score(lhr.categories.accessibility?.score),
              lcpMs: numeric('largest-contentful-paint'),
              tbtMs: numeric('total-blocking-time'),
              cls: numeric('cumulative-layout-shift'),
              fcpMs: numeric('first-contentful-paint'),
              failingAccessibilityAudits: (lhr.categories.accessibility?.auditRefs ?? [])
                .filter((ref) => ref.weight > 0 && (lhr?.audits[ref.id]?.score ?? 1) < 1)
                .map((ref) => ref.id),
              runWarnings: lhr.runWarnings,
            });
            breakdowns.set(audits.length, breakdownOf(lhr));
          }
          audits.push(record);
        }
      }
    }
  } finally {
    await browser?.close();
    for (const portal of portals) await portal.stop();
  }
  const rows = [];
  for (const target of pages) {
    for (const portal of builds) {
      const mine = audits
        .map((audit, index) => ({ audit, index }))
        .filter(({ audit }) => audit.path === target.path && audit.build === portal.name);
      const ok = mine.filter(({ audit }) => audit.ok);
      const values = (/** @type {Metric} */ key) => ok.map(({ audit }) => audit[key] ?? NaN);
      const medians = {
        performance: median(values('performance')),
        accessibility: median(values('accessibility')),
        lcpMs: median(values('lcpMs')),
        tbtMs: median(values('tbtMs')),
        cls: median(values('cls')),
        fcpMs: median(values('fcpMs')),
      };
      const missed = ok.length
        ? JUDGED.filter(([key, , pass]) => !pass(medians[key])).map(([, label]) => label)
        : [];
      const row = {
        path: target.path,
        signedIn: target.signedIn,
        build: portal.name,
        audits: mine.length,
        ok: ok.length,
        loaded: mine.some(({ audit }) => audit.loaded),
        ...medians,
        performanceSpread: spread(values('performance')),
        lcpSpread: spread(values('lcpMs')),
        met: ok.length > 0 && missed.length === 0,
        missed,
        failingAccessibilityAudits: [
          ...new Set(ok.flatMap(({ audit }) => audit.failingAccessibilityAudits ?? [])),
        ],
      };
      // Where the time goes, from the run whose LCP is the median's, for pages missing a target.
      const medianRun = ok[medianIndex(values('lcpMs'))];
      rows.push(
        missed.length > 0 && medianRun
          ? {
              ...row,
              breakdown: {
                round: medianRun.audit.round,
                lcpMs: medianRun.audit.lcpMs,
                ...breakdowns.get(medianRun.index),
              },
            }
          : row,
      );
    }
  }
  return {
    targets: TARGETS,
    lighthouse: lighthouseVersion,
    preset: 'mobile (default config)',
    settings: {
      rounds,
      quietWaitS,
      quietLoad: QUIET_LOAD,
      pages: pages.map((page) => page.path),
      builds: builds.map(({ name, webDist }) => ({ name, webDist })),
      cookies,
    },
    loaded: audits.some((audit) => audit.loaded),
    rows,
    failures: audits.filter((audit) => !audit.ok),
    audits,
  };
}

/** @typedef {Awaited<ReturnType<typeof run>>} LighthouseResult */

/** "82 (80–84)": median and spread. @param {number} mid @param {{ min: number, max: number }} range @param {number} digits */
const withSpread = (mid, range, digits) =>
  range && Number.isFinite(range.min) && range.min !== range.max
    ? `${fixed(mid, digits)} (${fixed(range.min, digits)}–${fixed(range.max, digits)})`
    : fixed(mid, digits);

/** @param {number} after @param {number} before */
const ratio = (after, before) =>
  Number.isFinite(after) && Number.isFinite(before) && before > 0
    ? `×${(after / before).toFixed(2)}`
    : '—';
/** @param {number} after @param {number} before @param {number} digits */
const difference = (after, before, digits) =>
  Number.isFinite(after) && Number.isFinite(before)
    ? `${after - before >= 0 ? '+' : '−'}${Math.abs(after - before).toFixed(digits)}`
    : '—';

/** @param {string} text @param {number} max */
const clip = (text, max) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** The legacy result (one audit per page, no quiet wait) saved before this method. @param {any} result */
function renderLegacy(result) {
  return [
    '**Single audit per page, made before the quiet-machine method: figures are noise** (load',
    `average at the run ${result.machine?.loadAverage?.join(' ') ?? 'unknown'}).`,
    '',
    table(
      ['page', 'signed in', 'Performance', 'Accessibility', 'LCP ms', 'TBT ms', 'CLS'],
      result.rows.map((/** @type {any} */ row) => [
        row.path,
        row.signedIn ? 'yes' : 'no',
        row.performance,
        row.accessibility,
        fixed(row.lcpMs, 0),
        fixed(row.tbtMs, 0),
        fixed(row.cls, 3),
      ]),
    ),
  ].join('\n');
}

/** @param {Breakdown & { round: number, lcpMs?: number }} b @param {string} label */
function renderBreakdown(b, label) {
  const ms = (/** @type {number} */ v) => fixed(v, 0);
  const parts = [];
  const code = (/** @type {string} */ text, /** @type {number} */ max) =>
    `\`${clip(text.replaceAll('`', "'").replaceAll('|', '/'), max)}\``;
  if (b.element)
    parts.push(
      [
        `LCP element ${code(b.element.snippet, 70)}`,
        b.element.label ? ` "${clip(b.element.label, 50)}"` : '',
        b.element.selector ? ` (${code(b.element.selector, 60)})` : '',
      ].join(''),
    );
  if (b.phases) {
    const p = b.phases;
    parts.push(
      `phases TTFB ${ms(p.ttfb)} · load delay ${ms(p.loadDelay ?? 0)} · load duration ${ms(p.loadDuration ?? 0)} · render delay ${ms(p.renderDelay)} ms`,
    );
  }
  if (b.mainThread.length)
    parts.push(
      `main thread ${ms(b.mainThreadTotalMs)} ms: ${b.mainThread.map((g) => `${g.group} ${ms(g.ms)}`).join(' · ')}`,
    );
  if (b.scripts.length)
    parts.push(
      `scripts (scripting ms): ${b.scripts.map((s) => `${code(s.url, 50)} ${ms(s.scriptingMs)}`).join(' · ')}`,
    );
  if (b.requestsBeforeLcp)
    parts.push(
      `${b.requestsBeforeLcp.count} request(s) (${(b.requestsBeforeLcp.transferBytes / 1024).toFixed(1)} KB) started before LCP`,
    );
  return `- ${label}, round ${b.round}, LCP ${ms(b.lcpMs ?? NaN)} ms: ${parts.join('; ')}.`;
}

/** @param {LighthouseResult} result */
export function render(result) {
  if (!('audits' in result)) return renderLegacy(result);
  const twoBuilds = result.settings.builds.length > 1;
  const lines = [];
  const note = loadedNote(result.audits, result.settings.quietWaitS);
  if (note) lines.push(note, '');
  const t = result.targets;
  const headers = [
    'page',
    'build',
    'runs ok',
    'Performance (min–max)',
    'Accessibility',
    'LCP ms (min–max)',
    'TBT ms',
    'CLS',
    'FCP ms',
    `target (P ≥ ${t.performance}, A ≥ ${t.accessibility}, LCP ≤ ${t.lcpMs}, TBT ≤ ${t.tbtMs}, CLS ≤ ${t.cls})`,
  ];
  if (result.loaded) headers[0] = 'page (loaded machine: figures are noise)';
  /** @type {(string | number)[][]} */
  const body = [];
  for (const pagePath of result.settings.pages) {
    const rows = result.rows.filter((row) => row.path === pagePath);
    for (const row of rows) {
      body.push(
        row.ok === 0
          ? [row.path, row.build, `0/${row.audits}`, '—', '—', '—', '—', '—', '—', 'no result']
          : [
              row.path,
              row.build,
              `${row.ok}/${row.audits}`,
              withSpread(row.performance, row.performanceSpread, 0),
              fixed(row.accessibility, 0),
              withSpread(row.lcpMs, row.lcpSpread, 0),
              fixed(row.tbtMs, 0),
              fixed(row.cls, 3),
              fixed(row.fcpMs, 0),
              row.met ? 'met' : `missed: ${row.missed.join(', ')}`,
            ],
      );
      for (const failure of result.failures.filter(
        (audit) => audit.path === row.path && audit.build === row.build,
      ))
        body.push([
          row.path,
          row.build,
          `failed (round ${failure.round})`,
          '—',
          '—',
          '—',
          '—',
          '—',
          '—',
          clip(`${failure.error?.code}: ${failure.error?.message}`, 90).replaceAll('|', '/'),
        ]);
    }
    const [baseline, current] = [
      rows.find((row) => row.build === 'baseline'),
      rows.find((row) => row.build === 'current'),
    ];
    if (twoBuilds && baseline?.ok && current?.ok)
      body.push([
        pagePath,
        'current vs baseline',
        '',
        difference(current.performance, baseline.performance, 0),
        difference(current.accessibility, baseline.accessibility, 0),
        ratio(current.lcpMs, baseline.lcpMs),
        ratio(current.tbtMs, baseline.tbtMs),
        difference(current.cls, baseline.cls, 3),
        ratio(current.fcpMs, baseline.fcpMs),
        '',
      ]);
  }
  lines.push(table(headers, body));
  lines.push(
    '',
    `Medians of ${result.settings.rounds} round(s); scores in points, times in ms` +
      (twoBuilds ? '; "current vs baseline": score differences, time ratios.' : '.'),
  );
  const missing = result.rows.filter((row) => 'breakdown' in row && row.breakdown);
  if (missing.length > 0) {
    lines.push('', 'Where the time goes (the median-LCP audit of each page missing a target):', '');
    for (const row of missing)
      lines.push(
        renderBreakdown(
          /** @type {any} */ (row).breakdown,
          `\`${row.path}\`${twoBuilds ? ` (${row.build})` : ''}`,
        ),
      );
  }
  return lines.join('\n');
}
