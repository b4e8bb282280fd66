// The server under test for the overhead, growth and sign-in benchmarks, run in its own process
// with `node --import tsx`: our real app (buildApp from apps/server/src — routes, auth,
// validation, pino logging) on the configured database, without the background jobs (they are
// not part of serving a request and would add noise). With `--bare` the same process also serves
// the bare replay server (bench/lib/bare.mjs) on the same database handle, because an embedded
// PGlite can only be opened by one process. Reports `{ ports, ... }` over IPC once listening.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { buildApp } from '../../apps/server/src/app';
import { prepareDatabase } from '../../apps/server/src/boot';
import { loadConfig } from '../../apps/server/src/config';
import { buildBareApp, captureStatements } from './bare.mjs';
import { HOT_ROUTES, DEMO_PHONE, parseArgs } from './common.mjs';

const args = parseArgs(process.argv.slice(2));
const config = loadConfig();
const database = await prepareDatabase(config);
const app = await buildApp({ config, database });
await app.ready();

/** @type {Record<string, unknown>} */
const info = { ports: { ours: config.port }, databaseKind: database.kind };
/** @type {import('fastify').FastifyInstance | undefined} */
let bare;

if (args.bare) {
  const login = await app.inject({ method: 'POST', url: '/api/login', payload: DEMO_PHONE });
  const token = login.json().data.token;
  const headers = { authorization: `Bearer ${token}` };
  const captured = await captureStatements(database.db, async (route) => {
    const res = await app.inject({ method: 'GET', url: route.path, headers });
    if (res.statusCode !== 200) throw new Error(`${route.path}: ${res.statusCode} ${res.body}`);
  });
  bare = await buildBareApp(database, captured, config);
  await bare.listen({ port: Number(args.bare), host: '127.0.0.1' });
  info.ports = { ours: config.port, bare: Number(args.bare) };
  info.token = token;
  info.statements = Object.fromEntries(
    HOT_ROUTES.map((route) => [
      route.name,
      captured[route.name].map((wave) => wave.map((statement) => statement.text)),
    ]),
  );
}

await app.listen({ port: config.port, host: '127.0.0.1' });
process.send?.(info);

// Event-loop delay on request of the driver: tells a blocked loop (our code running) from a
// process that merely waited for a CPU (the machine is shared).
const delay = monitorEventLoopDelay({ resolution: 1 });
delay.enable();
process.on('message', (message) => {
  if (message === 'eld:reset') delay.reset();
  // CPU time of this process (our app and the bare server share it; they are measured in turn).
  if (message === 'cpu:read') process.send?.({ cpu: process.cpuUsage() });
  if (message === 'eld:read') {
    const ms = (/** @type {number} */ ns) => ns / 1e6;
    process.send?.({
      eld: { p50: ms(delay.percentile(50)), p99: ms(delay.percentile(99)), max: ms(delay.max) },
    });
  }
});

let closing = false;
async function shutdown() {
  if (closing) return;
  closing = true;
  await bare?.close();
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());
process.on('disconnect', () => void shutdown());
