import { and, asc, count, desc, eq, gt, gte, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { prepared } from '../../db/prepared';
import {
  avatars,
  closures,
  courses,
  enrollments,
  lessonComments,
  lessons,
  levels,
  students,
  subjects,
  teachers,
  topics,
} from '../../db/schema';

export type LessonRow = typeof lessons.$inferSelect;

/** Whose lessons a list shows: one parent, optionally one of their children. */
export interface LessonScope {
  parentId: number;
  studentId?: number;
}

const lessonView = {
  lesson: lessons,
  student_sn: students.student_sn,
  nickname: students.nickname,
  avatar: avatars.url,
  subject_en: subjects.title_en,
  subject_zh: subjects.title_zh,
  subject_img: subjects.img,
  level_en: levels.title_en,
  level_zh: levels.title_zh,
  topic_en: topics.title_en,
  topic_zh: topics.title_zh,
  total_lessons: courses.total_lessons,
  duration: courses.duration_minutes,
  comment_sn: lessonComments.comment_sn,
  /** Who teaches the lesson (a substitute when one covers it); null before teachers (#22). */
  teacher_en: teachers.name_en,
  teacher_zh: teachers.name_zh,
  teacher_photo: teachers.photo,
  /** The closure that cancelled it, named by the school (#22). */
  closure_en: closures.reason_en,
  closure_zh: closures.reason_zh,
};
export type LessonView = Awaited<ReturnType<typeof findLessonViews>>[number];

/** Placeholders `parentId` (and `studentId` when the scope names a child). */
function scopeWhere(scope: LessonScope) {
  return and(
    eq(lessons.parent_id, sql.placeholder('parentId')),
    scope.studentId === undefined
      ? undefined
      : eq(lessons.student_id, sql.placeholder('studentId')),
    // Lessons of a deleted child leave the lists with the child.
    isNull(students.deleted_at),
  );
}

/** The prepared query's shape (db/prepared.ts) and its values. */
function listShape(scope: LessonScope, range: LessonRange) {
  return `${range}_${scope.studentId === undefined ? 'parent' : 'child'}`;
}
function listValues(scope: LessonScope, now: Date) {
  return {
    parentId: scope.parentId,
    ...(scope.studentId === undefined ? {} : { studentId: scope.studentId }),
    now: now.toISOString(),
  };
}

/** Which lessons: not yet ended (upcoming), or ended and attendable (completed). */
export type LessonRange = 'upcoming' | 'completed';

/** Placeholder `now`. */
function rangeWhere(range: LessonRange) {
  const now = sql.placeholder('now');
  return range === 'upcoming'
    ? gt(lessons.ends_at, now)
    : and(lte(lessons.ends_at, now), isNull(lessons.cancelled_at), isNull(lessons.leave_at));
}

function lessonViewQuery(db: DbOrTx) {
  return db
    .select(lessonView)
    .from(lessons)
    .innerJoin(students, eq(students.id, lessons.student_id))
    .innerJoin(avatars, eq(avatars.id, students.avatar_id))
    .innerJoin(courses, eq(courses.id, lessons.course_id))
    .innerJoin(subjects, eq(subjects.id, courses.subject_id))
    .innerJoin(levels, eq(levels.id, courses.level_id))
    .leftJoin(topics, eq(topics.id, lessons.topic_id))
    .leftJoin(lessonComments, eq(lessonComments.lesson_id, lessons.id))
    .leftJoin(teachers, eq(teachers.id, lessons.teacher_id))
    .leftJoin(closures, eq(closures.id, lessons.closure_id));
}

/**
 * Effective attendance in SQL (decision 047): the teacher's or an admin's mark when set, else
 * whether the child entered the room. Same rule as `attendedOf` in @portal/shared/lessons.
 */
const ATTENDED = sql`coalesce(${lessons.attendance} = 'attended', ${lessons.entered_at} is not null)`;

/** A list's order: upcoming soonest first, completed latest first. */
function listOrder(range: LessonRange) {
  return [range === 'upcoming' ? asc(lessons.starts_at) : desc(lessons.starts_at), asc(lessons.id)];
}

/**
 * One page of a lesson list and the list's total, in two statements. The page's lesson ids and
 * the total come from the lessons and the children alone; the display fields (8 tables) are then
 * read by those ids. One statement joining them under the list's filter costs ~2 ms to plan, and
 * PostgreSQL plans it again on every call once the generic plan looks costlier than the parent's
 * own (its estimate for "any parent" grows with the average parent's history): the growth
 * benchmark's demo parent paid that at 1 M lessons and not at 10 k (bench/findings.md § 11).
 * Read by ids, the 8-table statement's generic plan is as cheap at every size and is kept.
 */
export async function findLessonPage(
  db: DbOrTx,
  scope: LessonScope,
  range: LessonRange,
  now: Date,
  page: { limit: number; offset: number },
): Promise<{ views: LessonView[]; total: number }> {
  const name = `lessons_page_${listShape(scope, range)}`;
  const pageQuery = prepared(db, name, (db) =>
    db
      .select({ id: lessons.id, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(lessons)
      .innerJoin(students, eq(students.id, lessons.student_id))
      .where(and(scopeWhere(scope), rangeWhere(range)))
      .orderBy(...listOrder(range))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name),
  );
  const rows = await pageQuery.execute({ ...listValues(scope, now), ...page });
  const [first] = rows;
  if (first === undefined) {
    // An empty first page means no lessons; past the last page the window counts nothing, and
    // the total is asked on its own.
    const none = page.offset === 0 && page.limit > 0;
    return { views: [], total: none ? 0 : await countLessons(db, scope, range, now) };
  }
  return {
    views: await findLessonViews(
      db,
      rows.map((row) => row.id),
      range,
    ),
    total: first.total,
  };
}

/** The lessons of these ids with their display fields, in the list's order. */
function findLessonViews(db: DbOrTx, ids: number[], range: LessonRange) {
  const name = `lessons_views_${range}`;
  const query = prepared(db, name, (db) =>
    lessonViewQuery(db)
      .where(
        and(
          sql`${lessons.id} = any(${sql.placeholder('ids')}::int[])`,
          isNull(students.deleted_at),
        ),
      )
      .orderBy(...listOrder(range))
      .prepare(name),
  );
  return query.execute({ ids });
}

async function countLessons(
  db: DbOrTx,
  scope: LessonScope,
  range: LessonRange,
  now: Date,
): Promise<number> {
  const name = `lessons_count_${listShape(scope, range)}`;
  const query = prepared(db, name, (db) =>
    db
      .select({ n: count() })
      .from(lessons)
      .innerJoin(students, eq(students.id, lessons.student_id))
      .where(and(scopeWhere(scope), rangeWhere(range)))
      .prepare(name),
  );
  const [row] = await query.execute(listValues(scope, now));
  return row?.n ?? 0;
}

/** The parent's own lesson of this child, with its display fields; others find nothing. */
export async function findOwnLessonView(
  db: DbOrTx,
  parentId: number,
  lessonSn: string,
  studentSn: string,
): Promise<LessonView | undefined> {
  const [row] = await lessonViewQuery(db)
    .where(
      and(
        eq(lessons.lesson_sn, lessonSn),
        eq(lessons.parent_id, parentId),
        eq(students.student_sn, studentSn),
        isNull(students.deleted_at),
      ),
    )
    .limit(1);
  return row;
}

export async function insertComment(
  db: DbOrTx,
  row: typeof lessonComments.$inferInsert,
): Promise<boolean> {
  const inserted = await db
    .insert(lessonComments)
    .values(row)
    .onConflictDoNothing({ target: lessonComments.lesson_id })
    .returning({ id: lessonComments.id });
  return inserted.length > 0;
}

/** A comment on one of this parent's lessons; another parent's comment_id finds nothing. */
export async function findOwnComment(db: DbOrTx, parentId: number, commentSn: string) {
  const [row] = await db
    .select()
    .from(lessonComments)
    .where(and(eq(lessonComments.comment_sn, commentSn), eq(lessonComments.parent_id, parentId)))
    .limit(1);
  return row;
}

/** Enrolled courses of the scope, with the course's catalogue titles and the child. */
export function findEnrollmentViews(db: DbOrTx, scope: LessonScope) {
  return db
    .select({
      enrollment: enrollments,
      course: courses,
      student_sn: students.student_sn,
      nickname: students.nickname,
      avatar: avatars.url,
      subject_en: subjects.title_en,
      subject_zh: subjects.title_zh,
      subject_img: subjects.img,
      level_en: levels.title_en,
      level_zh: levels.title_zh,
    })
    .from(enrollments)
    .innerJoin(students, eq(students.id, enrollments.student_id))
    .innerJoin(avatars, eq(avatars.id, students.avatar_id))
    .innerJoin(courses, eq(courses.id, enrollments.course_id))
    .innerJoin(subjects, eq(subjects.id, courses.subject_id))
    .innerJoin(levels, eq(levels.id, courses.level_id))
    .where(
      and(
        eq(enrollments.parent_id, scope.parentId),
        scope.studentId === undefined ? undefined : eq(enrollments.student_id, scope.studentId),
        isNull(students.deleted_at),
      ),
    )
    .orderBy(asc(enrollments.id));
}

/** Per enrollment: lessons that ended (attendable ones) and the next one not yet ended. */
export async function enrollmentProgress(db: DbOrTx, enrollmentIds: number[], now: Date) {
  if (enrollmentIds.length === 0) return new Map<number, { done: number; next?: LessonRow }>();
  const done = await db
    .select({ id: lessons.enrollment_id, n: count() })
    .from(lessons)
    .where(and(inArray(lessons.enrollment_id, enrollmentIds), lte(lessons.ends_at, now)))
    .groupBy(lessons.enrollment_id);
  const next = await db
    .selectDistinctOn([lessons.enrollment_id])
    .from(lessons)
    .where(
      and(
        inArray(lessons.enrollment_id, enrollmentIds),
        gt(lessons.ends_at, now),
        isNull(lessons.cancelled_at),
        isNull(lessons.leave_at),
      ),
    )
    .orderBy(lessons.enrollment_id, asc(lessons.starts_at));
  const progress = new Map<number, { done: number; next?: LessonRow }>();
  for (const id of enrollmentIds) progress.set(id, { done: 0 });
  for (const row of done) progress.get(row.id)!.done = row.n;
  for (const row of next) progress.get(row.enrollment_id)!.next = row;
  return progress;
}

/**
 * A child's lessons in [from, to): completed (ended and attended), still scheduled, and
 * no-shows (ended, not attended), for the profile's month counts (spec §3 student_info).
 * Attended is the effective rule: the teacher's mark, else the child's entry.
 */
export async function monthCounts(db: DbOrTx, studentId: number, from: Date, to: Date, now: Date) {
  const query = prepared(db, 'month_counts', (db) => {
    const at = sql`${sql.placeholder('now')}::timestamptz`;
    return db
      .select({
        complete: sql<number>`count(*) filter (where ${lessons.ends_at} <= ${at} and ${ATTENDED})`,
        pending: sql<number>`count(*) filter (where ${lessons.ends_at} > ${at})`,
        noShow: sql<number>`count(*) filter (where ${lessons.ends_at} <= ${at} and not ${ATTENDED})`,
      })
      .from(lessons)
      .where(
        and(
          eq(lessons.student_id, sql.placeholder('studentId')),
          gte(lessons.starts_at, sql.placeholder('from')),
          lt(lessons.starts_at, sql.placeholder('to')),
          isNull(lessons.cancelled_at),
          isNull(lessons.leave_at),
        ),
      )
      .prepare('month_counts');
  });
  const [row] = await query.execute({
    studentId,
    from: from.toISOString(),
    to: to.toISOString(),
    now: now.toISOString(),
  });
  return {
    complete: Number(row?.complete ?? 0),
    pending: Number(row?.pending ?? 0),
    noShow: Number(row?.noShow ?? 0),
  };
}
