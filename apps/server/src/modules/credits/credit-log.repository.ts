import { and, count, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { prepared } from '../../db/prepared';
import { creditLedger } from '../../db/schema';

export interface CreditLogFilter {
  event?: string;
  direction?: 'in' | 'out';
  from?: Date;
  to?: Date;
}

/**
 * The history's filters as placeholders; which filters are present is the query's shape (at most
 * 2 × 3 × 2 × 2 prepared variants, db/prepared.ts).
 */
function creditLogWhere(filter: CreditLogFilter) {
  const change = sql`(${creditLedger.paid_delta} + ${creditLedger.reward_delta})`;
  return and(
    eq(creditLedger.parent_id, sql.placeholder('parentId')),
    filter.event ? eq(creditLedger.event, sql.placeholder('event')) : undefined,
    filter.direction === 'in' ? sql`${change} > 0` : undefined,
    filter.direction === 'out' ? sql`${change} < 0` : undefined,
    filter.from ? gte(creditLedger.created_at, sql.placeholder('from')) : undefined,
    filter.to ? lt(creditLedger.created_at, sql.placeholder('to')) : undefined,
  );
}

function creditLogShape(filter: CreditLogFilter) {
  return `${filter.event ? 'e' : ''}${filter.direction ?? ''}${filter.from ? 'f' : ''}${filter.to ? 't' : ''}`;
}

function creditLogValues(parentId: number, filter: CreditLogFilter) {
  return {
    parentId,
    ...(filter.event ? { event: filter.event } : {}),
    ...(filter.from ? { from: filter.from.toISOString() } : {}),
    ...(filter.to ? { to: filter.to.toISOString() } : {}),
  };
}

export function findLedgerPage(
  db: DbOrTx,
  parentId: number,
  filter: CreditLogFilter,
  page: { limit: number; offset: number },
) {
  const name = `ledger_page_${creditLogShape(filter)}`;
  const query = prepared(db, name, (db) =>
    db
      .select()
      .from(creditLedger)
      .where(creditLogWhere(filter))
      .orderBy(desc(creditLedger.created_at), desc(creditLedger.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name),
  );
  return query.execute({ ...creditLogValues(parentId, filter), ...page });
}

/**
 * The parent's balances just after each of the given ledger rows (decision 034): sums of every
 * row of the parent up to and including it, in the history's order (created_at, then id), so a
 * filtered page still shows the real running balance.
 */
export async function findBalancesAfter(db: DbOrTx, parentId: number, ids: number[]) {
  if (ids.length === 0) return new Map<number, { balance: number; held: number }>();
  const upTo = sql`x.parent_id = ${parentId} and (x.created_at, x.id) <= (l.created_at, l.id)`;
  const rows = await db
    .select({
      id: sql<number>`l.id`,
      balance: sql<string>`(select coalesce(sum(x.paid_delta + x.reward_delta), 0) from ${creditLedger} x where ${upTo})`,
      held: sql<string>`(select coalesce(sum(x.reserved_delta), 0) from ${creditLedger} x where ${upTo})`,
    })
    .from(sql`${creditLedger} l`)
    .where(
      sql`l.parent_id = ${parentId} and l.id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  return new Map(
    rows.map((row) => [Number(row.id), { balance: Number(row.balance), held: Number(row.held) }]),
  );
}

export async function countLedger(db: DbOrTx, parentId: number, filter: CreditLogFilter) {
  const name = `ledger_count_${creditLogShape(filter)}`;
  const query = prepared(db, name, (db) =>
    db.select({ n: count() }).from(creditLedger).where(creditLogWhere(filter)).prepare(name),
  );
  const [row] = await query.execute(creditLogValues(parentId, filter));
  return row?.n ?? 0;
}
