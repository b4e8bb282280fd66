import { and, asc, count, eq, gte, inArray, lt, max, min, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  courses,
  creditLedger,
  lessons,
  orders,
  refunds,
  students,
  subjects,
} from '../../db/schema';

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

/*
 * The monthly statement as a document (issue #25): the month's credit purchases, confirmed
 * refunds and ledger sums, read as plain SQL over billing's and credits' tables, as the books do
 * (reads only; nothing here writes).
 */

/** Credit purchases (packages and goods) paid in [from, to), oldest first, refunded later or not. */
export function findStatementTopUps(db: DbOrTx, parentId: number, range: { from: Date; to: Date }) {
  return db
    .select({
      order_no: orders.order_no,
      paid_at: orders.paid_at,
      title_en: orders.title_en,
      title_zh: orders.title_zh,
      quantity: orders.quantity,
      extra_quantity: orders.extra_quantity,
      amount_minor: orders.amount_minor,
      currency: orders.currency,
    })
    .from(orders)
    .where(
      and(
        eq(orders.parent_id, parentId),
        inArray(orders.kind, ['package', 'good']),
        inArray(orders.status, ['paid', 'refunded']),
        gte(orders.paid_at, range.from),
        lt(orders.paid_at, range.to),
      ),
    )
    .orderBy(asc(orders.paid_at), asc(orders.id));
}

/** Refunds the provider confirmed in [from, to), oldest first, with the order they refund. */
export function findStatementRefunds(
  db: DbOrTx,
  parentId: number,
  range: { from: Date; to: Date },
) {
  return db
    .select({
      refund_no: refunds.refund_no,
      confirmed_at: refunds.confirmed_at,
      order_no: orders.order_no,
      title_en: orders.title_en,
      title_zh: orders.title_zh,
      amount_minor: refunds.amount_minor,
      currency: refunds.currency,
      credits_taken_back: refunds.credits_taken_back,
    })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.order_id))
    .where(
      and(
        eq(refunds.parent_id, parentId),
        eq(refunds.status, 'succeeded'),
        gte(refunds.confirmed_at, range.from),
        lt(refunds.confirmed_at, range.to),
      ),
    )
    .orderBy(asc(refunds.confirmed_at), asc(refunds.id));
}

/** Paid + reward credit on the ledger before `at` (reservations are not spent credit). */
export async function creditBalanceBefore(db: DbOrTx, parentId: number, at: Date) {
  const [row] = await db
    .select({
      credits: sql<string>`coalesce(sum(${creditLedger.paid_delta} + ${creditLedger.reward_delta}), 0)`,
    })
    .from(creditLedger)
    .where(and(eq(creditLedger.parent_id, parentId), lt(creditLedger.created_at, at)));
  return Number(row?.credits ?? 0);
}

/** The change of paid + reward credit in [from, to) per ledger event. */
export async function creditMovesByEvent(
  db: DbOrTx,
  parentId: number,
  range: { from: Date; to: Date },
) {
  const rows = await db
    .select({
      event: creditLedger.event,
      credits: sql<string>`coalesce(sum(${creditLedger.paid_delta} + ${creditLedger.reward_delta}), 0)`,
    })
    .from(creditLedger)
    .where(
      and(
        eq(creditLedger.parent_id, parentId),
        gte(creditLedger.created_at, range.from),
        lt(creditLedger.created_at, range.to),
      ),
    )
    .groupBy(creditLedger.event);
  return rows.map((row) => ({ event: row.event, credits: Number(row.credits) }));
}

/** The first and last instants of the parent's lessons, ledger rows, paid orders and refunds. */
export async function statementActivitySpan(db: DbOrTx, parentId: number) {
  const spans = await Promise.all([
    db
      .select({ first: min(lessons.starts_at), last: max(lessons.starts_at) })
      .from(lessons)
      .where(eq(lessons.parent_id, parentId)),
    db
      .select({ first: min(creditLedger.created_at), last: max(creditLedger.created_at) })
      .from(creditLedger)
      .where(eq(creditLedger.parent_id, parentId)),
    db
      .select({ first: min(orders.paid_at), last: max(orders.paid_at) })
      .from(orders)
      .where(eq(orders.parent_id, parentId)),
    db
      .select({ first: min(refunds.confirmed_at), last: max(refunds.confirmed_at) })
      .from(refunds)
      .where(eq(refunds.parent_id, parentId)),
  ]);
  const instants = (pick: 'first' | 'last') =>
    spans
      .map(([row]) => row?.[pick])
      .filter((at): at is Date => at instanceof Date)
      .map((at) => at.getTime());
  const firsts = instants('first');
  const lasts = instants('last');
  return firsts.length === 0
    ? undefined
    : { first: new Date(Math.min(...firsts)), last: new Date(Math.max(...lasts)) };
}
