// Start and memory: the built server (`node apps/server/dist/server.js`, as `npm start` runs it)
// is started on a fresh DATA_DIR (initdb, migrations, demo data) and again on the now
// initialised one; each time we measure the time from spawn to the first 200 of `/`. Then the
// RSS after start, during and after a mixed load (reads of the signed-in screens, the
// web app's index and icon, and a password sign-in every few seconds).
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
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
/** How long after its first 200 the server is left alone before the "after start" reading. */
const START_SETTLE_MS = 15_000;
const SERVER = path.join(ROOT, 'apps/server/dist/server.js');

/** Resident set size of a process, MB (Linux). @param {number} pid */
function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

/**
 * @typedef {{ rss: number, heapTotal: number, heapUsed: number, external: number,
 *   arrayBuffers: number, heapSpaces: Record<string, number>, wasm?: number }} MemoryFigures
 *   bytes, as the server's `MEMORY_REPORT` diagnostic writes them (apps/server/src/lib/memory-report.ts)
 */

/**
 * Resident MB of mappings in `/proc/<pid>/smaps`: PGlite's WebAssembly memory (the mapping
 * exactly as large as the memory the server reports; only its touched pages are resident),
 * glibc's main malloc arena (`[heap]`) and mapped files (the node binary with its ICU data,
 * libraries).
 * @param {number} pid
 * @param {number | undefined} wasmBytes
 */
function residentMb(pid, wasmBytes) {
  let wasm = NaN;
  let malloc = 0;
  let files = 0;
  let sizeKb = 0;
  let name = '';
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const mapping = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (mapping) {
      name = mapping[1];
      continue;
    }
    const field = /^(Size|Rss):\s+(\d+) kB/.exec(line);
    if (field?.[1] === 'Size') sizeKb = Number(field[2]);
    else if (field?.[1] === 'Rss') {
      if (name === '[heap]') malloc += Number(field[2]) / 1024;
      else if (name.startsWith('/')) files += Number(field[2]) / 1024;
      else if (!name && wasmBytes !== undefined && sizeKb * 1024 === wasmBytes)
        wasm = Number(field[2]) / 1024;
    }
  }
  return { wasmResident: wasm, mallocHeap: malloc, fileMapped: files };
}

/** @param {string} dataDir */
async function startServer(dataDir) {
  const started = performance.now();
  // BENCH_NODE_OPTIONS (as for the other benchmarks' servers) tries V8 flags, e.g. `--expose-gc`
  // to read the live heap instead of the heap with its garbage.
  const nodeOptions = process.env.BENCH_NODE_OPTIONS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeOptions, SERVER], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      PORT: String(PORTS.start),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'info',
      MEMORY_REPORT: 'true',
    },
  });
  /** @type {((figures: MemoryFigures) => void)[]} */
  const waiting = [];
  // Memory lines answer `readMemory`; anything else the server writes passes through.
  createInterface({ input: /** @type {import('node:stream').Readable} */ (child.stderr) }).on(
    'line',
    (line) => {
      if (line.startsWith('{"memory":')) waiting.shift()?.(JSON.parse(line).memory);
      else process.stderr.write(`${line}\n`);
    },
  );
  /** The server's own memory figures (SIGUSR2 → one JSON line on its stderr). */
  const readMemory = () =>
    /** @type {Promise<MemoryFigures | undefined>} */ (
      new Promise((resolve) => {
        const timer = setTimeout(() => resolve(undefined), 5_000);
        waiting.push((figures) => {
          clearTimeout(timer);
          resolve(figures);
        });
        child.kill('SIGUSR2');
      })
    );
  await waitFor200(`http://127.0.0.1:${PORTS.start}/`);
  return { child, readMemory, ms: performance.now() - started };
}

/** MB of a byte count. @param {number | undefined} bytes */
const mb = (bytes) => (bytes === undefined ? NaN : bytes / 2 ** 20);

/**
 * The figures of the breakdown, MB.
 * @param {MemoryFigures | undefined} m
 * @param {number} pid
 */
function breakdown(m, pid) {
  return {
    ...residentMb(pid, m?.wasm),
    rss: mb(m?.rss),
    heapTotal: mb(m?.heapTotal),
    heapUsed: mb(m?.heapUsed),
    newSpace: mb(m?.heapSpaces.new_space),
    oldSpace: mb(m?.heapSpaces.old_space),
    codeSpace: mb(m?.heapSpaces.code_space),
    largeObjects: mb(m?.heapSpaces.large_object_space),
    external: mb(m?.external),
    arrayBuffers: mb(m?.arrayBuffers),
    wasm: mb(m?.wasm),
  };
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
      // "After start" is the server at rest once its start is complete: the background jobs
      // make their first run 2 s after listening (apps/server/src/jobs), and the lesson
      // generation over the demo data takes a few seconds more. The reading at 2 s, before
      // them, is kept for context.
      await sleep(2_000);
      const afterListen = rssMb(pid);
      await sleep(START_SETTLE_MS - 2_000);
      const afterStart = rssMb(pid);
      const memoryAfterStart = breakdown(await again.readMemory(), pid);
      const token = await demoToken(base);
      const auth = { authorization: `Bearer ${token}` };
      const get = (/** @type {string} */ p, /** @type {boolean} */ signedIn = true) => ({
        method: /** @type {const} */ ('GET'),
        path: p,
        headers: signedIn ? auth : {},
      });
      log(`start: mixed load for ${settings.minutes} min`);
      /** @type {{ at: number, mb: number, memory: ReturnType<typeof breakdown> }[]} */
      const samples = [];
      const t0 = performance.now();
      const sampler = setInterval(() => {
        const at = (performance.now() - t0) / 1000;
        const rss = rssMb(pid);
        void again
          .readMemory()
          .then((m) => samples.push({ at, mb: rss, memory: breakdown(m, pid) }));
      }, 5_000);
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
      const memoryAfterLoad = breakdown(await again.readMemory(), pid);
      samples.sort((a, b) => a.at - b.at);
      const warm = samples.find((s) => s.at >= 30) ?? samples[0];
      return {
        settings,
        target: TARGET_RSS_GROWTH,
        startMs: { fresh: fresh.ms, initialised: again.ms },
        rssMb: {
          freshStart: freshRss,
          afterListen,
          afterStart,
          afterWarmup: warm?.mb ?? NaN,
          afterLoad,
          peak: Math.max(...samples.map((s) => s.mb)),
        },
        // The server's own figures (MB) at the two points the growth is measured between.
        memory: { afterStart: memoryAfterStart, afterLoad: memoryAfterLoad },
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

const BREAKDOWN_ROWS = /** @type {const} */ ([
  ['rss', "RSS (the server's own reading)"],
  ['heapTotal', 'V8 heap, total'],
  ['newSpace', '… young generation (new space)'],
  ['oldSpace', '… old space'],
  ['codeSpace', '… code space'],
  ['largeObjects', '… large objects'],
  ['heapUsed', 'V8 heap, used'],
  ['external', 'external (C++ objects bound to JS, WebAssembly memory included)'],
  ['arrayBuffers', '… of which ArrayBuffers and Buffers'],
  ['wasm', 'PGlite WebAssembly memory, size'],
  ['wasmResident', '… resident (touched pages, /proc smaps)'],
  ['mallocHeap', 'glibc malloc main arena, resident'],
  ['fileMapped', 'mapped files (node binary, ICU data, libraries), resident'],
]);

/**
 * Where the memory is: the server's `process.memoryUsage()`, V8 heap spaces and PGlite's
 * WebAssembly memory, after start and after the load.
 * @param {Awaited<ReturnType<typeof run>>} result
 */
function memoryTable(result) {
  const { afterStart, afterLoad } = result.memory;
  return table(
    ['server memory, MB', 'after start', `after ${result.settings.minutes} min of load`, 'change'],
    BREAKDOWN_ROWS.map(([key, label]) => [
      label,
      fixed(afterStart[key], 1),
      fixed(afterLoad[key], 1),
      fixed(afterLoad[key] - afterStart[key], 1),
    ]),
  );
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
        ...(rss.afterListen === undefined
          ? []
          : [
              [
                'RSS 2 s after the first 200 (jobs not yet run)',
                `${fixed(rss.afterListen, 0)} MB`,
                '—',
              ],
            ]),
        [
          `RSS after start (initialised; at rest ${START_SETTLE_MS / 1000} s after the first 200)`,
          `${fixed(rss.afterStart, 0)} MB`,
          '—',
        ],
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
    ...(result.memory ? [memoryTable(result), ''] : []),
    `Load: ${result.load.requests} requests (${fixed(result.load.rps, 0)}/s, ${result.settings.connections} connections, ${result.load.non2xx} non-2xx, ${result.load.errors} errors) and ${result.load.signIns} sign-ins.`,
  ].join('\n');
}
