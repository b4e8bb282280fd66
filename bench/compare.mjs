// Before/after of a server change, side by side in one run: the hot routes of this tree and of
// an earlier commit (`--ref`, default HEAD) run at once, each on its own embedded database with
// the demo data, and autocannon alternates between them (before, after, after, before).
//
//   npm run bench:compare -- --ref <commit> [--duration 10] [--connections 10]
import autocannon from 'autocannon';
import { execSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import {
  HOT_ROUTES,
  PORTS,
  ROOT,
  demoToken,
  fixed,
  log,
  parseArgs,
  removeDir,
  saveResult,
  startBenchServer,
  stopChild,
  table,
  tempDir,
} from './lib/common.mjs';

const args = parseArgs(process.argv.slice(2));
const ref = String(args.ref ?? 'HEAD');
const duration = Number(args.duration ?? 10);
const connections = Number(args.connections ?? 10);
const commit = execSync(`git rev-parse --short ${ref}`, { cwd: ROOT }).toString().trim();

// The earlier server source next to this tree's benchmark code and node_modules.
const beforeRoot = tempDir('before');
execSync(`git archive ${commit} apps/server packages/shared | tar -x -C ${beforeRoot}`, {
  cwd: ROOT,
});
cpSync(path.join(ROOT, 'bench'), path.join(beforeRoot, 'bench'), { recursive: true });
// This tree's packages, except the workspace's own: `@portal/shared` must be the earlier commit's
// (a symlink to the whole node_modules would resolve it to this tree's packages/shared).
const beforeModules = path.join(beforeRoot, 'node_modules');
mkdirSync(path.join(beforeModules, '@portal'), { recursive: true });
for (const entry of readdirSync(path.join(ROOT, 'node_modules'))) {
  if (entry !== '@portal') {
    symlinkSync(path.join(ROOT, 'node_modules', entry), path.join(beforeModules, entry));
  }
}
symlinkSync('../../packages/shared', path.join(beforeModules, '@portal', 'shared'));

const dirs = [tempDir('compare-before'), tempDir('compare-after')];
const servers = {};
try {
  for (const [index, which] of ['before', 'after'].entries()) {
    const env = {
      DATA_DIR: dirs[index],
      DATABASE_URL: '',
      DEMO_DATA: 'true',
      PORT: String(PORTS[which]),
    };
    const { child } = await startBenchServer(env, [], which === 'before' ? beforeRoot : ROOT);
    servers[which] = { child, base: `http://127.0.0.1:${PORTS[which]}` };
    servers[which].token = await demoToken(servers[which].base);
  }
  const rows = [];
  for (const route of HOT_ROUTES) {
    const runs = { before: [], after: [] };
    for (const which of ['before', 'after', 'after', 'before']) {
      const { base, token } = servers[which];
      const options = {
        url: `${base}${route.path}`,
        connections,
        headers: { authorization: `Bearer ${token}` },
      };
      await autocannon({ ...options, duration: 2 });
      const r = await autocannon({ ...options, duration });
      runs[which].push({ rps: r.requests.average, p99: r.latency.p99 });
      log(
        `  ${route.name} ${which}: ${fixed(r.requests.average, 0)} req/s p99 ${r.latency.p99} ms`,
      );
    }
    const mean = (/** @type {number[]} */ v) => v.reduce((a, b) => a + b, 0) / v.length;
    const summary = (/** @type {'before' | 'after'} */ w) => ({
      rps: mean(runs[w].map((r) => r.rps)),
      p99: mean(runs[w].map((r) => r.p99)),
    });
    rows.push({ route: route.name, before: summary('before'), after: summary('after') });
  }
  const result = { ref: commit, duration, connections, rows };
  saveResult(`compare-${commit}`, result);
  process.stdout.write(
    `\nbefore = ${commit}, after = working tree; ${connections} connections, 2 × ${duration} s each\n\n` +
      table(
        ['route', 'before req/s', 'after req/s', 'after/before', 'before p99 ms', 'after p99 ms'],
        rows.map((row) => [
          row.route,
          fixed(row.before.rps, 0),
          fixed(row.after.rps, 0),
          fixed(row.after.rps / row.before.rps),
          fixed(row.before.p99, 0),
          fixed(row.after.p99, 0),
        ]),
      ) +
      '\n',
  );
} finally {
  for (const server of Object.values(servers)) await stopChild(server.child);
  for (const dir of [...dirs, beforeRoot]) removeDir(dir);
}
