import { and, asc, eq, gte, inArray, isNull, lt, ne } from 'drizzle-orm';
import type { DbOrTx, Transaction } from '../../db/client';
import { courses, lessons, memberships, students, subjects } from '../../db/schema';

/*
 * Reads and conditional writes of a parent's own plan actions (issue #25): the lessons a
 * cancellation or a pause touches, and the provider's news about a subscription mirrored once.
 */

/** A lesson of the parent's children as the plan screens list it. */
export interface PlanLessonRow {
  id: number;
  lesson_sn: string;
  student_id: number;
  nickname: string;
  course: { en: string; zh: string };
  starts_at: Date;
  ends_at: Date;
  required_credit: number;
  leave_at: Date | null;
  cancelled_at: Date | null;
}

/**
 * The children a plan of `kids` covers: the parent's first `kids` children by when they were
 * added (the scheduling generator's own order), deleted ones left out.
 */
export async function findCoveredStudentIds(
  db: DbOrTx,
  parentId: number,
  kids: number,
): Promise<number[]> {
  const rows = await db
    .select({ id: students.id })
    .from(students)
    .where(and(eq(students.parent_id, parentId), isNull(students.deleted_at)))
    .orderBy(asc(students.id))
    .limit(Math.max(0, kids));
  return rows.map((row) => row.id);
}

/**
 * Lessons of the parent's children starting in [from, to) (to open when absent), neither
 * cancelled nor on leave, earliest first; only `studentIds` when given.
 */
export async function findOpenLessonsBetween(
  db: DbOrTx,
  parentId: number,
  span: { from: Date; to?: Date; studentIds?: number[] },
): Promise<PlanLessonRow[]> {
  if (span.studentIds && span.studentIds.length === 0) return [];
  return db
    .select({
      id: lessons.id,
      lesson_sn: lessons.lesson_sn,
      student_id: lessons.student_id,
      nickname: students.nickname,
      course: { en: subjects.title_en, zh: subjects.title_zh },
      starts_at: lessons.starts_at,
      ends_at: lessons.ends_at,
      required_credit: lessons.required_credit,
      leave_at: lessons.leave_at,
      cancelled_at: lessons.cancelled_at,
    })
    .from(lessons)
    .innerJoin(students, eq(students.id, lessons.student_id))
    .innerJoin(courses, eq(courses.id, lessons.course_id))
    .innerJoin(subjects, eq(subjects.id, courses.subject_id))
    .where(
      and(
        eq(lessons.parent_id, parentId),
        gte(lessons.starts_at, span.from),
        span.to ? lt(lessons.starts_at, span.to) : undefined,
        span.studentIds ? inArray(lessons.student_id, span.studentIds) : undefined,
        isNull(lessons.cancelled_at),
        isNull(lessons.leave_at),
      ),
    )
    .orderBy(asc(lessons.starts_at), asc(lessons.id));
}

/**
 * The provider says whether a subscription's renewals stop: the plans it renews take that value
 * when they hold another one (a conditional update: a replay or a second event changes nothing).
 * Answers the plans changed.
 */
export function mirrorCancelAtPeriodEnd(
  tx: Transaction,
  subscriptionId: string,
  cancelAtPeriodEnd: boolean,
  now: Date,
) {
  return tx
    .update(memberships)
    .set({ cancel_at_period_end: cancelAtPeriodEnd, updated_at: now })
    .where(
      and(
        eq(memberships.subscription_id, subscriptionId),
        isNull(memberships.cancelled_at),
        ne(memberships.cancel_at_period_end, cancelAtPeriodEnd),
      ),
    )
    .returning({ id: memberships.id, order_id: memberships.order_id });
}
