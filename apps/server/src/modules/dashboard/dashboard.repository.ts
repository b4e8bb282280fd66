import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client';

/**
 * The console dashboard's aggregates (decision 045): read-only reporting SQL over other modules'
 * tables, one statement per figure. Each statement reads a range of an indexed time column
 * (`*_time_idx` / `*_at_idx`, see the decision for the list) or, for the balances, the ledger
 * itself. Instants are passed as ISO strings cast to timestamptz, so both drivers read them alike.
 *
 * Weekly figures are bucketed in SQL by `width_bucket(instant, bounds)`: `bounds` are the week
 * starts (computed in the school's zone by the service) plus the end of the last week, so bucket
 * `i` (1-based) is week `i` and one statement answers every week.
 */

const ts = (instant: Date) => sql`${instant.toISOString()}::timestamptz`;
/** A timestamptz[] parameter: Postgres array text `{a,b,…}` of ISO instants. */
const tsArray = (instants: readonly Date[]) =>
  sql`${`{${instants.map((instant) => instant.toISOString()).join(',')}}`}::timestamptz[]`;

const num = (value: unknown) => Number(value ?? 0);

export interface DayLessonCounts {
  upcoming: number;
  inProgress: number;
  done: number;
  noShow: number;
}

/**
 * Lessons starting in [from, to) that take place (neither cancelled by the school nor on leave),
 * by their state at `now` (docs/product.md → Lessons and credits: status from time; ended
 * without an entry is a no-show).
 */
export async function countLessonsStarting(
  db: DbOrTx,
  range: { from: Date; to: Date },
  now: Date,
): Promise<DayLessonCounts> {
  const at = ts(now);
  const result = await db.execute(sql`
    select count(*) filter (where starts_at > ${at}) as upcoming,
           count(*) filter (where starts_at <= ${at} and ends_at > ${at}) as in_progress,
           count(*) filter (where ends_at <= ${at} and entered_at is not null) as done,
           count(*) filter (where ends_at <= ${at} and entered_at is null) as no_show
    from lessons
    where starts_at >= ${ts(range.from)} and starts_at < ${ts(range.to)}
      and cancelled_at is null and leave_at is null`);
  const [row] = rowsOf<Record<string, unknown>>(result);
  return {
    upcoming: num(row?.upcoming),
    inProgress: num(row?.in_progress),
    done: num(row?.done),
    noShow: num(row?.no_show),
  };
}

/** Per bucket (1-based week index) → value. */
export type Buckets = Map<number, number>;

function bucketsOf(rows: Record<string, unknown>[], column: string): Buckets {
  return new Map(rows.map((row) => [num(row.bucket), num(row[column])]));
}

/** Parents registered in each week (their account's creation). */
export async function countRegistrationsByWeek(db: DbOrTx, bounds: readonly Date[]) {
  const result = await db.execute(sql`
    select width_bucket(created_at, ${tsArray(bounds)}) as bucket, count(*) as n
    from parents
    where created_at >= ${ts(bounds[0]!)} and created_at < ${ts(bounds.at(-1)!)}
    group by 1`);
  return bucketsOf(rowsOf(result), 'n');
}

/**
 * Parents whose first paid order was paid in each week: orders paid in the span whose parent
 * had no order paid before it. A refunded order (a stacked plan paid back, decision 029) is not
 * a purchase.
 */
export async function countFirstPurchasesByWeek(db: DbOrTx, bounds: readonly Date[]) {
  const from = ts(bounds[0]!);
  const result = await db.execute(sql`
    select width_bucket(first_paid_at, ${tsArray(bounds)}) as bucket, count(*) as n
    from (
      select o.parent_id, min(o.paid_at) as first_paid_at
      from orders o
      where o.status = 'paid' and o.paid_at >= ${from} and o.paid_at < ${ts(bounds.at(-1)!)}
        and not exists (
          select 1 from orders e
          where e.parent_id = o.parent_id and e.status = 'paid' and e.paid_at < ${from})
      group by o.parent_id
    ) firsts
    group by 1`);
  return bucketsOf(rowsOf(result), 'n');
}

export interface LedgerTotals {
  /** Paid credits bought (purchase events). */
  sold: number;
  /** Credits lessons used (consume events, paid and reward). */
  consumed: number;
  /** Net paid and reward credit of every row. */
  paid: number;
  reward: number;
}

/**
 * The ledger rows written in [from, to) (`to` absent: up to now), summed per bucket of
 * `bounds` (0 before the first bound, `bounds.length` after the last).
 */
export async function sumLedgerByBucket(
  db: DbOrTx,
  bounds: readonly Date[],
  range: { from: Date; to?: Date },
): Promise<Map<number, LedgerTotals>> {
  const result = await db.execute(sql`
    select width_bucket(created_at, ${tsArray(bounds)}) as bucket,
           coalesce(sum(paid_delta) filter (where event = 'purchase'), 0) as sold,
           coalesce(-sum(paid_delta + reward_delta) filter (where event = 'consume'), 0) as consumed,
           coalesce(sum(paid_delta), 0) as paid,
           coalesce(sum(reward_delta), 0) as reward
    from credit_ledger
    where created_at >= ${ts(range.from)}${range.to ? sql` and created_at < ${ts(range.to)}` : sql``}
    group by 1`);
  return new Map(
    rowsOf<Record<string, unknown>>(result).map((row) => [
      num(row.bucket),
      {
        sold: num(row.sold),
        consumed: num(row.consumed),
        paid: num(row.paid),
        reward: num(row.reward),
      },
    ]),
  );
}

/** The ledger's paid and reward sums of the rows written before `before`. */
export async function sumLedgerBefore(db: DbOrTx, before: Date) {
  const result = await db.execute(sql`
    select coalesce(sum(paid_delta), 0) as paid, coalesce(sum(reward_delta), 0) as reward
    from credit_ledger where created_at < ${ts(before)}`);
  const [row] = rowsOf<Record<string, unknown>>(result);
  return { paid: num(row?.paid), reward: num(row?.reward) };
}

export interface LessonTotals {
  /** Lessons that started, the school's cancellations left out. */
  lessons: number;
  /** Of those, the ones the parent called off (leave). */
  leaves: number;
}

/**
 * Lessons that started in [from, to), per bucket of `bounds`, and the leaves among them. Lessons
 * cancelled by the school are not counted at all: the parent did not choose them away, and they
 * did not take place.
 */
export async function countLessonsByBucket(
  db: DbOrTx,
  bounds: readonly Date[],
  range: { from: Date; to: Date },
): Promise<Map<number, LessonTotals>> {
  const result = await db.execute(sql`
    select width_bucket(starts_at, ${tsArray(bounds)}) as bucket, count(*) as lessons,
           count(*) filter (where leave_at is not null) as leaves
    from lessons
    where starts_at >= ${ts(range.from)} and starts_at < ${ts(range.to)} and cancelled_at is null
    group by 1`);
  return new Map(
    rowsOf<Record<string, unknown>>(result).map((row) => [
      num(row.bucket),
      { lessons: num(row.lessons), leaves: num(row.leaves) },
    ]),
  );
}

/** Parents holding a plan at `now` (the membership module's "active": started, not ended, not cancelled). */
export async function countActiveMembers(db: DbOrTx, now: Date): Promise<number> {
  const at = ts(now);
  const result = await db.execute(sql`
    select count(distinct parent_id) as n from memberships
    where ends_at > ${at} and starts_at <= ${at} and cancelled_at is null`);
  return num(rowsOf<Record<string, unknown>>(result)[0]?.n);
}
