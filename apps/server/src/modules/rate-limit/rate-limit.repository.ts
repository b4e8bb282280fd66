import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client';

export interface WindowHit {
  /** Hits in the current window, this one included. */
  count: number;
  resetAt: Date;
}

/**
 * Counts one hit on `key` in a fixed window of `windowMs`, atomically: the upsert takes the row
 * lock, so parallel requests on several instances each see a distinct count.
 */
export async function hitWindow(
  db: DbOrTx,
  key: string,
  windowMs: number,
  now: Date,
): Promise<WindowHit> {
  const resetAt = new Date(now.getTime() + windowMs);
  const result = await db.execute(sql`
    insert into rate_limit_counters (key, count, reset_at)
    values (${key}, 1, ${resetAt.toISOString()}::timestamptz)
    on conflict (key) do update set
      count = case when rate_limit_counters.reset_at <= ${now.toISOString()}::timestamptz
                   then 1 else rate_limit_counters.count + 1 end,
      reset_at = case when rate_limit_counters.reset_at <= ${now.toISOString()}::timestamptz
                      then excluded.reset_at else rate_limit_counters.reset_at end
    returning count, reset_at`);
  const row = rowsOf<{ count: number | string; reset_at: string | Date }>(result)[0]!;
  return { count: Number(row.count), resetAt: new Date(row.reset_at) };
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

/** Housekeeping: drops windows that ended a while ago. Idempotent, safe on every instance. */
export async function deleteExpiredWindows(db: DbOrTx, now: Date): Promise<void> {
  await db.execute(
    sql`delete from rate_limit_counters where reset_at < ${new Date(now.getTime() - 3_600_000).toISOString()}::timestamptz`,
  );
}
