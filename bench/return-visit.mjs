// Return visit: how soon a parent who has been here before sees their lessons on a slow phone.
// In Debian's Chromium driven by Playwright, each page is visited once unthrottled (network
// idle, the service worker — if the build registers one — ready, one reload), then visited again
// with Lighthouse's DevTools-throttling values for slow 4G and a 4× CPU slowdown: the HTTP cache
// and the service worker are warm. Measured from the navigation start of that return visit: the
// first lesson or course card painted, LCP, and where the requests were answered (network,
// service worker, disk/memory/prefetch cache). Rounds and quiet-machine waits as for Lighthouse;
// `--baseline-web <dir>` measures an older web build side by side.
// The functions given to addInitScript and page.evaluate run in the page:
/* global document, window, requestAnimationFrame, MutationObserver */
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';
import { PORTS, fixed, log, pickPages, table } from './lib/common.mjs';
import { portalBuilds, seedStorage, startPortal } from './lib/portal.mjs';
import {
  QUIET_LOAD,
  loadAverage,
  loadedNote,
  median,
  rotate,
  roundOptions,
  spread,
  waitForQuiet,
} from './lib/quiet.mjs';

/** Median time to the first card of the return visit, ms. */
export const TARGET_FIRST_CARD_MS = 1000;
export const PAGES = [
  { path: '/home/children/AttendClassNow', selector: '[data-testid="lesson-card"]' },
  // The dashboard's tabs: upcoming lessons (lesson cards) and courses (course cards).
  { path: '/index', selector: '[data-testid="lesson-card"], [data-testid="course-card"]' },
];
/** Lighthouse's DevTools throttling for slow 4G (`constants.throttling.mobileSlow4G`). */
export const SLOW_4G = { latency: 562.5, downloadThroughput: 184_320, uploadThroughput: 84_375 };
/** Lighthouse's mobile CPU slowdown; `--cpu <rate>` measures another (1: this machine's own). */
export const CPU_SLOWDOWN = 4;
/** Lighthouse's mobile screen (Moto G Power). */
const DEVICE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
};
const SERVICE_WORKER_WAIT_MS = 10_000;
const CARD_TIMEOUT_MS = 45_000;

/**
 * Init script (runs in every document of the context before the page's own scripts): when the
 * first element matching `selector` is in the DOM, the time of the next animation frame plus a
 * task (≈ the frame that paints it) goes to `window.__benchCard`, from the navigation start.
 * @param {string} selector
 */
function watchFirstCard(selector) {
  /** @type {{ seenMs?: number, paintedMs?: number, painted?: Promise<number> }} */
  const state = {};
  state.painted = new Promise((resolve) => {
    const check = () => {
      if (state.seenMs !== undefined || !document.querySelector(selector)) return false;
      state.seenMs = performance.now();
      requestAnimationFrame(() =>
        setTimeout(() => {
          state.paintedMs = performance.now();
          resolve(state.paintedMs);
        }, 0),
      );
      return true;
    };
    const observer = new MutationObserver(() => {
      if (check()) observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  });
  Object.assign(window, { __benchCard: state });
}

/**
 * @typedef {{ network: number, serviceWorker: number, diskCache: number, memoryCache: number,
 *   prefetchCache: number }} Sources requests by where they were answered
 * @typedef {{
 *   path: string, build: string, round: number, position: number, attempts: number,
 *   waitedS: number, loaded: boolean, load: number[], loadAfter: number[], ok: boolean,
 *   error?: string, firstError?: string, firstCardMs?: number, cardSeenMs?: number,
 *   lcpMs?: number, serviceWorker?: { registered: boolean, ready: boolean,
 *   controlledAfterReload: boolean, controlsReturnVisit: boolean },
 *   requests?: Sources & { revalidated: number, urls: Record<string, string[]>,
 *     workerNetwork: number }, throttledWorkers?: number,
 *   playwright?: { responses: number, fromServiceWorker: number },
 * }} VisitRecord
 */

/**
 * Where each request of the return visit was answered, from the DevTools protocol's events;
 * `revalidated` counts the network's answered 304 Not Modified.
 * @param {import('playwright-core').CDPSession} cdp
 */
function trackSources(cdp) {
  /** @type {Map<string, { url: string, memory?: boolean, response?: any }>} */
  const requests = new Map();
  cdp.on('Network.requestWillBeSent', (event) => {
    if (!/^(data|blob):/.test(event.request.url))
      requests.set(event.requestId, { url: event.request.url });
  });
  cdp.on('Network.requestServedFromCache', (event) => {
    const entry = requests.get(event.requestId);
    if (entry) entry.memory = true;
  });
  cdp.on('Network.responseReceived', (event) => {
    const entry = requests.get(event.requestId);
    if (entry) entry.response = event.response;
  });
  // responseReceived gives a revalidated response the cached one's status (200); the status on
  // the wire (304) is in the extra info, which may come before or after it.
  /** @type {Map<string, number>} */
  const wireStatus = new Map();
  cdp.on('Network.responseReceivedExtraInfo', (event) => {
    wireStatus.set(event.requestId, event.statusCode);
  });
  return {
    reset: () => {
      requests.clear();
      wireStatus.clear();
    },
    /** @returns {Sources & { revalidated: number, urls: Record<string, string[]> }} */
    count() {
      const counts = {
        network: 0,
        serviceWorker: 0,
        diskCache: 0,
        memoryCache: 0,
        prefetchCache: 0,
      };
      /** @type {Record<string, string[]>} */
      const urls = {
        network: [],
        serviceWorker: [],
        diskCache: [],
        memoryCache: [],
        prefetchCache: [],
      };
      let revalidated = 0;
      for (const [id, { url, memory, response }] of requests) {
        /** @type {keyof Sources} */
        const source = response?.fromServiceWorker
          ? 'serviceWorker'
          : response?.fromPrefetchCache
            ? 'prefetchCache'
            : response?.fromDiskCache
              ? 'diskCache'
              : memory
                ? 'memoryCache'
                : 'network';
        counts[source] += 1;
        if (source === 'network' && wireStatus.get(id) === 304) revalidated += 1;
        const parsed = new URL(url);
        urls[source].push(parsed.pathname + parsed.search);
      }
      return { ...counts, revalidated, urls };
    },
  };
}

/**
 * Throttles the portal's running service workers like the page: a request the worker sends to
 * the network itself (the drawn screens' documents, decision 056) goes out on the worker's own
 * network, which the page's emulation does not cover. Through a browser-level DevTools session,
 * attached to each worker; counts the requests the workers send.
 * @param {import('playwright-core').Browser} browser
 * @param {string} origin
 */
async function throttleWorkers(browser, origin) {
  const session = await browser.newBrowserCDPSession();
  /** @type {Map<number, () => void>} */
  const waiting = new Map();
  let sent = 0;
  session.on('Target.receivedMessageFromTarget', (event) => {
    const message = JSON.parse(event.message);
    if (message.method === 'Network.requestWillBeSent') sent += 1;
    waiting.get(message.id)?.();
  });
  const { targetInfos } = await session.send('Target.getTargets');
  const workers = targetInfos.filter(
    (target) => target.type === 'service_worker' && target.url.startsWith(origin),
  );
  let id = 0;
  for (const worker of workers) {
    // Not flattened: Playwright's session object sends no session ids of its own.
    const { sessionId } = await session.send('Target.attachToTarget', {
      targetId: worker.targetId,
      flatten: false,
    });
    for (const [method, params] of /** @type {const} */ ([
      ['Network.enable', {}],
      ['Network.emulateNetworkConditions', { offline: false, ...SLOW_4G }],
    ])) {
      id += 1;
      const answered = new Promise((resolve) => waiting.set(id, () => resolve(undefined)));
      const message = JSON.stringify({ id, method, params });
      await session.send('Target.sendMessageToTarget', { sessionId, message });
      await answered;
    }
  }
  return {
    workers: workers.length,
    sent: () => sent,
    detach: () => session.detach().catch(() => {}),
  };
}

/**
 * One return visit of one page on one build, in a browser context of its own.
 * @param {import('playwright-core').Browser} browser
 * @param {import('./lib/portal.mjs').Portal} portal
 * @param {(typeof PAGES)[number]} target
 * @param {number} cpuSlowdown
 */
async function visitOnce(browser, portal, target, cpuSlowdown) {
  const context = await browser.newContext(DEVICE);
  try {
    const first = await context.newPage();
    // Same origin first, so localStorage belongs to the portal.
    await first.goto(`${portal.base}/robots.txt`);
    await first.evaluate(seedStorage, portal.login);
    await context.addInitScript(watchFirstCard, target.selector);
    const url = `${portal.base}${target.path}`;

    // First visit, unthrottled: fills the HTTP cache and installs the service worker, if any.
    await first.goto(url, { waitUntil: 'networkidle', timeout: 60_000 });
    const registered = await first.evaluate(async () => {
      if (!('serviceWorker' in navigator)) return false;
      // The app may register on `load`; give it a second after network idle.
      for (let i = 0; i < 2; i += 1) {
        if (await navigator.serviceWorker.getRegistration()) return true;
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
      return false;
    });
    const ready =
      registered &&
      (await first.evaluate(
        (limitMs) =>
          Promise.race([
            navigator.serviceWorker.ready.then(() => true),
            new Promise((resolve) => setTimeout(() => resolve(false), limitMs)),
          ]),
        SERVICE_WORKER_WAIT_MS,
      ));
    // One reload (for every build, so builds with and without a worker get the same visits
    // before the measured one): a service worker installed on the first visit now controls it.
    // `load`, not network idle: a service worker still precaching (Workbox fetches the whole
    // build) kept the network busy past a minute on some reloads.
    await first.reload({ waitUntil: 'load', timeout: 60_000 });
    await first.waitForTimeout(1000);
    const controlledAfterReload = await first.evaluate(() =>
      Boolean(navigator.serviceWorker?.controller),
    );
    // The tab is closed and the return visit opens a new one: its renderer starts without the
    // first one's in-memory resources, as when a parent comes back another day (HTTP cache,
    // service worker and localStorage stay, in the browser context).
    await first.close();
    const page = await context.newPage();

    // The return visit, throttled like Lighthouse's DevTools throttling for slow 4G.
    const cdp = await context.newCDPSession(page);
    const sources = trackSources(cdp);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...SLOW_4G });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    const workers = await throttleWorkers(browser, portal.base);
    const responses = { responses: 0, fromServiceWorker: 0 };
    page.on('response', (response) => {
      if (/^(data|blob):/.test(response.url())) return;
      responses.responses += 1;
      if (response.fromServiceWorker()) responses.fromServiceWorker += 1;
    });
    sources.reset();
    await page.goto(url, { waitUntil: 'commit', timeout: 60_000 });
    const painted = await page.evaluate(
      (limitMs) =>
        Promise.race([
          /** @type {any} */ (window).__benchCard.painted,
          new Promise((resolve) => setTimeout(() => resolve(null), limitMs)),
        ]),
      CARD_TIMEOUT_MS,
    );
    if (typeof painted !== 'number')
      throw new Error(`no ${target.selector} within ${CARD_TIMEOUT_MS / 1000} s`);
    // LCP can come after the card (a larger element); let the page settle, then ask.
    await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => {});
    const measured = await page.evaluate(
      () =>
        new Promise((resolve) => {
          const state = /** @type {any} */ (window).__benchCard;
          const done = (/** @type {number | null} */ lcp) =>
            resolve({
              seenMs: state.seenMs,
              lcpMs: lcp,
              controlled: Boolean(navigator.serviceWorker?.controller),
            });
          new PerformanceObserver((list, observer) => {
            const entries = list.getEntries();
            observer.disconnect();
            done(entries.length > 0 ? entries[entries.length - 1].startTime : null);
          }).observe({ type: 'largest-contentful-paint', buffered: true });
          setTimeout(() => done(null), 1000);
        }),
    );
    const m = /** @type {{ seenMs: number, lcpMs: number | null, controlled: boolean }} */ (
      measured
    );
    await cdp.detach().catch(() => {});
    await workers.detach();
    return {
      firstCardMs: painted,
      cardSeenMs: m.seenMs,
      lcpMs: m.lcpMs ?? NaN,
      serviceWorker: {
        registered,
        ready: Boolean(ready),
        controlledAfterReload,
        controlsReturnVisit: m.controlled,
      },
      requests: { ...sources.count(), workerNetwork: workers.sent() },
      throttledWorkers: workers.workers,
      playwright: responses,
    };
  } finally {
    await context.close().catch(() => {});
  }
}

/** @param {Record<string, string | boolean>} args */
export async function run(args) {
  const { rounds, quietWaitS } = roundOptions(args);
  const cpuSlowdown = args.cpu === undefined ? CPU_SLOWDOWN : Number(args.cpu);
  if (!(cpuSlowdown >= 1)) throw new Error(`--cpu needs a slowdown of 1 or more, got ${args.cpu}`);
  const pages = pickPages(args, PAGES);
  const builds = portalBuilds(args, {
    current: PORTS.returnVisit,
    baseline: PORTS.returnVisitBaseline,
  });
  /** @type {import('./lib/portal.mjs').Portal[]} */
  const portals = [];
  /** @type {import('playwright-core').Browser | undefined} */
  let browser;
  /** @type {VisitRecord[]} */
  const visits = [];
  try {
    for (const build of builds) portals.push(await startPortal(build));
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    for (let round = 0; round < rounds; round += 1) {
      for (const [position, target] of rotate(pages, round).entries()) {
        const pair = (round + position) % 2 === 1 ? [...portals].reverse() : portals;
        for (const portal of pair) {
          const what = `return visit ${round + 1}/${rounds} ${target.path} (${portal.name})`;
          /** @type {VisitRecord | undefined} */
          let record;
          for (let attempt = 1; attempt <= 2; attempt += 1) {
            const quiet = await waitForQuiet(quietWaitS, what);
            log(`${what}${attempt > 1 ? ' (retry)' : ''}: load ${quiet.load[0]}`);
            const base = {
              path: target.path,
              build: portal.name,
              round: round + 1,
              position: position + 1,
              attempts: attempt,
              waitedS: Math.round(quiet.waitedS),
              loaded: quiet.loaded,
              load: quiet.load,
              ...(record?.error ? { firstError: record.error } : {}),
            };
            try {
              const measured = await visitOnce(browser, portal, target, cpuSlowdown);
              record = { ...base, loadAfter: loadAverage(), ok: true, ...measured };
              break;
            } catch (error) {
              const message = /** @type {Error} */ (error).message.split('\n')[0];
              record = { ...base, loadAfter: loadAverage(), ok: false, error: message };
              log(`${what}: failed, ${message}`);
            }
          }
          visits.push(/** @type {VisitRecord} */ (record));
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
      const mine = visits.filter((v) => v.path === target.path && v.build === portal.name);
      const ok = mine.filter((v) => v.ok);
      const of = (/** @type {(v: VisitRecord) => number | undefined} */ pick) =>
        ok.map((v) => pick(v) ?? NaN);
      const firstCardMs = median(of((v) => v.firstCardMs));
      rows.push({
        path: target.path,
        build: portal.name,
        visits: mine.length,
        ok: ok.length,
        loaded: mine.some((v) => v.loaded),
        firstCardMs,
        firstCardSpread: spread(of((v) => v.firstCardMs)),
        lcpMs: median(of((v) => v.lcpMs)),
        lcpSpread: spread(of((v) => v.lcpMs)),
        requests: {
          network: median(of((v) => v.requests?.network)),
          revalidated: median(of((v) => v.requests?.revalidated)),
          serviceWorker: median(of((v) => v.requests?.serviceWorker)),
          workerNetwork: median(of((v) => v.requests?.workerNetwork)),
          cache: median(
            of((v) =>
              v.requests
                ? v.requests.diskCache + v.requests.memoryCache + v.requests.prefetchCache
                : undefined,
            ),
          ),
        },
        serviceWorkerControls:
          ok.length > 0 && ok.every((v) => v.serviceWorker?.controlsReturnVisit),
        met: ok.length > 0 && firstCardMs <= TARGET_FIRST_CARD_MS,
      });
    }
  }
  return {
    target: { firstCardMs: TARGET_FIRST_CARD_MS },
    throttling: { ...SLOW_4G, cpuSlowdown },
    settings: {
      rounds,
      quietWaitS,
      quietLoad: QUIET_LOAD,
      pages: pages.map((page) => page.path),
      builds: builds.map(({ name, webDist }) => ({ name, webDist })),
    },
    loaded: visits.some((v) => v.loaded),
    rows,
    failures: visits.filter((v) => !v.ok),
    visits,
  };
}

/** @param {number} mid @param {{ min: number, max: number }} range */
const withSpread = (mid, range) =>
  Number.isFinite(range.min) && range.min !== range.max
    ? `${fixed(mid, 0)} (${fixed(range.min, 0)}–${fixed(range.max, 0)})`
    : fixed(mid, 0);

/** @param {Awaited<ReturnType<typeof run>>} result */
export function render(result) {
  const twoBuilds = result.settings.builds.length > 1;
  const lines = [];
  const note = loadedNote(result.visits, result.settings.quietWaitS);
  if (note) lines.push(note, '');
  const headers = [
    result.loaded ? 'page (loaded machine: figures are noise)' : 'page',
    'build',
    'visits ok',
    'first card ms (min–max)',
    'LCP ms (min–max)',
    'requests: network / service worker (its own to the network) / cache',
    'worker controls',
    `target (first card ≤ ${result.target.firstCardMs} ms)`,
  ];
  /** @type {(string | number)[][]} */
  const body = [];
  for (const pagePath of result.settings.pages) {
    const rows = result.rows.filter((row) => row.path === pagePath);
    for (const row of rows) {
      body.push(
        row.ok === 0
          ? [row.path, row.build, `0/${row.visits}`, '—', '—', '—', '—', 'no result']
          : [
              row.path,
              row.build,
              `${row.ok}/${row.visits}`,
              withSpread(row.firstCardMs, row.firstCardSpread),
              withSpread(row.lcpMs, row.lcpSpread),
              `${fixed(row.requests.network, 0)} (${fixed(row.requests.revalidated, 0)} × 304) / ${fixed(row.requests.serviceWorker, 0)} (${fixed(row.requests.workerNetwork, 0)}) / ${fixed(row.requests.cache, 0)}`,
              row.serviceWorkerControls ? 'yes' : 'no',
              row.met ? 'met' : 'missed',
            ],
      );
      for (const failure of result.failures.filter(
        (v) => v.path === row.path && v.build === row.build,
      ))
        body.push([
          row.path,
          row.build,
          `failed (round ${failure.round})`,
          '—',
          '—',
          '—',
          '—',
          String(failure.error).slice(0, 90).replaceAll('|', '/'),
        ]);
    }
    const baseline = rows.find((row) => row.build === 'baseline');
    const current = rows.find((row) => row.build === 'current');
    if (twoBuilds && baseline?.ok && current?.ok) {
      const ratio = (/** @type {number} */ a, /** @type {number} */ b) =>
        Number.isFinite(a) && Number.isFinite(b) && b > 0 ? `×${(a / b).toFixed(2)}` : '—';
      body.push([
        pagePath,
        'current ÷ baseline',
        '',
        ratio(current.firstCardMs, baseline.firstCardMs),
        ratio(current.lcpMs, baseline.lcpMs),
        '',
        '',
        '',
      ]);
    }
  }
  lines.push(table(headers, body));
  lines.push(
    '',
    `Slow 4G and ${result.throttling.cpuSlowdown}× CPU. ` +
      `Medians of ${result.settings.rounds} round(s), from the return visit's navigation start; ` +
      'requests by where Chromium answered them (network, of which 304 revalidations; cache: disk, memory or prefetch).',
  );
  return lines.join('\n');
}
