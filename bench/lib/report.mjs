// Writes docs/performance.md from the latest saved result of every benchmark
// (bench/results/*.json), the method text below and the hand-written findings
// (bench/findings.md), so re-running one benchmark refreshes only its section.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as prettier from 'prettier';
import { RESULTS_DIR, ROOT, loadResult } from './common.mjs';
import * as growth from '../growth.mjs';
import * as lighthouse from '../lighthouse.mjs';
import * as overhead from '../overhead.mjs';
import * as returnVisit from '../return-visit.mjs';
import * as signin from '../signin.mjs';
import * as start from '../start.mjs';

/** The browser benches' run line: rounds, pages, builds, quiet wait, and a loaded machine. */
const roundsRun = (/** @type {any} */ r) =>
  `${r.settings.rounds} round(s) × ${r.settings.pages.length} page(s)${r.settings.builds.length > 1 ? ' × 2 builds' : ''}, quiet wait ≤ ${r.settings.quietWaitS} s${r.loaded ? ' · **loaded machine: figures are noise**' : ''}`;

const SECTIONS = [
  {
    name: 'overhead',
    title: 'App overhead (`npm run bench -- overhead`)',
    module: overhead,
    method: `Our real app (\`buildApp\` from \`apps/server/src\`: bearer-session hook, Zod validation and
serialisation, pino JSON logging at \`info\` to /dev/null, services, Drizzle) and a bare Fastify
server (\`bench/lib/bare.mjs\`: no logger, no validation, no auth plugin) run in one process on the
same database with the demo data. The bare server replays **exactly the statements our route
issued, with the same parameters**: they are captured by wrapping the driver's \`query\` method
(\`db.$client\`, the PGlite instance or the pg Pool) while one request of each route goes through
our app, the session lookup of the auth hook included; statements issued while another of the
same request is in flight (our \`Promise.all\`s) are replayed concurrently, the rest in order, so
both make the same round trips. Where our app runs a statement as a named server-side prepared
statement (PostgreSQL, \`db/prepared.ts\`), the bare server prepares it under the same name, so
neither skips planning work the other does (before 2026-11-23 16:30 the bare server sent every
statement unnamed and re-planned it each time, which made ours look up to 6× faster than bare).
autocannon (in the driver process) runs a warm-up then the measurement against each server in
turn, alternating which goes first. Ratios: req/s ours/bare and p99 bare/ours — so for both
1.00 means "no overhead" and higher is better. Target ≥ 0.85.
Throughput and latency move with whatever else the shared machine runs, so the table also gives
the **CPU time of the server process per answered request** (\`process.cpuUsage\` before and
after each measurement) and its ratio bare/ours: it counts only work done for our requests and
varies far less between runs. On PostgreSQL it is the app alone; on PGlite it includes the
embedded database's work, the same for both servers.
PostgreSQL is measured when \`DATABASE_URL\` is set (a \`portal_bench_overhead\` database is created
and dropped).`,
    settings: (/** @type {any} */ r) =>
      `${r.settings.warmup} s warm-up + ${r.settings.duration} s per server, route and connection count (${r.settings.connections.join(', ')})`,
  },
  {
    name: 'growth',
    title: 'Growth (`npm run bench -- growth [--sizes 10k,1m]`)',
    module: growth,
    method: `\`bench/generate.mjs\` fills a database (migrations and demo data first) with 10 k parents,
20 k children, one enrollment per child, N lessons (weekly per enrollment; the last 4 of each
series upcoming, 80 % of past lessons attended), a ledger row per lesson plus a purchase per
parent and a session per parent — set-based \`insert … select … generate_series\`, then
\`ANALYZE\`. One database per size (\`portal_bench_growth_<size>\` on PostgreSQL, dropped
afterwards; the embedded PGlite holds the smallest size only). Our app serves all sizes at once
and each route is timed with sequential requests on one keep-alive connection, sizes in
alternation, one warm-up round then the measured rounds. Two parents: the **demo parent** (own
data identical at every size, so only the tables around it grow — the target applies here: the
largest size within 1.2× of the smallest) and **bulk parent 5000** (own history grows with N:
~1 lesson at 10 k, ~100 at 1 M; context). The console's **dashboard** (\`GET /api/ops/dashboard\`,
12 weeks) is asked by a staff admin whose session the generator adds; its target is the issue's:
p99 at the largest size within 1.5× of the smallest. \`--dashboard-indexes\` adds the indexes the
dashboard needs that no migration creates yet (decision 045), and the table says so.`,
    settings: (/** @type {any} */ r) =>
      `${r.settings.rounds} rounds × ${r.settings.requests} requests per route, parent and size`,
  },
  {
    name: 'signin',
    title: 'Sign-in under attack (`npm run bench -- signin`)',
    module: signin,
    method: `Our app on the embedded database with the default \`PASSWORD_HASH_COST\` (17: scrypt N=2¹⁷,
r=8, 128 MiB per hash) and \`TRUST_PROXY=true\`. Hostile clients keep 16, then 64, wrong-password
sign-ins in flight, each for a new phone from a new \`X-Forwarded-For\` address (so neither the
per-address limit nor the per-phone waits and captcha apply; only the per-instance hashing cap of
decision 030 does). Meanwhile the demo parent signs in back to back with the right password (its
p95 counts every answer: a sign-in or a quick 429 "too many sign-ins right now") and
\`GET /api/health\` is timed back to back on another connection; health is first timed on the idle
server. The server's own event-loop delay (\`monitorEventLoopDelay\`, 1 ms resolution) tells a
blocked loop from a process waiting for a CPU.`,
    settings: (/** @type {any} */ r) =>
      r.phases
        ? `${r.settings.hostile.join(' and ')} hostile sign-ins in flight, ${r.settings.seconds} s each (idle: 5 s)`
        : `${r.settings.inFlight} sign-ins in flight, health timed for ${r.settings.seconds} s (idle: 5 s)`,
  },
  {
    name: 'start',
    title: 'Start and memory (`npm run bench -- start [--minutes 5]`)',
    module: start,
    method: `The built server (\`node apps/server/dist/server.js\`, as \`npm start\` runs it, jobs included) on a
fresh \`DATA_DIR\` (PGlite initdb, migrations, demo data with two cost-17 password hashes), then
again on the initialised one: time from spawn to the first 200 of \`/\`. RSS from
\`/proc/<pid>/status\` 2 s after the second start's first 200 (the background jobs make their first
run at 2 s) and "after start" once the start is complete, at rest 15 s after the first 200;
every 5 s during a mixed load (autocannon, 10 connections cycling profile, upcoming and
completed lessons, credit log, charges, the web app's \`/\` and \`/favicon.svg\`, health; plus a
password sign-in every 5 s) and 5 s after it.
With each RSS sample the server (started with \`MEMORY_REPORT=true\`) writes its own
\`process.memoryUsage()\`, V8 heap spaces and PGlite's WebAssembly memory size on SIGUSR2, and
\`/proc/<pid>/smaps\` gives the resident part of the WebAssembly memory, glibc's main arena and
mapped files. \`BENCH_NODE_OPTIONS\` passes V8 flags to the server (\`--expose-gc\`: heap figures
after a full collection).`,
    settings: (/** @type {any} */ r) => `${r.settings.minutes} min of load`,
  },
  {
    name: 'lighthouse',
    title:
      'Lighthouse (`npm run bench -- lighthouse [--rounds 3] [--quiet-wait 300] [--baseline-web <dir>]`)',
    module: lighthouse,
    method: `Lighthouse 12.8 through its Node API with the default (mobile) configuration — emulated
Moto G Power, simulated slow 4G and 4× CPU slowdown — in Debian's Chromium
(\`--headless --no-sandbox --disable-gpu --disable-background-networking\` …) driven by
puppeteer-core, on the built portal (\`apps/server/dist/server.js\`, fresh embedded database
with demo data). \`/\` is the sign-in page and
is audited signed out (signed in it redirects); the others signed in as the demo parent: the
token from \`POST /api/login\` is written to \`localStorage\` (\`token\`, \`status\`, \`userinfo\`) on
the portal's origin and Lighthouse runs with \`disableStorageReset\`. The signed-in pages
therefore get the pre-rendered frame and the document's early API calls: the first visit of a
browser holding no cookie of the portal (the next section has the parent who does). Each audit runs in a
browser context of its own, so every audit is a first visit with a cold HTTP cache (before
2026-11-23 16:40 the signed-in pages reused the cache warmed by the pages audited before them).
**Quiet machine:** before each audit the run waits (polling every 5 s, at most \`--quiet-wait\`
seconds, default 300) until the 1-minute load average is below 1; the load average is recorded
before and after every audit. An audit that started with the machine still busy is marked
\`loaded\`, and a run with any loaded audit is headed "loaded machine: figures are noise" — such
a table is not a result. **Rounds:** \`--rounds N\` (default 3) audits every page N times, each
round with the pages in another order (the list rotated by one); the table gives per page the
**median** of Performance, Accessibility, LCP, TBT, CLS and FCP, and the spread (min–max) of
Performance and LCP. The target is judged on the medians: Performance ≥ 95, Accessibility ≥ 100,
LCP ≤ 2,000 ms, TBT ≤ 200 ms, CLS ≤ 0.02. **Failures:** an audit with a Lighthouse
\`runtimeError\`, a null performance score or no numeric LCP is retried once; failing again, it is
a failure row with Lighthouse's error code and message (or "no LCP"), left out of the medians —
never a score of 0. **Where the time goes:** for every page whose medians miss a target, the
audit whose LCP is closest to the median is broken down below the table: the LCP element and its
phases (\`largest-contentful-paint-element\`: TTFB, load delay, load duration, render delay, scaled
to the simulated LCP; the trace engine's observed, unthrottled phases from
\`lcp-breakdown-insight\` are in the JSON), the four largest groups of \`mainthread-work-breakdown\`,
the three scripts of \`bootup-time\` with the most scripting time, and the number and transfer size
of the requests started before the observed LCP (\`network-requests\`). **Baseline side by side:**
\`--baseline-web <dir>\` starts a second server (the same server build, \`WEB_DIST_DIR=<dir>\`, its
own data directory and port) serving an older web build; every round then audits each page on
both, alternating which goes first, and the table has \`baseline\` and \`current\` rows and a
"current vs baseline" line (score differences, time ratios). A baseline web build:
\`git worktree add /tmp/base <commit> && cd /tmp/base && npm ci && npm run build -w @portal/web\`,
then \`--baseline-web /tmp/base/apps/web/dist\`. \`--pages /,/index\` audits only those pages;
\`--reports <dir>\` keeps every audit's whole report and \`--traces <dir>\` its devtools trace.
Results saved before 2026-11-28 are a single audit per page without the quiet-machine wait.`,
    settings: (/** @type {any} */ r) =>
      r.settings ? roundsRun(r) : 'one run per page, no quiet-machine wait · **figures are noise**',
  },
  {
    name: 'lighthouse-drawn',
    title:
      'Lighthouse, a parent who has used the app here (`npm run bench -- lighthouse-drawn [the same flags]`)',
    module: lighthouse,
    method: `The audits of the previous section, exactly so, with one difference on the signed-in
pages: before the audit the browser also gets what it holds once the app ran there since
decision 056 — the session cookie, which the server sets on a call made with the bearer session
(\`GET /api/accounts\`), and the zone and language cookies the app writes (\`tz\`, \`lang\`:
\`seedCookies\` in bench/lib/portal.mjs). The server then draws the screen with the parent's
data, which the app then takes over. The HTTP cache and the service worker are still empty: a cold
visit of a returning parent (after an update, or a cache the phone evicted).`,
    settings: roundsRun,
  },
  {
    name: 'return-visit',
    title:
      'Return visit (`npm run bench -- return-visit [--rounds 3] [--quiet-wait 300] [--baseline-web <dir>] [--cpu 4]`)',
    module: returnVisit,
    method: `How soon a parent who has been here before sees their lessons on a slow phone. The built
portal as for Lighthouse, in Debian's Chromium driven by Playwright (\`scripts/chromium.mjs\`),
signed in as the demo parent the same way; \`/home/children/AttendClassNow\` and \`/index\`, each
visit in a fresh browser context with a 412×823 mobile viewport. First visit unthrottled: network
idle, then, if the page registered a service worker, \`navigator.serviceWorker.ready\` (at most
10 s), then one reload (for every build, so builds with and without a worker get the same visits
before the measured one; a worker installed on the first visit controls the reload). The tab is
then closed and the return visit opens a new one in the same context (HTTP cache, service worker
and \`localStorage\` warm; no resources left in the old renderer's memory, as when a parent comes
back another day). Through a DevTools protocol session of that page, Lighthouse's
DevTools-throttling values for slow 4G (\`Network.emulateNetworkConditions\`: 562.5 ms latency,
1,474.56 kbit/s down, 675 kbit/s up) and \`Emulation.setCPUThrottlingRate\` 4 apply, and the page
is visited again. An init script's \`MutationObserver\` notes when the first
\`[data-testid="lesson-card"]\` (AttendClassNow) or lesson or course card (\`/index\`) is in the
DOM; the time of the next animation frame plus a \`setTimeout(0)\` (≈ the frame that paints it),
\`performance.now()\` from the navigation start, is the **first card**. LCP is the last entry of a
buffered \`largest-contentful-paint\` observer once the network is idle. Requests are counted by
where Chromium answered them (\`Network.responseReceived\`'s \`fromServiceWorker\`,
\`fromDiskCache\`, \`fromPrefetchCache\`, and \`Network.requestServedFromCache\` for the memory
cache; the rest went to the network, and of those the ones answered 304 on the wire —
\`Network.responseReceivedExtraInfo\`, as \`responseReceived\` gives a revalidated response the
cached 200 — are revalidations); the JSON also has Playwright's
\`response.fromServiceWorker()\` count and every request's path by source. The page's
emulation does not cover what a service worker sends to the network itself (the drawn screens'
documents, decision 056), so the same network throttling is set on the portal's running workers
through a browser-level session attached to each (\`Target.attachToTarget\`); the requests they
send are counted in brackets. The CPU slowdown is the page's only, and the worker is warm (the
first tab started it): a worker's cold start on a phone is not in these figures. Quiet-machine
waits, rounds, medians with spread, one retry and failure rows, and \`--baseline-web\` exactly as
for Lighthouse. Target: first card ≤ 1,000 ms (median).`,
    settings: roundsRun,
  },
];

/** @param {number} seconds */
const duration = (seconds) =>
  seconds >= 90 ? `${(seconds / 60).toFixed(1)} min` : `${seconds.toFixed(0)} s`;

/** Formats a written file the way `npm run format` would, so format:check stays green. */
async function prettify(/** @type {string} */ file) {
  const options = (await prettier.resolveConfig(file)) ?? {};
  const text = readFileSync(file, 'utf8');
  writeFileSync(file, await prettier.format(text, { ...options, filepath: file }));
}

export async function writeReport() {
  const findings = readFileSync(path.join(ROOT, 'bench/findings.md'), 'utf8').trim();
  const parts = [
    '# Performance',
    '',
    '<!-- Written by `npm run bench` (bench/lib/report.mjs); edit bench/findings.md or the method',
    'text in bench/lib/report.mjs instead. -->',
    '',
    "Issue #8: the project's speed and robustness, measured, repeatable and visible. The machines",
    'are shared and noisy, so every target is a **ratio measured side by side in one run**;',
    'absolute numbers are context only. `npm run bench` runs every benchmark in sequence',
    '(`npm run bench -- <name>` runs one) and rewrites this file from the latest result of each',
    '(`bench/results/<name>.json`). Quick run (~10 min on 2 cores):',
    '`npm run bench -- --sizes 10k,100k --minutes 1`; full run: `npm run bench` (1 M lessons, 5 min',
    'of load). `DATABASE_URL=postgres://…` adds the PostgreSQL measurements (databases named',
    '`portal_bench_*` are created and dropped on that server). Build first: `npm run build`.',
    '',
  ];
  for (const section of SECTIONS) {
    const result = loadResult(section.name);
    parts.push(`## ${section.title}`, '', section.method, '');
    if (!result) {
      parts.push('_Not run yet._', '');
      continue;
    }
    const m = result.machine;
    parts.push(
      `Run ${m.date.slice(0, 16).replace('T', ' ')} UTC · ${m.cpus} × ${m.cpuModel} · ${m.memoryGb} GB · Node ${m.node} · load average ${m.loadAverage.join(' ')} · ${section.settings(result)} · took ${duration(result.seconds)}`,
      '',
      section.module.render(result),
      '',
    );
  }
  parts.push(findings, '');
  const report = path.join(ROOT, 'docs/performance.md');
  writeFileSync(report, parts.join('\n'));
  await prettify(report);
  for (const file of readdirSync(RESULTS_DIR)) await prettify(path.join(RESULTS_DIR, file));
}
