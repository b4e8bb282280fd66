// Helpers shared by the benchmarks: arguments, statistics, tables, child servers, databases.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const RESULTS_DIR = path.join(ROOT, 'bench/results');
export const DEMO_PHONE = { country_code: '86', mobile: '13800138000', password: 'demo2026' };

/** Ports 4400–4499 are the benchmarks' own (brief of issue #8). */
export const PORTS = {
  ours: 4401,
  bare: 4402,
  growthA: 4411,
  growthB: 4412,
  before: 4451,
  after: 4452,
  signin: 4421,
  start: 4431,
  lighthouse: 4441,
  lighthouseBaseline: 4442,
  returnVisit: 4443,
  returnVisitBaseline: 4444,
};

/**
 * `--name value` and `--flag` pairs into an object; bare words go to `_`.
 * @param {string[]} argv
 * @returns {Record<string, string | boolean> & { _: string[] }}
 */
export function parseArgs(argv) {
  /** @type {Record<string, string | boolean> & { _: string[] }} */
  const out = { _: [] };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (!arg.startsWith('--')) {
      out._.push(arg);
      continue;
    }
    const [key, inline] = arg.slice(2).split('=', 2);
    if (inline !== undefined) out[key] = inline;
    else if (argv[i + 1] !== undefined && !argv[i + 1].startsWith('--')) out[key] = argv[++i];
    else out[key] = true;
  }
  return out;
}

/**
 * The q-quantile (0..1) of unsorted numbers, nearest-rank.
 * @param {number[]} values
 * @param {number} q
 */
export function quantile(values, q) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank];
}

/**
 * The pages a browser bench visits: with `--pages /,/index`, only those of `pages` (by path).
 * @template {{ path: string }} P
 * @param {Record<string, string | boolean>} args
 * @param {P[]} pages
 * @returns {P[]}
 */
export function pickPages(args, pages) {
  const only = typeof args.pages === 'string' ? args.pages.split(',') : undefined;
  const picked = pages.filter((page) => !only || only.includes(page.path));
  if (picked.length === 0) throw new Error(`--pages: none of ${pages.map((p) => p.path)}`);
  return picked;
}

/** @param {number} value @param {number} [digits] */
export const fixed = (value, digits = 2) => (Number.isFinite(value) ? value.toFixed(digits) : '—');

/**
 * A plain-text / Markdown table (the same text prints on the console and goes in the report).
 * @param {string[]} headers
 * @param {(string | number)[][]} rows
 */
export function table(headers, rows) {
  const cells = [headers, ...rows.map((row) => row.map(String))];
  const widths = headers.map((_, i) => Math.max(...cells.map((row) => row[i].length)));
  const line = (/** @type {string[]} */ row) =>
    `| ${row.map((cell, i) => cell.padEnd(widths[i])).join(' | ')} |`;
  return [
    line(cells[0]),
    `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`,
    ...cells.slice(1).map(line),
  ].join('\n');
}

/** @param {string} message */
export function log(message) {
  process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}\n`);
}

/** @param {number} ms */
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Machine context for the report: the figures are only comparable within one run. */
export function machine() {
  const cpus = os.cpus();
  return {
    date: new Date().toISOString(),
    cpus: cpus.length,
    cpuModel: cpus[0]?.model ?? 'unknown',
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    loadAverage: os.loadavg().map((v) => v.toFixed(2)),
  };
}

/**
 * Saves one benchmark's result for the report (`bench/results/<name>.json`).
 * @param {string} name
 * @param {object} result
 */
export function saveResult(name, result) {
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(
    path.join(RESULTS_DIR, `${name}.json`),
    `${JSON.stringify({ machine: machine(), ...result }, null, 2)}\n`,
  );
}

/** @param {string} name */
export function loadResult(name) {
  try {
    return JSON.parse(readFileSync(path.join(RESULTS_DIR, `${name}.json`), 'utf8'));
  } catch {
    return undefined;
  }
}

/** @param {string} prefix */
export function tempDir(prefix) {
  return mkdtempSync(path.join(os.tmpdir(), `portal-bench-${prefix}-`));
}

/** @param {string} dir */
export const removeDir = (dir) => rmSync(dir, { recursive: true, force: true });

/**
 * One HTTP request on a keep-alive agent; answers the status, body and duration in ms.
 * @param {string} url
 * @param {{ method?: string, headers?: Record<string, string>, body?: unknown, agent?: http.Agent }} [options]
 */
export function request(url, options = {}) {
  return new Promise((resolve, reject) => {
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    const started = process.hrtime.bigint();
    const req = http.request(
      url,
      {
        method: options.method ?? 'GET',
        agent: options.agent,
        headers: {
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...options.headers,
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            ms: Number(process.hrtime.bigint() - started) / 1e6,
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * Polls `url` until it answers 200; answers the ms waited.
 * @param {string} url
 * @param {number} [timeoutMs]
 */
export async function waitFor200(url, timeoutMs = 120_000) {
  const started = performance.now();
  for (;;) {
    try {
      const res = await request(url);
      if (res.status === 200) return performance.now() - started;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > timeoutMs) throw new Error(`${url} not ready in time`);
    await sleep(20);
  }
}

/**
 * Signs the demo parent in and answers its bearer token.
 * @param {string} base
 */
export async function demoToken(base) {
  const res = await request(`${base}/api/login`, { method: 'POST', body: DEMO_PHONE });
  const parsed = JSON.parse(res.body);
  if (parsed.code !== 200) throw new Error(`demo sign-in failed: ${res.body}`);
  return /** @type {string} */ (parsed.data.token);
}

/**
 * Starts `apps/server/src`-based bench server (`bench/lib/app-server.mjs`) in a child process
 * and resolves with its first IPC message once it is listening.
 * @param {Record<string, string>} env
 * @param {string[]} [args]
 * @param {string} [root] a source tree other than this one (bench/compare.mjs)
 */
export function startBenchServer(env, args = [], root = ROOT) {
  const child = spawn(
    process.execPath,
    [
      ...(process.env.BENCH_NODE_OPTIONS?.split(' ').filter(Boolean) ?? []),
      '--import',
      'tsx',
      path.join(root, 'bench/lib/app-server.mjs'),
      ...args,
    ],
    {
      cwd: root,
      // The app's JSON log goes to /dev/null: it is still written (pino is synchronous on fd 1).
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      env: { ...process.env, LOG_LEVEL: 'info', NODE_ENV: 'test', ...env },
    },
  );
  return new Promise((resolve, reject) => {
    child.once('message', (message) => resolve({ child, info: message }));
    child.once('exit', (code) => reject(new Error(`bench server exited (${code})`)));
  });
}

/**
 * Event-loop delay of a bench server since the last call (ms; see app-server.mjs).
 * @param {import('node:child_process').ChildProcess} child
 * @returns {Promise<{ p50: number, p99: number, max: number }>}
 */
export function eventLoopDelay(child) {
  return new Promise((resolve) => {
    const onMessage = (/** @type {any} */ message) => {
      if (!message?.eld) return;
      child.off('message', onMessage);
      child.send('eld:reset');
      resolve(message.eld);
    };
    child.on('message', onMessage);
    child.send('eld:read');
  });
}

/**
 * CPU time (user + system, µs) the bench server process has used so far (see app-server.mjs).
 * @param {import('node:child_process').ChildProcess} child
 * @returns {Promise<number>}
 */
export function cpuTime(child) {
  return new Promise((resolve) => {
    const onMessage = (/** @type {any} */ message) => {
      if (!message?.cpu) return;
      child.off('message', onMessage);
      resolve(message.cpu.user + message.cpu.system);
    };
    child.on('message', onMessage);
    child.send('cpu:read');
  });
}

/**
 * Stops a child process and waits for its exit.
 * @param {import('node:child_process').ChildProcess} child
 */
export function stopChild(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve(undefined);
    });
    child.kill('SIGTERM');
  });
}

/** `DATABASE_URL` with another database name. @param {string} url @param {string} name */
export function withDatabase(url, name) {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/**
 * Creates (dropping first) a PostgreSQL database for a run; only names starting `portal_bench_`.
 * @param {string} url any database URL of the server
 * @param {string} name
 */
export async function recreateDatabase(url, name) {
  if (!/^portal_bench_[a-z0-9_]+$/.test(name)) throw new Error(`refusing database name ${name}`);
  const admin = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  return withDatabase(url, name);
}

/** @param {string} url @param {string} name */
export async function dropDatabase(url, name) {
  if (!/^portal_bench_[a-z0-9_]+$/.test(name)) throw new Error(`refusing database name ${name}`);
  const admin = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
  } finally {
    await admin.end();
  }
}

/** Where the hot routes are, with the demo parent's usual query strings. */
export const HOT_ROUTES = [
  { name: 'profile', path: '/api/user/profile' },
  {
    name: 'upcoming lessons',
    path: '/api/userSchedukeForStudentSeven?time_diff=0&pagesize=30&page=1',
  },
  { name: 'credit log', path: '/api/account-logs/creditPC?pagesize=10&page=1' },
];
