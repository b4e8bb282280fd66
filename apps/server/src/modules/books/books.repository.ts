import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client';

/**
 * The books' aggregates (issue #23, decision 048 item 8): read-only reporting SQL over the
 * billing, credits and lessons tables, one statement per figure, valid on PostgreSQL 15 and
 * PGlite. Months are bucketed in SQL by `width_bucket(instant, bounds)`: `bounds` are the
 * months' starts (computed in the school's zone by the service) plus the end of the last month,
 * so bucket `i` (1-based) is month `i` and one statement answers every month. Instants are
 * passed as ISO strings cast to timestamptz, so both drivers read them alike.
 */

const ts = (instant: Date) => sql`${instant.toISOString()}::timestamptz`;
const tsArray = (instants: readonly Date[]) =>
  sql`${`{${instants.map((instant) => instant.toISOString()).join(',')}}`}::timestamptz[]`;
const num = (value: unknown) => Number(value ?? 0);

/** Per (bucket, currency): a count and a sum of minor units. */
export interface CurrencyBucket {
  bucket: number;
  currency: string;
  count: number;
  minor: number;
}

function currencyBuckets(result: unknown): CurrencyBucket[] {
  return rowsOf<Record<string, unknown>>(result).map((row) => ({
    bucket: num(row.bucket),
    currency: String(row.currency),
    count: num(row.n),
    minor: num(row.minor),
  }));
}

/**
 * Orders paid in each month, by currency. An order paid and later refunded by staff still
 * counts here (its refunds count in the months they were confirmed); a plan payment given back
 * at once because it would have stacked on another plan (decision 029: status `refunded` with
 * the provider's `refund_id`, no refunds row) never was revenue and is left out.
 */
export async function sumOrdersPaid(db: DbOrTx, bounds: readonly Date[]) {
  const result = await db.execute(sql`
    select width_bucket(paid_at, ${tsArray(bounds)}) as bucket, currency,
           count(*) as n, coalesce(sum(amount_minor), 0) as minor
    from orders
    where paid_at >= ${ts(bounds[0]!)} and paid_at < ${ts(bounds.at(-1)!)}
      and (status = 'paid' or (status = 'refunded' and refund_id is null))
    group by 1, 2`);
  return currencyBuckets(result);
}

/** Plan renewals (subscription invoices) paid in each month, by currency. */
export async function sumRenewalsPaid(db: DbOrTx, bounds: readonly Date[]) {
  const result = await db.execute(sql`
    select width_bucket(paid_at, ${tsArray(bounds)}) as bucket, currency,
           count(*) as n, coalesce(sum(amount_minor), 0) as minor
    from subscription_payments
    where paid_at >= ${ts(bounds[0]!)} and paid_at < ${ts(bounds.at(-1)!)}
    group by 1, 2`);
  return currencyBuckets(result);
}

/** Refunds the provider confirmed in each month, by currency. */
export async function sumRefundsConfirmed(db: DbOrTx, bounds: readonly Date[]) {
  const result = await db.execute(sql`
    select width_bucket(confirmed_at, ${tsArray(bounds)}) as bucket, currency,
           count(*) as n, coalesce(sum(amount_minor), 0) as minor
    from refunds
    where status = 'succeeded'
      and confirmed_at >= ${ts(bounds[0]!)} and confirmed_at < ${ts(bounds.at(-1)!)}
    group by 1, 2`);
  return currencyBuckets(result);
}

export interface LedgerMonth {
  sold: number;
  consumed: number;
  takenBack: number;
  restored: number;
  /** Net paid + reward change of every row of the month. */
  net: number;
}

/** The ledger rows of each month, summed. */
export async function sumLedgerByMonth(
  db: DbOrTx,
  bounds: readonly Date[],
): Promise<Map<number, LedgerMonth>> {
  const result = await db.execute(sql`
    select width_bucket(created_at, ${tsArray(bounds)}) as bucket,
           coalesce(sum(paid_delta) filter (where event = 'purchase'), 0)
             + coalesce(sum(reward_delta)
                 filter (where event = 'reward' and idempotency_key like 'order:%:extra'), 0) as sold,
           coalesce(-sum(paid_delta + reward_delta) filter (where event = 'consume'), 0) as consumed,
           coalesce(-sum(paid_delta + reward_delta) filter (where event = 'refund'), 0) as taken_back,
           coalesce(sum(paid_delta + reward_delta) filter (where event = 'refund_reversed'), 0)
             as restored,
           coalesce(sum(paid_delta + reward_delta), 0) as net
    from credit_ledger
    where created_at >= ${ts(bounds[0]!)} and created_at < ${ts(bounds.at(-1)!)}
    group by 1`);
  return new Map(
    rowsOf<Record<string, unknown>>(result).map((row) => [
      num(row.bucket),
      {
        sold: num(row.sold),
        consumed: num(row.consumed),
        takenBack: num(row.taken_back),
        restored: num(row.restored),
        net: num(row.net),
      },
    ]),
  );
}

/** Paid + reward credits of every ledger row written before `before`. */
export async function sumLedgerBefore(db: DbOrTx, before: Date): Promise<number> {
  const result = await db.execute(sql`
    select coalesce(sum(paid_delta + reward_delta), 0) as total
    from credit_ledger where created_at < ${ts(before)}`);
  return num(rowsOf<Record<string, unknown>>(result)[0]?.total);
}

/**
 * Plans started and ended in each month: started by `starts_at`; ended at the earlier of
 * `cancelled_at` and `ends_at`, counted only once that moment has passed (`now`).
 */
export async function countMembershipsByMonth(
  db: DbOrTx,
  bounds: readonly Date[],
  now: Date,
): Promise<{ started: Map<number, number>; ended: Map<number, number> }> {
  const from = ts(bounds[0]!);
  const to = ts(bounds.at(-1)!);
  const [startedResult, endedResult] = await Promise.all([
    db.execute(sql`
      select width_bucket(starts_at, ${tsArray(bounds)}) as bucket, count(*) as n
      from memberships where starts_at >= ${from} and starts_at < ${to}
      group by 1`),
    db.execute(sql`
      select width_bucket(ended_at, ${tsArray(bounds)}) as bucket, count(*) as n
      from (
        select least(coalesce(cancelled_at, ends_at), ends_at) as ended_at from memberships
        where ends_at >= ${from}
      ) ended
      where ended_at >= ${from} and ended_at < ${to} and ended_at <= ${ts(now)}
      group by 1`),
  ]);
  const counts = (result: unknown) =>
    new Map(rowsOf<Record<string, unknown>>(result).map((row) => [num(row.bucket), num(row.n)]));
  return { started: counts(startedResult), ended: counts(endedResult) };
}
