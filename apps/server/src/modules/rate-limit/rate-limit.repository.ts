import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client';

export interface WindowHit {
  /** Hits in the current window, this one included. */
  count: number;
  resetAt: Date;
}

/**
 * One atomic upsert of a counter on `key`: the row lock makes parallel requests on several
 * instances each see a distinct count. A count whose `reset_at` has passed starts again at 1.
 * `sliding` moves `reset_at` to now + `ms` at every hit; otherwise it stays where the window began.
 */
async function hitCounter(
  db: DbOrTx,
  key: string,
  ms: number,
  now: Date,
  sliding: boolean,
): Promise<WindowHit> {
  const resetAt = new Date(now.getTime() + ms);
  const expired = sql`rate_limit_counters.reset_at <= ${now.toISOString()}::timestamptz`;
  const result = await db.execute(sql`
    insert into rate_limit_counters (key, count, reset_at)
    values (${key}, 1, ${resetAt.toISOString()}::timestamptz)
    on conflict (key) do update set
      count = case when ${expired} then 1 else rate_limit_counters.count + 1 end,
      reset_at = ${
        sliding
          ? sql`excluded.reset_at`
          : sql`case when ${expired} then excluded.reset_at else rate_limit_counters.reset_at end`
      }
    returning count, reset_at`);
  const row = rowsOf<{ count: number | string; reset_at: string | Date }>(result)[0]!;
  return { count: Number(row.count), resetAt: new Date(row.reset_at) };
}

/** Counts one hit on `key` in a fixed window of `windowMs` (per-IP and per-phone limits). */
export function hitWindow(
  db: DbOrTx,
  key: string,
  windowMs: number,
  now: Date,
): Promise<WindowHit> {
  return hitCounter(db, key, windowMs, now, false);
}

/**
 * Counts one more hit in a streak that is forgotten `quietMs` after its last hit (decision 030:
 * consecutive wrong passwords), so `reset_at - quietMs` is the time of the latest hit.
 */
export async function hitStreak(
  db: DbOrTx,
  key: string,
  quietMs: number,
  now: Date,
): Promise<number> {
  return (await hitCounter(db, key, quietMs, now, true)).count;
}

/** The live windows among `keys` (count and end), without counting; absent keys are left out. */
export async function readWindows(
  db: DbOrTx,
  keys: string[],
  now: Date,
): Promise<Map<string, WindowHit>> {
  if (keys.length === 0) return new Map();
  const result = await db.execute(
    sql`select key, count, reset_at from rate_limit_counters
        where key in (${sql.join(
          keys.map((key) => sql`${key}`),
          sql`, `,
        )}) and reset_at > ${now.toISOString()}::timestamptz`,
  );
  return new Map(
    rowsOf<{ key: string; count: number | string; reset_at: string | Date }>(result).map((row) => [
      row.key,
      { count: Number(row.count), resetAt: new Date(row.reset_at) },
    ]),
  );
}

/** Reads a window without counting (e.g. "is this account locked?"). */
export async function peekWindow(db: DbOrTx, key: string, now: Date): Promise<number> {
  const result = await db.execute(
    sql`select count from rate_limit_counters where key = ${key} and reset_at > ${now.toISOString()}::timestamptz`,
  );
  const row = rowsOf<{ count: number | string }>(result)[0];
  return row ? Number(row.count) : 0;
}

export async function clearWindow(db: DbOrTx, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limit_counters where key = ${key}`);
}

export async function clearWindows(db: DbOrTx, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.execute(
    sql`delete from rate_limit_counters where key in (${sql.join(
      keys.map((key) => sql`${key}`),
      sql`, `,
    )})`,
  );
}

/** Housekeeping: drops windows that ended a while ago. Idempotent, safe on every instance. */
export async function deleteExpiredWindows(db: DbOrTx, now: Date): Promise<void> {
  await db.execute(
    sql`delete from rate_limit_counters where reset_at < ${new Date(now.getTime() - 3_600_000).toISOString()}::timestamptz`,
  );
}
