import type { DbOrTx } from '../../db/client';
import {
  countLessonsByBucket,
  sumLedgerBefore,
  sumLedgerByBucket,
  type LedgerTotals,
  type LessonTotals,
} from './dashboard.repository';

/**
 * Settled school days, summed once per server process (decision 045). The weekly credit flows,
 * the leave rate and the credits outstanding add up rows whose number grows with the school's
 * history; a day that is over does not change any more, so its sums are kept in memory and only
 * the live part (since the last settled midnight) is read on each request. That keeps the
 * dashboard's cost flat as the tables grow (docs/performance.md → Growth).
 *
 * A day counts as settled `SETTLE_MS` after its end: by then every transaction that wrote a
 * ledger row stamped that day has committed, every lesson that started that day has ended and
 * been settled (its leave or cancellation can no longer change), and a clock skew between the
 * server and the database is covered. Product writes stamp ledger rows with the time they are
 * written, never an earlier day; a row written with an old time (a data repair in SQL) is seen
 * after a restart.
 *
 * Each server instance keeps its own copy (derived data, nothing shared in memory: several
 * instances agree because they sum the same rows).
 */
export const SETTLE_MS = 3 * 3600_000;

export interface DayTotals extends LedgerTotals, LessonTotals {}

interface History {
  /** The first settled day kept; rows before it are folded into `base`. */
  from: Date;
  /** Days are kept up to this midnight (exclusive). */
  until: Date;
  /** The ledger's paid and reward sums before `from`. */
  base: { paid: number; reward: number };
  /** Per day, by its starting instant (ms), in order. */
  days: Map<number, DayTotals>;
}

/** Per database handle (a test app's fresh database has its own), per school zone. */
const histories = new WeakMap<object, Map<string, Promise<History>>>();

const EMPTY: DayTotals = { sold: 0, consumed: 0, paid: 0, reward: 0, lessons: 0, leaves: 0 };

/** The sums of each day bounded by `midnights` (n + 1 instants: n days). */
async function sumDays(db: DbOrTx, midnights: readonly Date[]): Promise<Map<number, DayTotals>> {
  const days = new Map<number, DayTotals>();
  if (midnights.length < 2) return days;
  const [ledger, lessons] = await Promise.all([
    sumLedgerByBucket(db, midnights, { from: midnights[0]!, to: midnights.at(-1)! }),
    countLessonsByBucket(db, midnights, { from: midnights[0]!, to: midnights.at(-1)! }),
  ]);
  for (let index = 0; index < midnights.length - 1; index += 1) {
    days.set(midnights[index]!.getTime(), {
      ...EMPTY,
      ...ledger.get(index + 1),
      ...lessons.get(index + 1),
    });
  }
  return days;
}

async function build(db: DbOrTx, midnights: readonly Date[]): Promise<History> {
  const [base, days] = await Promise.all([
    sumLedgerBefore(db, midnights[0]!),
    sumDays(db, midnights),
  ]);
  return { from: midnights[0]!, until: midnights.at(-1)!, base, days };
}

async function extend(db: DbOrTx, history: History, midnights: readonly Date[]): Promise<History> {
  const from = midnights[0]!.getTime();
  const until = midnights.at(-1)!.getTime();
  // Days before the span asked for are folded into the base (memory stays bounded).
  const base = { ...history.base };
  const days = new Map<number, DayTotals>();
  for (const [start, totals] of history.days) {
    if (start < from) {
      base.paid += totals.paid;
      base.reward += totals.reward;
    } else days.set(start, totals);
  }
  const missing = midnights.filter((midnight) => midnight.getTime() >= history.until.getTime());
  for (const [start, totals] of await sumDays(db, missing)) days.set(start, totals);
  return { from: new Date(from), until: new Date(until), base, days };
}

/**
 * The settled days bounded by `midnights` (the span's first midnight … the last settled one),
 * with the ledger's sums before them. Built on the first call, then extended by the days that
 * settled since; rebuilt when asked for an earlier span than it holds (a clock moved back).
 */
export function settledHistory(
  db: DbOrTx,
  zone: string,
  midnights: readonly Date[],
): Promise<History> {
  let byZone = histories.get(db);
  if (!byZone) {
    byZone = new Map();
    histories.set(db, byZone);
  }
  const from = midnights[0]!.getTime();
  const until = midnights.at(-1)!.getTime();
  const previous = byZone.get(zone);
  const next = (async () => {
    const history = await previous?.catch(() => undefined);
    if (!history || from < history.from.getTime() || until < history.until.getTime())
      return build(db, midnights);
    if (until === history.until.getTime()) return history;
    return extend(db, history, midnights);
  })();
  byZone.set(zone, next);
  // A failed read is not kept: the next request builds again.
  next.catch(() => {
    if (byZone.get(zone) === next) byZone.delete(zone);
  });
  return next;
}

/** Sums of the kept days that start in [from, to). */
export function sumKeptDays(history: History, range: { from: Date; to: Date }): DayTotals {
  const total = { ...EMPTY };
  for (const [start, day] of history.days) {
    if (start < range.from.getTime() || start >= range.to.getTime()) continue;
    for (const key of Object.keys(total) as (keyof DayTotals)[]) total[key] += day[key];
  }
  return total;
}

/** Forgets what was summed for this database (tests that rewrite the past). */
export function forgetHistory(db: DbOrTx): void {
  histories.delete(db);
}
