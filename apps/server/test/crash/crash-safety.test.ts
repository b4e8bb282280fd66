import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEMPLATE_DATABASE, adminUrl, withDatabaseName } from '../helpers/postgres';

/**
 * Issue #8 crash safety, against a real server process on PostgreSQL (DATABASE_URL only: the
 * embedded database lives inside the process, so there is nothing to kill it apart from).
 */
const databaseUrl = process.env.DATABASE_URL;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const SECRET = `whsec_crash_${randomBytes(8).toString('hex')}`;
const RUNS = 3;

let name = '';
let url = '';
let db: pg.Client;

beforeAll(async () => {
  if (!databaseUrl) return;
  name = `portal_test_crash_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl(databaseUrl) });
  await admin.connect();
  await admin.query(`create database ${name} template ${TEMPLATE_DATABASE}`);
  await admin.end();
  url = withDatabaseName(databaseUrl, name);
  db = new pg.Client({ connectionString: url });
  await db.connect();
  // The local checkout's signing secret, known to the test so it can redeliver like a provider.
  await db.query(`insert into app_meta (key, value) values ('local_payment_webhook_secret', $1)`, [
    SECRET,
  ]);
});

afterAll(async () => {
  if (!databaseUrl) return;
  await db.end();
  const admin = new pg.Client({ connectionString: adminUrl(databaseUrl) });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
});

/** Starts the server from source on `port`, pointed at `target`; resolves once it answers. */
async function startServer(port: number, target: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: target,
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      PASSWORD_HASH_COST: '12',
      WEB_DIST_DIR: '/nonexistent',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 150; i += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).status < 600) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start');
}

/**
 * A port below Linux's ephemeral range (32768–60999), so no outgoing connection of a parallel test
 * can hold it between the server's restarts, and checked free before use.
 */
async function randomPort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
}

async function signUp(port: number) {
  const mobile = `171${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const sn = `PCRASH${randomBytes(4).toString('hex')}`;
  const { rows } = await db.query<{ id: number }>(
    `insert into parents (user_sn, country_code, mobile, status) values ($1, '86', $2, 1) returning id`,
    [sn, mobile],
  );
  // A session row for a known token (sessions store the SHA-256 of the token).
  const token = randomBytes(32).toString('base64url');
  const { createHash } = await import('node:crypto');
  await db.query(
    `insert into sessions (parent_id, token_hash, expires_at) values ($1, $2, now() + interval '1 day')`,
    [rows[0]!.id, createHash('sha256').update(token).digest('hex')],
  );
  const check = await fetch(`http://127.0.0.1:${port}/api/user/profile`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(check.status).toBe(200);
  return { parentId: rows[0]!.id, userSn: sn, headers: { authorization: `Bearer ${token}` } };
}

function paidEvent(id: string, session: string, orderNo: string, userSn: string, amount: number) {
  return JSON.stringify({
    id,
    object: 'event',
    type: 'checkout.session.completed',
    data: {
      object: {
        id: session,
        object: 'checkout.session',
        payment_status: 'paid',
        amount_total: amount,
        currency: 'usd',
        metadata: { order_no: orderNo, user_sn: userSn },
      },
    },
  });
}

function deliver(port: number, payload: string) {
  return fetch(`http://127.0.0.1:${port}/api/payments/webhook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }),
    },
    body: payload,
  });
}

describe.skipIf(!databaseUrl)('crash safety (issue #8, PostgreSQL)', () => {
  it(`a SIGKILL in the middle of fulfilling a payment loses and doubles nothing (${RUNS} runs)`, async () => {
    const port = await randomPort();
    let server = await startServer(port, url);
    const family = await signUp(port);
    const { rows: pkgRows } = await db.query<{ id: number }>(
      `insert into recharge_packages (title_en, title_zh, quantity, extra_quantity, price_minor)
       values ('Crash pack', '崩溃包', 10, 1, 9900) returning id`,
    );
    try {
      for (let run = 0; run < RUNS; run += 1) {
        const checkout = await fetch(`http://127.0.0.1:${port}/api/testStripe`, {
          method: 'POST',
          headers: { ...family.headers, 'content-type': 'application/json' },
          body: JSON.stringify({ lessons_goods_id: pkgRows[0]!.id }),
        });
        const { sessionId } = ((await checkout.json()) as { data: { sessionId: string } }).data;
        const { rows } = await db.query<{ order_no: string; id: number }>(
          `select o.order_no, o.id from orders o join checkout_sessions s on s.order_id = o.id where s.session_id = $1`,
          [sessionId],
        );
        const order = rows[0]!;
        // Hold the order row: the server's fulfilment blocks inside its transaction…
        const holder = new pg.Client({ connectionString: url });
        await holder.connect();
        await holder.query('begin');
        await holder.query('select 1 from orders where id = $1 for update', [order.id]);
        const payload = paidEvent(
          `evt_crash_${run}`,
          sessionId,
          order.order_no,
          family.userSn,
          9900,
        );
        const inFlight = deliver(port, payload).catch(() => 'killed');
        let blocked = false;
        for (let i = 0; i < 100 && !blocked; i += 1) {
          const waiting = await db.query(
            `select 1 from pg_stat_activity where datname = $1 and wait_event_type = 'Lock'`,
            [name],
          );
          blocked = Boolean(waiting.rowCount);
          if (!blocked) await new Promise((resolve) => setTimeout(resolve, 50));
        }
        expect(blocked).toBe(true);
        // …and the server dies there.
        server.kill('SIGKILL');
        expect(await inFlight).toBe('killed');
        await holder.query('rollback');
        await holder.end();
        const half = await db.query(`select 1 from payment_events where event_id = $1`, [
          `evt_crash_${run}`,
        ]);
        expect(half.rowCount).toBe(0);

        // Restarted, the provider redelivers (twice): granted exactly once.
        server = await startServer(port, url);
        const first = await deliver(port, payload);
        const again = await deliver(port, payload);
        expect(((await first.json()) as { data: { outcome: string } }).data.outcome).toBe(
          'fulfilled',
        );
        expect(((await again.json()) as { data: { outcome: string } }).data.outcome).toBe(
          'duplicate',
        );
      }
      const ledger = await db.query<{ paid: number; reward: number; rows: number }>(
        `select sum(paid_delta)::int as paid, sum(reward_delta)::int as reward, count(*)::int as rows
         from credit_ledger where parent_id = $1`,
        [family.parentId],
      );
      expect(ledger.rows[0]).toEqual({ paid: RUNS * 10, reward: RUNS, rows: RUNS * 2 });
      const paid = await db.query(`select 1 from orders where parent_id = $1 and status = 'paid'`, [
        family.parentId,
      ]);
      expect(paid.rowCount).toBe(RUNS);
    } finally {
      server.kill('SIGKILL');
    }
  }, 120_000);

  it('answers 503 while the database is away and recovers by itself', async () => {
    // A TCP proxy stands between the server and PostgreSQL, so "the database goes away" is
    // closing it, without stopping the PostgreSQL other tests use.
    const target = new URL(url);
    const sockets = new Set<net.Socket>();
    let up = true;
    const proxy = net.createServer((client) => {
      if (!up) return client.destroy();
      const upstream = net.connect(Number(target.port || 5432), target.hostname);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const proxied = new URL(url);
    proxied.hostname = '127.0.0.1';
    proxied.port = String((proxy.address() as net.AddressInfo).port);
    const port = await randomPort();
    const server = await startServer(port, proxied.toString());
    const family = await signUp(port);
    const get = () =>
      fetch(`http://127.0.0.1:${port}/api/user/profile`, { headers: family.headers }).then(
        (res) => res.status,
      );
    try {
      expect(await get()).toBe(200);
      up = false;
      for (const socket of sockets) socket.destroy();
      const during = await Promise.all(Array.from({ length: 10 }, get));
      expect(during.every((status) => status === 503)).toBe(true);
      expect(server.exitCode).toBeNull();
      up = true;
      let status = 0;
      for (let i = 0; i < 50 && status !== 200; i += 1) {
        status = await get();
        if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(status).toBe(200);
      expect(server.exitCode).toBeNull();
    } finally {
      server.kill('SIGKILL');
      proxy.close();
      for (const socket of sockets) socket.destroy();
    }
  }, 120_000);
});
