import { is } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';

const built = new WeakMap<object, Map<string, unknown>>();

/**
 * A hot query built once per database handle and run by name afterwards (issue #8: Drizzle
 * rebuilding the SQL text of every query on every call was the largest part of a light route's
 * own CPU; docs/performance.md → App overhead). Its values are `sql.placeholder`s filled by
 * `execute({...})`; on PostgreSQL the name also makes it a server-side prepared statement per
 * connection. Inside a transaction (its own connection) it is built for that transaction.
 *
 * `name` must identify the SQL text: a query whose shape varies (optional filters) puts the
 * shape in its name, and the number of shapes must stay small.
 */
export function prepared<T>(db: DbOrTx, name: string, build: (db: DbOrTx) => T): T {
  if (is(db, PgTransaction)) return build(db);
  let queries = built.get(db);
  if (!queries) {
    queries = new Map();
    built.set(db, queries);
  }
  let query = queries.get(name) as T | undefined;
  if (query === undefined) {
    query = build(db);
    queries.set(name, query);
  }
  return query;
}
