import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** One type for both drivers: repositories never know which database they talk to. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** The transaction handle drizzle passes to `db.transaction(tx => …)`. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type DbOrTx = Database | Transaction;

/** Rows of a raw `db.execute(sql…)` answer; both drivers answer `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** Bytes of the embedded database's WebAssembly memory (it only grows); PGlite only. */
  wasmMemoryBytes?(): number | undefined;
  /** How something other than Drizzle (the job queue) reaches the same database. */
  connection: { kind: 'postgres'; url: string } | { kind: 'pglite'; client: PGlite };
}

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | {
      kind: 'pglite';
      dataDir?: string;
      loadDataDir?: Blob | File;
      /** A migrated database dump to start a brand-new `dataDir` from (skips initdb). */
      templateFile?: string;
    };

/**
 * PGlite's buffer pool. PostgreSQL's default (128MB) is resident in full from the start inside
 * the WebAssembly memory, though the portal's embedded database is a few MB and its files sit in
 * the operating system's page cache anyway: 32MB saves ~100 MB of RSS (decision 021).
 */
export const PGLITE_SHARED_BUFFERS = '32MB';

/** Opens the configured database: PGlite on disk (or in memory for tests) or a PostgreSQL pool. */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: target.poolSize ?? 10,
      // Fail fast while the database is down so requests answer 503 instead of hanging.
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
    });
    // An idle client losing its connection (database restart) must not crash the process.
    pool.on('error', () => undefined);
    const db = drizzleNodePg(pool, { schema }) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      connection: { kind: 'postgres', url: target.url },
      ping: async () => {
        await pool.query('select 1');
      },
      close: () => pool.end(),
    };
  }
  if (target.dataDir) mkdirSync(target.dataDir, { recursive: true });
  // A folder without PG_VERSION is new: unpack the build's migrated template into it.
  const fromTemplate =
    target.dataDir &&
    target.templateFile &&
    !target.loadDataDir &&
    !existsSync(path.join(target.dataDir, 'PG_VERSION')) &&
    existsSync(target.templateFile)
      ? new Blob([readFileSync(target.templateFile)])
      : undefined;
  const client = await PGlite.create({
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
    ...(target.dataDir ? { dataDir: target.dataDir } : {}),
    ...(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {}),
    ...(fromTemplate ? { loadDataDir: fromTemplate } : {}),
  });
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    connection: { kind: 'pglite', client },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
    // `mod` is PGlite's Emscripten module (protected in its types); read for diagnostics only.
    wasmMemoryBytes: () =>
      (client as unknown as { mod?: { wasmMemory?: { buffer: ArrayBuffer } } }).mod?.wasmMemory
        ?.buffer.byteLength,
    // Exposed for the test template (dumpDataDir); not part of the interface others rely on.
    ...({ pglite: client } as object),
  };
}
