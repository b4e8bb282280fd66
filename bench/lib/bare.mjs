// The bare server of the overhead benchmark: plain Fastify (no logger, no validation, no auth
// plugin, no serializer schema) replaying, per hot route, exactly the SQL statements our route
// issued, with the same parameters, through the raw driver.
//
// How "the same SQL" is obtained: `captureStatements` wraps the driver's `query` method of our
// app's own database handle (`db.$client`, the PGlite instance or the pg Pool Drizzle was built
// on) while one request of each hot route runs through our app (`app.inject`). Every statement
// is recorded with its parameters, including the session lookup of the auth hook. Statements
// issued while another one of the same request is still in flight (our `Promise.all`s) form a
// "wave"; the bare route runs each wave's statements concurrently, waves one after another,
// so it makes the same round trips in the same shape and differs from ours only in the app.
import Fastify from 'fastify';
import pg from 'pg';
import { HOT_ROUTES } from './common.mjs';

/**
 * @typedef {{ text: string, params: unknown[], name?: string }} Statement
 * @typedef {Statement[][]} Waves
 */

/**
 * Records the statements each hot route issues, grouped in waves.
 * @param {{ $client: { query: (...args: any[]) => Promise<unknown> } }} db Drizzle database
 * @param {(route: (typeof HOT_ROUTES)[number]) => Promise<void>} runRoute sends one request
 * @returns {Promise<Record<string, Waves>>}
 */
export async function captureStatements(db, runRoute) {
  const client = db.$client;
  const original = client.query;
  /** @type {Record<string, Waves>} */
  const captured = {};
  try {
    for (const route of HOT_ROUTES) {
      /** @type {Waves} */
      const waves = [];
      let inFlight = 0;
      client.query = function capture(/** @type {any} */ query, /** @type {any} */ params) {
        // pg gets a query config object ({ text, rowMode, types }), PGlite the text itself.
        const text = typeof query === 'string' ? query : query.text;
        // A named (server-side prepared) statement on PostgreSQL (db/prepared.ts): the bare
        // server prepares it under the same name, so both skip the same planning work.
        const name = typeof query === 'string' ? undefined : query.name;
        if (inFlight === 0) waves.push([]);
        waves.at(-1)?.push({ text, params: params ?? [], ...(name ? { name } : {}) });
        inFlight += 1;
        const result = original.apply(client, arguments);
        const done = () => {
          inFlight -= 1;
        };
        result.then(done, done);
        return result;
      };
      await runRoute(route);
      captured[route.name] = waves;
    }
  } finally {
    client.query = original;
  }
  return captured;
}

/**
 * @param {{ kind: 'pglite' | 'postgres', db: any }} database our app's handle
 * @param {Record<string, Waves>} captured
 * @param {{ databaseUrl?: string, databasePoolSize: number }} config
 */
export async function buildBareApp(database, captured, config) {
  /** @type {{ query: (...args: any[]) => Promise<{ rows: unknown[] }> }} */
  let client;
  /** @type {pg.Pool | undefined} */
  let pool;
  if (database.kind === 'postgres') {
    // Its own pool of the same size on the same database, as a separate app would have.
    pool = new pg.Pool({ connectionString: config.databaseUrl, max: config.databasePoolSize });
    client = pool;
  } else {
    // PGlite is single-process: the very same embedded instance.
    client = database.db.$client;
  }

  const app = Fastify({ logger: false });
  for (const route of HOT_ROUTES) {
    const waves = captured[route.name];
    app.get(route.path.split('?')[0], async () => {
      /** @type {unknown[][]} */
      const data = [];
      for (const wave of waves) {
        const results = await Promise.all(
          wave.map((s) =>
            s.name
              ? client.query({ name: s.name, text: s.text, values: s.params })
              : client.query(s.text, s.params),
          ),
        );
        for (const result of results) data.push(result.rows);
      }
      return { code: 200, msg: 'ok', data };
    });
  }
  app.addHook('onClose', async () => {
    await pool?.end();
  });
  return app;
}
