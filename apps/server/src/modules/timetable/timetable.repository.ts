import { and, asc, desc, eq, gte, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import {
  closures,
  courses,
  enrollments,
  lessonComments,
  lessons,
  levels,
  parents,
  students,
  subjects,
  teachers,
} from '../../db/schema';

/**
 * The timetable's read models (issue #22, decision 047): classes, a course's enrolments, leave
 * requests, feedback, closures and the ids the console names. Like the families read models
 * (decision 044) they read other modules' tables in one statement each so that filters and
 * paging stay in SQL; every write goes through the scheduling service.
 */

const teacher = alias(teachers, 'teacher');
const original = alias(teachers, 'original');

/** The columns of a course's title: subject and level in both languages. */
const titleColumns = {
  subjectEn: subjects.title_en,
  subjectZh: subjects.title_zh,
  levelEn: levels.title_en,
  levelZh: levels.title_zh,
};

export interface ClassFilter {
  /** Starts at or after (inclusive). */
  from?: Date;
  /** Starts before (exclusive). */
  to?: Date;
  courseId?: number;
  /** Classes this teacher teaches or a substitute covers for. */
  teacherId?: number;
  /**
   * Classes of this teacher's time off (the teacher's zone date of the start in one of their
   * ranges), starting after `now`, not cancelled and still without a substitute.
   */
  coverOf?: { teacherId: number; now: Date };
}

/**
 * A condition on some row of the same class (course and start), so a class is listed whole even
 * when only one of its rows matches (a child's row cancelled on its own, say).
 */
const inClassWhere = (condition: SQL) =>
  sql`exists (select 1 from lessons c where c.course_id = ${lessons.course_id} and c.starts_at = ${lessons.starts_at} and ${condition})`;

function classWhere(filter: ClassFilter): SQL | undefined {
  const cover = filter.coverOf;
  return and(
    filter.from ? gte(lessons.starts_at, filter.from) : undefined,
    filter.to ? lt(lessons.starts_at, filter.to) : undefined,
    filter.courseId === undefined ? undefined : eq(lessons.course_id, filter.courseId),
    filter.teacherId === undefined
      ? undefined
      : inClassWhere(
          sql`(c.teacher_id = ${filter.teacherId} or c.substitute_for_id = ${filter.teacherId})`,
        ),
    cover
      ? inClassWhere(sql`c.teacher_id = ${cover.teacherId} and c.substitute_for_id is null
          and c.cancelled_at is null and c.leave_at is null and c.starts_at > ${cover.now.toISOString()}
          and exists (select 1 from teacher_time_off o join teachers t on t.id = o.teacher_id
            where o.teacher_id = ${cover.teacherId}
              and (c.starts_at at time zone t.time_zone)::date between o.starts_on and o.ends_on)`)
      : undefined,
  );
}

/** Every lesson row of the matching classes with its child, family, course and teachers. */
export function findClassLessons(db: DbOrTx, filter: ClassFilter) {
  return db
    .select({
      id: lessons.id,
      lessonSn: lessons.lesson_sn,
      courseId: lessons.course_id,
      startsAt: lessons.starts_at,
      endsAt: lessons.ends_at,
      cancelledAt: lessons.cancelled_at,
      cancelReason: lessons.cancel_reason,
      leaveAt: lessons.leave_at,
      enteredAt: lessons.entered_at,
      settledAt: lessons.settled_at,
      attendance: lessons.attendance,
      teacherEnteredAt: lessons.teacher_entered_at,
      studentSn: students.student_sn,
      nickname: students.nickname,
      userSn: parents.user_sn,
      ...titleColumns,
      teacherSn: teacher.teacher_sn,
      teacherNameEn: teacher.name_en,
      teacherNameZh: teacher.name_zh,
      originalSn: original.teacher_sn,
      originalNameEn: original.name_en,
      originalNameZh: original.name_zh,
    })
    .from(lessons)
    .innerJoin(students, eq(students.id, lessons.student_id))
    .innerJoin(parents, eq(parents.id, lessons.parent_id))
    .innerJoin(courses, eq(courses.id, lessons.course_id))
    .innerJoin(subjects, eq(subjects.id, courses.subject_id))
    .innerJoin(levels, eq(levels.id, courses.level_id))
    .leftJoin(teacher, eq(teacher.id, lessons.teacher_id))
    .leftJoin(original, eq(original.id, lessons.substitute_for_id))
    .where(classWhere(filter))
    .orderBy(asc(lessons.starts_at), asc(lessons.course_id), asc(lessons.id));
}
export type ClassLessonRow = Awaited<ReturnType<typeof findClassLessons>>[number];

/** A course with its title, capacity and state; undefined when there is none. */
export async function findCourse(db: DbOrTx, courseId: number) {
  const [row] = await db
    .select({
      id: courses.id,
      capacity: courses.capacity,
      totalLessons: courses.total_lessons,
      retiredAt: courses.retired_at,
      ...titleColumns,
    })
    .from(courses)
    .innerJoin(subjects, eq(subjects.id, courses.subject_id))
    .innerJoin(levels, eq(levels.id, courses.level_id))
    .where(eq(courses.id, courseId));
  return row;
}

/**
 * A course's enrolments, running ones first, then the newest: the child, the family and the
 * lessons held so far (ended, not cancelled, not on leave).
 */
export function findCourseEnrollments(db: DbOrTx, courseId: number, now: Date) {
  const held = sql<number>`(select count(*) from lessons l where l.enrollment_id = ${enrollments.id}
    and l.ends_at <= ${now.toISOString()} and l.cancelled_at is null and l.leave_at is null)`;
  return db
    .select({
      enrollmentSn: enrollments.enrollment_sn,
      studentSn: students.student_sn,
      nickname: students.nickname,
      userSn: parents.user_sn,
      parentName: parents.name,
      startsAt: enrollments.starts_at,
      endedAt: enrollments.cancelled_at,
      lessonsDone: held.mapWith(Number),
    })
    .from(enrollments)
    .innerJoin(students, eq(students.id, enrollments.student_id))
    .innerJoin(parents, eq(parents.id, enrollments.parent_id))
    .where(eq(enrollments.course_id, courseId))
    .orderBy(
      sql`${enrollments.cancelled_at} is not null`,
      desc(enrollments.starts_at),
      desc(enrollments.id),
    );
}

/**
 * Reserved credits a leave gave back: the ledger's release row of the lesson (its idempotency
 * key `lesson:<id>:release`, as the ledger writes it; credit_ledger_idempotency_uq).
 */
const creditsReleased = sql<number>`coalesce((select -sum(r.reserved_delta) from credit_ledger r
  where r.idempotency_key = 'lesson:' || ${lessons.id} || ':release'), 0)`;

/** One page of parents' leave requests (newest request first) and the number matching. */
export async function findLeaveRequests(
  db: DbOrTx,
  filter: { from?: Date; to?: Date },
  page: { offset: number; limit: number },
) {
  const where = and(
    isNotNull(lessons.leave_at),
    filter.from ? gte(lessons.leave_at, filter.from) : undefined,
    filter.to ? lt(lessons.leave_at, filter.to) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        lessonSn: lessons.lesson_sn,
        startsAt: lessons.starts_at,
        ...titleColumns,
        studentSn: students.student_sn,
        nickname: students.nickname,
        userSn: parents.user_sn,
        parentName: parents.name,
        requestedAt: lessons.leave_at,
        creditsReturned: creditsReleased.mapWith(Number),
      })
      .from(lessons)
      .innerJoin(students, eq(students.id, lessons.student_id))
      .innerJoin(parents, eq(parents.id, lessons.parent_id))
      .innerJoin(courses, eq(courses.id, lessons.course_id))
      .innerJoin(subjects, eq(subjects.id, courses.subject_id))
      .innerJoin(levels, eq(levels.id, courses.level_id))
      .where(where)
      .orderBy(desc(lessons.leave_at), desc(lessons.id))
      .offset(page.offset)
      .limit(page.limit),
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(lessons)
      .where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

export interface FeedbackFilter {
  /** The teacher who taught the lesson (a substitute's lessons count as theirs). */
  teacherId?: number;
  courseId?: number;
  /** Lessons starting at or after. */
  from?: Date;
  /** Lessons starting before. */
  to?: Date;
}

const feedbackWhere = (filter: FeedbackFilter) =>
  and(
    filter.teacherId === undefined ? undefined : eq(lessons.teacher_id, filter.teacherId),
    filter.courseId === undefined ? undefined : eq(lessons.course_id, filter.courseId),
    filter.from ? gte(lessons.starts_at, filter.from) : undefined,
    filter.to ? lt(lessons.starts_at, filter.to) : undefined,
  );

/**
 * Ratings matching the filter: their count and sum of half stars overall and per month of the
 * lesson's start in `zone` (oldest first), and one page of them (newest lesson first).
 */
export async function findFeedback(
  db: DbOrTx,
  filter: FeedbackFilter,
  zone: string,
  page: { offset: number; limit: number },
) {
  const where = feedbackWhere(filter);
  const month = sql<string>`to_char(${lessons.starts_at} at time zone ${zone}, 'YYYY-MM')`;
  const [totals, months, rows] = await Promise.all([
    db
      .select({
        count: sql<number>`count(*)`.mapWith(Number),
        halves: sql<number>`coalesce(sum(${lessonComments.rating_halves}), 0)`.mapWith(Number),
      })
      .from(lessonComments)
      .innerJoin(lessons, eq(lessons.id, lessonComments.lesson_id))
      .where(where),
    db
      .select({
        month,
        count: sql<number>`count(*)`.mapWith(Number),
        halves: sql<number>`sum(${lessonComments.rating_halves})`.mapWith(Number),
      })
      .from(lessonComments)
      .innerJoin(lessons, eq(lessons.id, lessonComments.lesson_id))
      .where(where)
      // By position: the zone is a bound parameter, so a repeated expression would not match.
      .groupBy(sql`1`)
      .orderBy(sql`1`),
    db
      .select({
        lessonSn: lessons.lesson_sn,
        startsAt: lessons.starts_at,
        ...titleColumns,
        teacherNameEn: teachers.name_en,
        teacherNameZh: teachers.name_zh,
        ratingHalves: lessonComments.rating_halves,
        comment: lessonComments.comment,
        nickname: students.nickname,
        createdAt: lessonComments.created_at,
      })
      .from(lessonComments)
      .innerJoin(lessons, eq(lessons.id, lessonComments.lesson_id))
      .innerJoin(students, eq(students.id, lessons.student_id))
      .innerJoin(courses, eq(courses.id, lessons.course_id))
      .innerJoin(subjects, eq(subjects.id, courses.subject_id))
      .innerJoin(levels, eq(levels.id, courses.level_id))
      .leftJoin(teachers, eq(teachers.id, lessons.teacher_id))
      .where(where)
      .orderBy(desc(lessons.starts_at), desc(lessonComments.id))
      .offset(page.offset)
      .limit(page.limit),
  ]);
  return { count: totals[0]?.count ?? 0, halves: totals[0]?.halves ?? 0, months, rows };
}

/** Every closure, latest start first, with its course's title and the lessons it cancelled. */
export function findClosures(db: DbOrTx) {
  const cancelled = sql<number>`(select count(*) from lessons l where l.closure_id = ${closures.id})`;
  return db
    .select({
      closureSn: closures.closure_sn,
      courseId: closures.course_id,
      subjectEn: subjects.title_en,
      subjectZh: subjects.title_zh,
      levelEn: levels.title_en,
      levelZh: levels.title_zh,
      startsOn: closures.starts_on,
      endsOn: closures.ends_on,
      reasonEn: closures.reason_en,
      reasonZh: closures.reason_zh,
      lessonsCancelled: cancelled.mapWith(Number),
    })
    .from(closures)
    .leftJoin(courses, eq(courses.id, closures.course_id))
    .leftJoin(subjects, eq(subjects.id, courses.subject_id))
    .leftJoin(levels, eq(levels.id, courses.level_id))
    .orderBy(desc(closures.starts_on), desc(closures.id));
}

// ---------------------------------------------------------------------------------------------
// Public ids → rows

export async function findLessonBySn(db: DbOrTx, lessonSn: string) {
  const [row] = await db
    .select({ id: lessons.id })
    .from(lessons)
    .where(eq(lessons.lesson_sn, lessonSn));
  return row;
}

/** The attendance mark and teacher's note a lesson holds. */
export async function findLessonMark(db: DbOrTx, lessonId: number) {
  const [row] = await db
    .select({ attendance: lessons.attendance, note: lessons.teacher_note })
    .from(lessons)
    .where(eq(lessons.id, lessonId));
  return row;
}

export async function findEnrollmentBySn(db: DbOrTx, enrollmentSn: string) {
  const [row] = await db
    .select({ id: enrollments.id })
    .from(enrollments)
    .where(eq(enrollments.enrollment_sn, enrollmentSn));
  return row;
}

/** The family (by `user_sn`) and, when it is theirs and not deleted, the child (`student_sn`). */
export async function findFamilyChild(db: DbOrTx, userSn: string, studentSn: string) {
  const [parent] = await db
    .select({ id: parents.id, timeZone: parents.time_zone })
    .from(parents)
    .where(eq(parents.user_sn, userSn));
  if (!parent) return { parent: undefined, child: undefined };
  const [child] = await db
    .select({ id: students.id })
    .from(students)
    .where(
      and(
        eq(students.student_sn, studentSn),
        eq(students.parent_id, parent.id),
        isNull(students.deleted_at),
      ),
    );
  return { parent, child };
}
