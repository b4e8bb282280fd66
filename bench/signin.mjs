// Sign-in under load: 20 password sign-ins kept in flight (scrypt at the default cost 17, run in
// libuv's thread pool) while GET /api/health is timed back to back. The event loop must stay
// free: health p99 ≤ 50 ms. Health is also timed on the idle server first, for context.
import http from 'node:http';
import {
  DEMO_PHONE,
  PORTS,
  eventLoopDelay,
  fixed,
  log,
  quantile,
  removeDir,
  request,
  sleep,
  startBenchServer,
  stopChild,
  table,
  tempDir,
} from './lib/common.mjs';

export const TARGET_HEALTH_P99_MS = 50;

/**
 * Times GET /api/health back to back (2 ms apart) until `until()` says stop.
 * @param {string} base
 * @param {() => boolean} until
 */
async function probeHealth(base, until) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const times = [];
  while (!until()) {
    const res = await request(`${base}/api/health`, { agent });
    if (res.status !== 200) throw new Error(`health answered ${res.status}`);
    times.push(res.ms);
    await sleep(2);
  }
  agent.destroy();
  return times;
}

/** @param {Record<string, string | boolean>} args */
export async function run(args) {
  const settings = {
    inFlight: Number(args['in-flight'] ?? 20),
    seconds: Number(args.seconds ?? 20),
    cost: 17,
  };
  const dataDir = tempDir('signin');
  const base = `http://127.0.0.1:${PORTS.signin}`;
  log('signin: starting our app (embedded database, default hash cost)');
  const { child } = await startBenchServer({
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    DEMO_DATA: 'true',
    PORT: String(PORTS.signin),
    PASSWORD_HASH_COST: String(settings.cost),
    // Each sign-in comes from its own forwarded address, so the per-IP limit (30/min) does
    // not turn the load into 429s; the per-account rules still apply.
    TRUST_PROXY: 'true',
  });
  try {
    let stopAt = performance.now() + 5_000;
    await eventLoopDelay(child);
    const idle = await probeHealth(base, () => performance.now() > stopAt);
    const idleLoop = await eventLoopDelay(child);

    let stopping = false;
    let address = 0;
    const signIns = [];
    let failures = 0;
    const worker = async () => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      while (!stopping) {
        address += 1;
        const res = await request(`${base}/api/login`, {
          method: 'POST',
          body: DEMO_PHONE,
          agent,
          headers: {
            'x-forwarded-for': `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
          },
        });
        if (res.status === 200 && JSON.parse(res.body).code === 200) signIns.push(res.ms);
        else failures += 1;
      }
      agent.destroy();
    };
    const workers = Array.from({ length: settings.inFlight }, worker);
    // Let the thread pool fill before timing health.
    await sleep(1_000);
    stopAt = performance.now() + settings.seconds * 1000;
    await eventLoopDelay(child);
    const loaded = await probeHealth(base, () => performance.now() > stopAt);
    const loadedLoop = await eventLoopDelay(child);
    stopping = true;
    await Promise.all(workers);
    if (failures > 0) throw new Error(`${failures} sign-ins failed`);
    return {
      settings,
      target: TARGET_HEALTH_P99_MS,
      health: {
        idle: {
          count: idle.length,
          p50: quantile(idle, 0.5),
          p99: quantile(idle, 0.99),
          eventLoopDelay: idleLoop,
        },
        loaded: {
          count: loaded.length,
          p50: quantile(loaded, 0.5),
          p99: quantile(loaded, 0.99),
          eventLoopDelay: loadedLoop,
        },
      },
      signIn: {
        count: signIns.length,
        perSecond: signIns.length / (settings.seconds + 1),
        p50: quantile(signIns, 0.5),
        p95: quantile(signIns, 0.95),
      },
    };
  } finally {
    await stopChild(child);
    removeDir(dataDir);
  }
}

/** @param {Awaited<ReturnType<typeof run>>} result */
export function render(result) {
  const { health, signIn } = result;
  return table(
    ['measure', 'count', 'p50 ms', 'p95/p99 ms', 'event-loop delay p99 / max ms', 'target'],
    [
      [
        'health, idle server',
        health.idle.count,
        fixed(health.idle.p50),
        `p99 ${fixed(health.idle.p99)}`,
        `${fixed(health.idle.eventLoopDelay.p99)} / ${fixed(health.idle.eventLoopDelay.max)}`,
        '—',
      ],
      [
        `health, ${result.settings.inFlight} sign-ins in flight`,
        health.loaded.count,
        fixed(health.loaded.p50),
        `p99 ${fixed(health.loaded.p99)}`,
        `${fixed(health.loaded.eventLoopDelay.p99)} / ${fixed(health.loaded.eventLoopDelay.max)}`,
        health.loaded.p99 <= result.target
          ? `met (≤ ${result.target})`
          : `missed (> ${result.target})`,
      ],
      [
        `sign-in (${fixed(signIn.perSecond, 1)}/s)`,
        signIn.count,
        fixed(signIn.p50),
        `p95 ${fixed(signIn.p95)}`,
        '—',
        '—',
      ],
    ],
  );
}
