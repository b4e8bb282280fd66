// Sign-in under attack (issue #18 item 4): hostile wrong-password sign-ins kept in flight (16, then
// 64), each for a new phone from a new forwarded address, so neither the per-address limit nor
// the per-phone waits and captcha stop them — only the per-instance hashing cap does (decision
// 030). Meanwhile one parent signs in back to back with the right password and GET /api/health
// is timed back to back. The event loop must stay free (health p99 ≤ 50 ms) and the parent's
// sign-in must answer quickly: a sign-in or, when the hashing is fully booked, a quick 429.
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

/** A forwarded address per request: `prefix`.x.y.z from a counter. */
const address = (/** @type {number} */ prefix, /** @type {number} */ n) =>
  `${prefix}.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

/**
 * The demo parent signing in back to back with the right password until `until()` says stop,
 * from a browser that signed in before: it sends the device token it got then, as the web app
 * does (decision 030; a server without devices ignores the field).
 * @param {string} base
 * @param {() => boolean} until
 * @param {string | undefined} device
 */
async function probeSignIn(base, until, device) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  /** @type {{ ms: number, status: number }[]} */
  const answers = [];
  let n = 0;
  while (!until()) {
    n += 1;
    const res = await request(`${base}/api/login`, {
      method: 'POST',
      body: { ...DEMO_PHONE, device },
      agent,
      headers: { 'x-forwarded-for': address(172, n) },
    });
    if (res.status !== 200 && res.status !== 429)
      throw new Error(`the parent's sign-in answered ${res.status}: ${res.body}`);
    answers.push({ ms: res.ms, status: res.status });
  }
  agent.destroy();
  return answers;
}

/**
 * One phase: `hostile` wrong-password sign-ins in flight while the parent's sign-in and health
 * are timed for `seconds`.
 * @param {string} base
 * @param {import('node:child_process').ChildProcess} child
 * @param {number} hostile
 * @param {number} seconds
 * @param {{ next: number }} counter phones and addresses never repeat across phases
 * @param {string | undefined} device the parent's device token
 */
async function underAttack(base, child, hostile, seconds, counter, device) {
  let stopping = false;
  /** @type {Record<string, number>} */
  const hostileStatuses = {};
  const attacker = async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    while (!stopping) {
      counter.next += 1;
      const n = counter.next;
      const res = await request(`${base}/api/login`, {
        method: 'POST',
        body: {
          country_code: '86',
          mobile: `139${String(n).padStart(8, '0')}`,
          password: `guess${n}word`,
        },
        agent,
        headers: { 'x-forwarded-for': address(10, n) },
      });
      hostileStatuses[res.status] = (hostileStatuses[res.status] ?? 0) + 1;
    }
    agent.destroy();
  };
  const attackers = Array.from({ length: hostile }, attacker);
  // Let the attack fill the hashing before timing.
  await sleep(1_000);
  const stopAt = performance.now() + seconds * 1000;
  const until = () => performance.now() > stopAt;
  await eventLoopDelay(child);
  const [health, signIns] = await Promise.all([
    probeHealth(base, until),
    probeSignIn(base, until, device),
  ]);
  const loop = await eventLoopDelay(child);
  stopping = true;
  await Promise.all(attackers);
  const times = signIns.map((answer) => answer.ms);
  const signedIn = signIns.filter((answer) => answer.status === 200).map((answer) => answer.ms);
  return {
    hostile,
    hostileStatuses,
    health: {
      count: health.length,
      p50: quantile(health, 0.5),
      p99: quantile(health, 0.99),
      eventLoopDelay: loop,
    },
    signIn: {
      count: signIns.length,
      signedIn: signedIn.length,
      p50: quantile(times, 0.5),
      p95: quantile(times, 0.95),
      signedInP95: quantile(signedIn, 0.95),
    },
  };
}

/** @param {Record<string, string | boolean>} args */
export async function run(args) {
  const settings = {
    hostile: String(args.hostile ?? '16,64')
      .split(',')
      .map(Number),
    seconds: Number(args.seconds ?? 15),
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
    // Each sign-in comes from its own forwarded address, as a botnet's would: the per-IP limit
    // (30/min) never answers 429 here.
    TRUST_PROXY: 'true',
  });
  try {
    const stopAt = performance.now() + 5_000;
    await eventLoopDelay(child);
    const idle = await probeHealth(base, () => performance.now() > stopAt);
    const idleLoop = await eventLoopDelay(child);
    // The parent's earlier sign-in on this browser, before the attack.
    const earlier = await request(`${base}/api/login`, {
      method: 'POST',
      body: DEMO_PHONE,
      headers: { 'x-forwarded-for': '172.31.255.1' },
    });
    const device = JSON.parse(earlier.body).data?.device_token;
    const counter = { next: 0 };
    const phases = [];
    for (const hostile of settings.hostile) {
      log(`signin: ${hostile} hostile sign-ins in flight for ${settings.seconds} s`);
      phases.push(await underAttack(base, child, hostile, settings.seconds, counter, device));
    }
    return {
      settings,
      target: TARGET_HEALTH_P99_MS,
      idle: {
        count: idle.length,
        p50: quantile(idle, 0.5),
        p99: quantile(idle, 0.99),
        eventLoopDelay: idleLoop,
      },
      phases,
    };
  } finally {
    await stopChild(child);
    removeDir(dataDir);
  }
}

/** @param {any} result */
export function render(result) {
  // Results saved before 2026-11-24 (20 sign-ins of the demo parent in flight, no attack).
  if (!result.phases) {
    return table(
      ['measure', 'count', 'p50 ms', 'p95/p99 ms'],
      [
        [
          'health, idle server',
          result.health.idle.count,
          fixed(result.health.idle.p50),
          `p99 ${fixed(result.health.idle.p99)}`,
        ],
        [
          `health, ${result.settings.inFlight} sign-ins in flight`,
          result.health.loaded.count,
          fixed(result.health.loaded.p50),
          `p99 ${fixed(result.health.loaded.p99)}`,
        ],
        [
          'sign-in',
          result.signIn.count,
          fixed(result.signIn.p50),
          `p95 ${fixed(result.signIn.p95)}`,
        ],
      ],
    );
  }
  const loop = (/** @type {{ p99: number, max: number }} */ d) =>
    `${fixed(d.p99)} / ${fixed(d.max)}`;
  const rows = [
    [
      'health, idle server',
      result.idle.count,
      fixed(result.idle.p50),
      `p99 ${fixed(result.idle.p99)}`,
      loop(result.idle.eventLoopDelay),
      '—',
    ],
  ];
  for (const phase of result.phases) {
    const hostileAnswers = Object.entries(phase.hostileStatuses)
      .map(([status, count]) => `${count}×${status}`)
      .join(', ');
    rows.push(
      [
        `health, ${phase.hostile} hostile sign-ins in flight`,
        phase.health.count,
        fixed(phase.health.p50),
        `p99 ${fixed(phase.health.p99)}`,
        loop(phase.health.eventLoopDelay),
        phase.health.p99 <= result.target
          ? `met (≤ ${result.target})`
          : `missed (> ${result.target})`,
      ],
      [
        `parent's sign-in, ${phase.hostile} hostile (${phase.signIn.signedIn} of ${phase.signIn.count} signed in, the rest 429; signed-in p95 ${fixed(phase.signIn.signedInP95)} ms; attack: ${hostileAnswers})`,
        phase.signIn.count,
        fixed(phase.signIn.p50),
        `p95 ${fixed(phase.signIn.p95)}`,
        '—',
        '—',
      ],
    );
  }
  return table(
    ['measure', 'count', 'p50 ms', 'p95/p99 ms', 'event-loop delay p99 / max ms', 'target'],
    rows,
  );
}
