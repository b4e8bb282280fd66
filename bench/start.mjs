// Start and memory: the built server (`node apps/server/dist/server.js`, as `npm start` runs it)
// is started on a fresh DATA_DIR (initdb, migrations, demo data) and again on the now
// initialised one; each time we measure the time from spawn to the first 200 of `/`. Then the
// RSS after start, during and after a mixed load (reads of the signed-in screens, the
// web app's index and icon, and a password sign-in every few seconds).
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  PORTS,
  ROOT,
  demoToken,
  fixed,
  log,
  removeDir,
  sleep,
  stopChild,
  table,
  tempDir,
  waitFor200,
} from './lib/common.mjs';

export const TARGET_RSS_GROWTH = 0.1;
const SERVER = path.join(ROOT, 'apps/server/dist/server.js');

/** Resident set size of a process, MB (Linux). @param {number} pid */
function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

/** @param {string} dataDir */
async function startServer(dataDir) {
  const started = performance.now();
  const child = spawn(process.execPath, [SERVER], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(PORTS.start),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'info',
    },
  });
  await waitFor200(`http://127.0.0.1:${PORTS.start}/`);
  return { child, ms: performance.now() - started };
}

/** @param {Record<string, string | boolean>} args */
export async function run(args) {
  if (!existsSync(SERVER)) throw new Error('build first: npm run build');
  const settings = {
    minutes: Number(args.minutes ?? 5),
    connections: 10,
    // `--no-sign-ins` leaves the password sign-ins out of the load (see Findings: memory).
    signIns: !args['no-sign-ins'],
  };
  const dataDir = tempDir('start');
  const base = `http://127.0.0.1:${PORTS.start}`;
  try {
    log('start: fresh data directory');
    const fresh = await startServer(dataDir);
    const freshRss = rssMb(/** @type {number} */ (fresh.child.pid));
    await stopChild(fresh.child);

    log('start: initialised data directory');
    const again = await startServer(dataDir);
    const pid = /** @type {number} */ (again.child.pid);
    try {
      await sleep(2_000);
      const afterStart = rssMb(pid);
      const token = await demoToken(base);
      const auth = { authorization: `Bearer ${token}` };
      const get = (/** @type {string} */ p, /** @type {boolean} */ signedIn = true) => ({
        method: /** @type {const} */ ('GET'),
        path: p,
        headers: signedIn ? auth : {},
      });
      log(`start: mixed load for ${settings.minutes} min`);
      /** @type {{ at: number, mb: number }[]} */
      const samples = [];
      const t0 = performance.now();
      const sampler = setInterval(
        () => samples.push({ at: (performance.now() - t0) / 1000, mb: rssMb(pid) }),
        5_000,
      );
      let signIns = 0;
      const signInLoop = setInterval(() => {
        if (!settings.signIns) return;
        signIns += 1;
        demoToken(base).catch(() => undefined);
      }, 5_000);
      const load = await autocannon({
        url: base,
        connections: settings.connections,
        duration: settings.minutes * 60,
        requests: [
          get('/api/user/profile'),
          get('/api/userSchedukeForStudentSeven?time_diff=0&pagesize=30&page=1'),
          get('/api/account-logs/creditPC?pagesize=10&page=1'),
          get('/api/getCompletedLessonPCSeven?time_diff=0&pagesize=10&page=1'),
          get('/api/getChargesList?pagesize=10&page=1'),
          // Public and not rate-limited (the country list is: 120/min per IP).
          get('/favicon.svg', false),
          get('/', false),
          get('/api/health', false),
        ],
      });
      clearInterval(sampler);
      clearInterval(signInLoop);
      await sleep(5_000);
      const afterLoad = rssMb(pid);
      const warm = samples.find((s) => s.at >= 30) ?? samples[0];
      return {
        settings,
        target: TARGET_RSS_GROWTH,
        startMs: { fresh: fresh.ms, initialised: again.ms },
        rssMb: {
          freshStart: freshRss,
          afterStart,
          afterWarmup: warm?.mb ?? NaN,
          afterLoad,
          peak: Math.max(...samples.map((s) => s.mb)),
        },
        growth: afterLoad / afterStart - 1,
        growthAfterWarmup: afterLoad / (warm?.mb ?? NaN) - 1,
        load: {
          requests: load.requests.total,
          rps: load.requests.average,
          non2xx: load.non2xx,
          errors: load.errors,
          signIns,
        },
        samples,
      };
    } finally {
      await stopChild(again.child);
    }
  } finally {
    removeDir(dataDir);
  }
}

/** @param {Awaited<ReturnType<typeof run>>} result */
export function render(result) {
  const { rssMb: rss } = result;
  return [
    table(
      ['measure', 'value', 'target'],
      [
        ['start to first 200 of `/`, fresh DATA_DIR', `${fixed(result.startMs.fresh, 0)} ms`, '—'],
        [
          'start to first 200 of `/`, initialised DATA_DIR',
          `${fixed(result.startMs.initialised, 0)} ms`,
          '—',
        ],
        ['RSS after start (initialised)', `${fixed(rss.afterStart, 0)} MB`, '—'],
        ['RSS after 30 s of load', `${fixed(rss.afterWarmup, 0)} MB`, '—'],
        [
          `RSS after ${result.settings.minutes} min of load (peak)`,
          `${fixed(rss.afterLoad, 0)} MB (${fixed(rss.peak, 0)} MB)`,
          '—',
        ],
        [
          'RSS growth, after start → after load',
          `${fixed(result.growth * 100, 1)} %`,
          result.growth <= result.target ? 'met (≤ 10 %)' : 'missed (> 10 %)',
        ],
        [
          'RSS growth, after 30 s of load → after load',
          `${fixed(result.growthAfterWarmup * 100, 1)} %`,
          '—',
        ],
      ],
    ),
    '',
    `Load: ${result.load.requests} requests (${fixed(result.load.rps, 0)}/s, ${result.settings.connections} connections, ${result.load.non2xx} non-2xx, ${result.load.errors} errors) and ${result.load.signIns} sign-ins.`,
  ].join('\n');
}
