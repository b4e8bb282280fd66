import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNull,
  lt,
  lte,
  notInArray,
  sql,
} from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { prepared } from '../../db/prepared';
import {
  checkoutSessions,
  courses,
  creditGoods,
  creditLedger,
  lessons,
  memberships,
  orders,
  parents,
  paymentEvents,
  plans,
  rechargePackages,
  students,
  subjects,
} from '../../db/schema';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrderRow = typeof orders.$inferInsert;
export type PlanRow = typeof plans.$inferSelect;
export type GoodRow = typeof creditGoods.$inferSelect;
export type PackageRow = typeof rechargePackages.$inferSelect;
export type MembershipRow = typeof memberships.$inferSelect;

export function findActivePackages(db: DbOrTx) {
  return db
    .select()
    .from(rechargePackages)
    .where(eq(rechargePackages.is_active, true))
    .orderBy(asc(rechargePackages.sort), asc(rechargePackages.id));
}

export async function findActivePackage(db: DbOrTx, id: number) {
  const [row] = await db
    .select()
    .from(rechargePackages)
    .where(and(eq(rechargePackages.id, id), eq(rechargePackages.is_active, true)));
  return row;
}

/** Plans on sale (not the hidden offers), optionally for one kids count. */
export function findVisiblePlans(db: DbOrTx, kids?: number) {
  return db
    .select()
    .from(plans)
    .where(and(eq(plans.is_hidden, false), kids === undefined ? undefined : eq(plans.kids, kids)))
    .orderBy(asc(plans.sort), asc(plans.id));
}

/** A plan a parent may buy now: on sale, or a hidden offer still running. */
export async function findBuyablePlan(db: DbOrTx, id: number, now: Date) {
  const [row] = await db.select().from(plans).where(eq(plans.id, id));
  if (!row) return undefined;
  if (row.is_hidden && !(row.offer_ends_at && row.offer_ends_at > now)) return undefined;
  return row;
}

/** The running time-limited offer ending soonest. */
export async function findRunningOffer(db: DbOrTx, now: Date) {
  const [row] = await db
    .select()
    .from(plans)
    .where(and(eq(plans.is_hidden, true), gt(plans.offer_ends_at, now)))
    .orderBy(asc(plans.offer_ends_at))
    .limit(1);
  return row;
}

export function findGoods(db: DbOrTx, hidden = false) {
  return db
    .select()
    .from(creditGoods)
    .where(eq(creditGoods.is_hidden, hidden))
    .orderBy(asc(creditGoods.sort), asc(creditGoods.id));
}

export async function findGood(db: DbOrTx, id: number) {
  const [row] = await db.select().from(creditGoods).where(eq(creditGoods.id, id));
  return row;
}

export async function insertOrder(db: DbOrTx, row: typeof orders.$inferInsert): Promise<OrderRow> {
  const [inserted] = await db.insert(orders).values(row).returning();
  return inserted!;
}

/** One of this parent's orders; another parent's order_no finds nothing. */
export async function findOwnOrder(db: DbOrTx, parentId: number, orderNo: string) {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.order_no, orderNo), eq(orders.parent_id, parentId)));
  return row;
}

export async function updateOrder(db: DbOrTx, id: number, patch: Partial<OrderRow>) {
  await db.update(orders).set(patch).where(eq(orders.id, id));
}

export async function insertCheckoutSession(
  db: DbOrTx,
  row: typeof checkoutSessions.$inferInsert,
): Promise<void> {
  // Stripe answers the same session to a retried idempotency key: recorded once.
  await db.insert(checkoutSessions).values(row).onConflictDoNothing();
}

/**
 * Locks the parent's row for the rest of the transaction, so one parent's orders and plan
 * fulfilments go one after another. Answers whether the parent exists.
 */
export async function lockParent(db: DbOrTx, parentId: number): Promise<boolean> {
  const rows = await db
    .select({ id: parents.id })
    .from(parents)
    .where(eq(parents.id, parentId))
    .for('update');
  return rows.length > 0;
}

/** The order locked for the rest of the transaction (opening its checkout). */
export async function lockOrder(db: DbOrTx, id: number) {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).for('update');
  return row;
}

/** The parent's pending order for one thing (unique by orders_open_item_uq). */
export async function findPendingOrder(
  db: DbOrTx,
  parentId: number,
  kind: OrderRow['kind'],
  itemId: number,
) {
  const [row] = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.parent_id, parentId),
        eq(orders.kind, kind),
        eq(orders.item_id, itemId),
        eq(orders.status, 'pending'),
      ),
    );
  return row;
}

/** The parent's pending plan order, whatever the plan (unique by orders_open_plan_uq). */
export async function findPendingPlanOrder(db: DbOrTx, parentId: number) {
  const [row] = await db
    .select()
    .from(orders)
    .where(
      and(eq(orders.parent_id, parentId), eq(orders.kind, 'plan'), eq(orders.status, 'pending')),
    );
  return row;
}

export async function countPendingOrders(db: DbOrTx, parentId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.parent_id, parentId), eq(orders.status, 'pending')));
  return row?.n ?? 0;
}

/**
 * Marks pending orders past their expiry `expired` (one parent's, or everyone's), answering
 * how many. One statement: run twice at once, the second finds them expired already.
 */
export async function expirePendingOrders(db: DbOrTx, now: Date, parentId?: number) {
  const rows = await db
    .update(orders)
    .set({ status: 'expired', updated_at: now })
    .where(
      and(
        eq(orders.status, 'pending'),
        lte(orders.expires_at, now),
        parentId === undefined ? undefined : eq(orders.parent_id, parentId),
      ),
    )
    .returning({ id: orders.id });
  return rows.length;
}

export async function countSessionsOfOrder(db: DbOrTx, orderId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(checkoutSessions)
    .where(eq(checkoutSessions.order_id, orderId));
  return row?.n ?? 0;
}

export async function findOrderById(db: DbOrTx, id: number) {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row;
}

/** The latest session opened for an order with this pay method (reused instead of a new one). */
export async function findOpenSession(db: DbOrTx, orderId: number, payMethod: number) {
  const [row] = await db
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.order_id, orderId), eq(checkoutSessions.pay_method, payMethod)))
    .orderBy(desc(checkoutSessions.id))
    .limit(1);
  return row;
}

/** The order behind a session we opened, locked for fulfilment. */
export async function lockOrderOfSession(db: DbOrTx, provider: string, sessionId: string) {
  const [row] = await sessionOrder(db, provider, sessionId).for('update', { of: orders });
  return row;
}

/** The parent whose order a session we opened is for (read before taking any lock). */
export async function findParentOfSession(db: DbOrTx, provider: string, sessionId: string) {
  const [row] = await sessionOrder(db, provider, sessionId);
  return row?.order.parent_id;
}

function sessionOrder(db: DbOrTx, provider: string, sessionId: string) {
  return db
    .select({ order: orders, session: checkoutSessions })
    .from(checkoutSessions)
    .innerJoin(orders, eq(orders.id, checkoutSessions.order_id))
    .where(and(eq(checkoutSessions.provider, provider), eq(checkoutSessions.session_id, sessionId)))
    .$dynamic();
}

/** The session's order when it belongs to this parent (the local checkout page). */
export async function findOwnSession(db: DbOrTx, parentId: number, sessionId: string) {
  const [row] = await db
    .select({ order: orders, session: checkoutSessions })
    .from(checkoutSessions)
    .innerJoin(orders, eq(orders.id, checkoutSessions.order_id))
    .where(and(eq(checkoutSessions.session_id, sessionId), eq(orders.parent_id, parentId)));
  return row;
}

/** Records a notification once; answers false when its id was seen before (a redelivery). */
export async function recordPaymentEvent(
  db: DbOrTx,
  row: typeof paymentEvents.$inferInsert,
): Promise<number | undefined> {
  const [inserted] = await db
    .insert(paymentEvents)
    .values(row)
    .onConflictDoNothing({ target: [paymentEvents.provider, paymentEvents.event_id] })
    .returning({ id: paymentEvents.id });
  return inserted?.id;
}

export async function setPaymentEventOutcome(
  db: DbOrTx,
  id: number,
  outcome: string,
  orderId?: number,
) {
  await db
    .update(paymentEvents)
    .set({ outcome, ...(orderId ? { order_id: orderId } : {}) })
    .where(eq(paymentEvents.id, id));
}

/** Orders that reached a checkout, newest first (the charges list). */
export function findChargeOrders(
  db: DbOrTx,
  parentId: number,
  page: { limit: number; offset: number },
) {
  return db
    .select()
    .from(orders)
    .where(chargeWhere(parentId))
    .orderBy(desc(orders.created_at), desc(orders.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countChargeOrders(db: DbOrTx, parentId: number) {
  const [row] = await db.select({ n: count() }).from(orders).where(chargeWhere(parentId));
  return row?.n ?? 0;
}

/** Charges: paid, refunded or cancelled orders; open and expired ones never charged anything. */
function chargeWhere(parentId: number) {
  return and(eq(orders.parent_id, parentId), notInArray(orders.status, ['pending', 'expired']));
}

/** Paid credit purchases (packages and goods) in a time range, newest first. */
function rechargeWhere(parentId: number, from?: Date, to?: Date) {
  return and(
    eq(orders.parent_id, parentId),
    eq(orders.status, 'paid'),
    inArray(orders.kind, ['package', 'good']),
    from ? gte(orders.paid_at, from) : undefined,
    to ? lt(orders.paid_at, to) : undefined,
  );
}

export function findRechargeOrders(
  db: DbOrTx,
  parentId: number,
  range: { from?: Date; to?: Date },
  page: { limit: number; offset: number },
) {
  return db
    .select()
    .from(orders)
    .where(rechargeWhere(parentId, range.from, range.to))
    .orderBy(desc(orders.paid_at), desc(orders.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countRechargeOrders(
  db: DbOrTx,
  parentId: number,
  range: { from?: Date; to?: Date },
) {
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .where(rechargeWhere(parentId, range.from, range.to));
  return row?.n ?? 0;
}

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

export async function insertMembership(db: DbOrTx, row: typeof memberships.$inferInsert) {
  const [inserted] = await db.insert(memberships).values(row).onConflictDoNothing().returning();
  return inserted;
}

export async function updateMembershipsOfSubscription(
  db: DbOrTx,
  subscriptionId: string,
  patch: Partial<MembershipRow>,
) {
  return db
    .update(memberships)
    .set(patch)
    .where(and(eq(memberships.subscription_id, subscriptionId), isNull(memberships.cancelled_at)))
    .returning();
}

export async function cancelActiveMemberships(db: DbOrTx, parentId: number, now: Date) {
  await db
    .update(memberships)
    .set({ cancelled_at: now, updated_at: now })
    .where(
      and(
        eq(memberships.parent_id, parentId),
        gt(memberships.ends_at, now),
        isNull(memberships.cancelled_at),
      ),
    );
}

/** Lessons of a month (by start) for the statement, oldest first. */
export function findStatementLessons(
  db: DbOrTx,
  parentId: number,
  range: { from: Date; to: Date; studentId?: number },
  page: { limit: number; offset: number },
) {
  return db
    .select({
      lesson: lessons,
      nickname: students.nickname,
      subject_en: subjects.title_en,
      subject_zh: subjects.title_zh,
      class_type: courses.class_type,
    })
    .from(lessons)
    .innerJoin(students, eq(students.id, lessons.student_id))
    .innerJoin(courses, eq(courses.id, lessons.course_id))
    .innerJoin(subjects, eq(subjects.id, courses.subject_id))
    .where(statementWhere(parentId, range))
    .orderBy(asc(lessons.starts_at), asc(lessons.id))
    .limit(page.limit)
    .offset(page.offset);
}

function statementWhere(parentId: number, range: { from: Date; to: Date; studentId?: number }) {
  return and(
    eq(lessons.parent_id, parentId),
    range.studentId === undefined ? undefined : eq(lessons.student_id, range.studentId),
    gte(lessons.starts_at, range.from),
    lt(lessons.starts_at, range.to),
  );
}

export async function countStatementLessons(
  db: DbOrTx,
  parentId: number,
  range: { from: Date; to: Date; studentId?: number },
) {
  const [row] = await db
    .select({ n: count() })
    .from(lessons)
    .where(statementWhere(parentId, range));
  return row?.n ?? 0;
}

/** Credits actually consumed per lesson (the statement's `credit` column). */
export async function consumedByLesson(db: DbOrTx, parentId: number, lessonIds: number[]) {
  if (lessonIds.length === 0) return new Map<number, number>();
  const keys = lessonIds.map((id) => `lesson:${id}:consume`);
  const rows = await db
    .select({ key: creditLedger.idempotency_key, reserved: creditLedger.reserved_delta })
    .from(creditLedger)
    .where(and(eq(creditLedger.parent_id, parentId), inArray(creditLedger.idempotency_key, keys)));
  return new Map(rows.map((row) => [Number(row.key.split(':')[1]), -row.reserved]));
}
