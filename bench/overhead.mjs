// App overhead: our real routes (auth hook, Zod validation and serialisation, pino logging,
// services, Drizzle) against a bare Fastify server replaying the same SQL statements on the same
// database (bench/lib/bare.mjs), side by side under autocannon.
import autocannon from 'autocannon';
import {
  HOT_ROUTES,
  PORTS,
  cpuTime,
  dropDatabase,
  fixed,
  log,
  recreateDatabase,
  removeDir,
  startBenchServer,
  stopChild,
  table,
  tempDir,
} from './lib/common.mjs';

export const TARGET = 0.85;

/**
 * @param {{ url: string, connections: number, duration: number, headers: Record<string, string>, child?: import('node:child_process').ChildProcess }} options
 */
async function cannon(options) {
  const cpuBefore = options.child ? await cpuTime(options.child) : 0;
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.duration,
    headers: options.headers,
  });
  const cpu = options.child ? (await cpuTime(options.child)) - cpuBefore : 0;
  return {
    rps: result.requests.average,
    // CPU of the server process per answered request (µs): both servers share the process and
    // are measured in turn; on PostgreSQL this is the app alone (the database is elsewhere).
    cpuPerRequest: cpu / Math.max(1, result.requests.total),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/**
 * @param {'pglite' | 'postgres'} kind
 * @param {{ duration: number, warmup: number, connections: number[] }} settings
 */
async function runOn(kind, settings) {
  const env = { PORT: String(PORTS.ours), DEMO_DATA: 'true' };
  let dataDir = '';
  const dbName = 'portal_bench_overhead';
  if (kind === 'pglite') {
    dataDir = tempDir('overhead');
    Object.assign(env, { DATA_DIR: dataDir, DATABASE_URL: '' });
  } else {
    const url = /** @type {string} */ (process.env.DATABASE_URL);
    Object.assign(env, { DATABASE_URL: await recreateDatabase(url, dbName) });
  }
  log(`overhead on ${kind}: starting our app and the bare server`);
  const { child, info } = await startBenchServer(env, ['--bare', String(PORTS.bare)]);
  const headers = { authorization: `Bearer ${info.token}` };
  const rows = [];
  try {
    let turn = 0;
    for (const route of HOT_ROUTES) {
      for (const connections of settings.connections) {
        /** @type {Record<string, Awaited<ReturnType<typeof cannon>>>} */
        const measured = {};
        // Alternate which server goes first, so neither always runs on a warmer machine.
        const order = turn % 2 === 0 ? ['ours', 'bare'] : ['bare', 'ours'];
        turn += 1;
        for (const which of order) {
          const url = `http://127.0.0.1:${info.ports[which]}${route.path}`;
          await cannon({ url, connections, duration: settings.warmup, headers });
          measured[which] = await cannon({
            url,
            connections,
            duration: settings.duration,
            headers,
            child,
          });
          const m = measured[which];
          log(
            `  ${route.name} c${connections} ${which}: ${fixed(m.rps, 0)} req/s p99 ${m.p99} ms, ${fixed(m.cpuPerRequest, 0)} µs CPU/req`,
          );
        }
        rows.push({
          route: route.name,
          connections,
          ours: measured.ours,
          bare: measured.bare,
          rpsRatio: measured.ours.rps / measured.bare.rps,
          // Latency: bare/ours, so that 1 means "no overhead" and higher is better, like req/s.
          p99Ratio: measured.bare.p99 / measured.ours.p99,
          cpuRatio: measured.bare.cpuPerRequest / measured.ours.cpuPerRequest,
        });
      }
    }
  } finally {
    await stopChild(child);
    if (dataDir) removeDir(dataDir);
    else await dropDatabase(/** @type {string} */ (process.env.DATABASE_URL), dbName);
  }
  return { kind, statements: info.statements, rows };
}

/** @param {Record<string, string | boolean>} args */
export async function run(args) {
  const settings = {
    duration: Number(args.duration ?? 10),
    warmup: Number(args.warmup ?? 3),
    connections: [10, 50],
  };
  // `--db pglite` or `--db postgres` runs one of the two.
  const kinds = /** @type {('pglite' | 'postgres')[]} */ (
    process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite']
  ).filter((kind) => !args.db || args.db === kind);
  const databases = [];
  for (const kind of kinds) databases.push(await runOn(kind, settings));
  return { settings, target: TARGET, databases };
}

/** @param {Awaited<ReturnType<typeof run>>} result */
export function render(result) {
  return result.databases
    .map((db) =>
      [
        `**${db.kind}**`,
        '',
        table(
          [
            'route',
            'conns',
            'ours req/s',
            'bare req/s',
            'req/s ours/bare',
            'ours p99 ms',
            'bare p99 ms',
            'p99 bare/ours',
            'CPU µs/req ours',
            'CPU µs/req bare',
            'CPU bare/ours',
            'target',
          ],
          db.rows.map((row) => [
            row.route,
            row.connections,
            fixed(row.ours.rps, 0),
            fixed(row.bare.rps, 0),
            fixed(row.rpsRatio),
            row.ours.p99,
            row.bare.p99,
            fixed(row.p99Ratio),
            row.ours.cpuPerRequest ? fixed(row.ours.cpuPerRequest, 0) : '—',
            row.bare.cpuPerRequest ? fixed(row.bare.cpuPerRequest, 0) : '—',
            row.cpuRatio ? fixed(row.cpuRatio) : '—',
            (row.rpsRatio >= result.target && row.p99Ratio >= result.target ? 'met' : 'missed') +
              (row.ours.errors + row.bare.errors + row.ours.non2xx + row.bare.non2xx > 0
                ? ' (timeouts/errors)'
                : ''),
          ]),
        ),
      ].join('\n'),
    )
    .join('\n\n');
}
