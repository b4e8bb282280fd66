import {
  and,
  asc,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  ne,
  notInArray,
  or,
  sql,
} from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  closures,
  courses,
  enrollmentSlots,
  enrollments,
  lessons,
  parents,
  students,
  teachers,
  teacherTimeOff,
} from '../../db/schema';
import type { LessonRow } from './scheduling.repository';

/**
 * The timetable's rows beyond one lesson (issue #22): classes (a course's rows at one start),
 * teachers' and children's other lessons for conflicts, closures, enrolments' own slots.
 */
export type CourseRow = typeof courses.$inferSelect;
export type TeacherRow = typeof teachers.$inferSelect;
export type ClosureRow = typeof closures.$inferSelect;

/** A lesson row still to be held: not cancelled, not on leave, not settled. */
const isOpen = and(
  isNull(lessons.cancelled_at),
  isNull(lessons.leave_at),
  isNull(lessons.settled_at),
);

/** Locks a course (capacity is counted under this lock, decision 047). */
export async function lockCourse(db: DbOrTx, courseId: number): Promise<CourseRow | undefined> {
  const [row] = await db.select().from(courses).where(eq(courses.id, courseId)).for('update');
  return row;
}

export async function findCourse(db: DbOrTx, courseId: number): Promise<CourseRow | undefined> {
  const [row] = await db.select().from(courses).where(eq(courses.id, courseId)).limit(1);
  return row;
}

export async function countRunningEnrollments(db: DbOrTx, courseId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(enrollments)
    .where(and(eq(enrollments.course_id, courseId), isNull(enrollments.cancelled_at)));
  return Number(row?.n ?? 0);
}

/**
 * The family's live child, locked: two enrolments of one child at once are taken one after the
 * other, so the second sees the first's lessons when it looks for conflicts.
 */
export async function lockChildOfParent(db: DbOrTx, parentId: number, studentId: number) {
  const [row] = await db
    .select({ id: students.id })
    .from(students)
    .where(
      and(
        eq(students.id, studentId),
        eq(students.parent_id, parentId),
        isNull(students.deleted_at),
      ),
    )
    .for('update');
  return row;
}

export async function findChildOfParent(db: DbOrTx, parentId: number, studentId: number) {
  const [row] = await db
    .select({ id: students.id })
    .from(students)
    .where(
      and(
        eq(students.id, studentId),
        eq(students.parent_id, parentId),
        isNull(students.deleted_at),
      ),
    )
    .limit(1);
  return row;
}

/** An enrolment's own weekly slots (after "this and all following"), by weekday and time. */
export function findEnrollmentSlots(db: DbOrTx, enrollmentId: number) {
  return db
    .select()
    .from(enrollmentSlots)
    .where(eq(enrollmentSlots.enrollment_id, enrollmentId))
    .orderBy(asc(enrollmentSlots.weekday), asc(enrollmentSlots.start_time));
}

/** Replaces an enrolment's own weekly slots with `slots`. */
export async function replaceEnrollmentSlots(
  db: DbOrTx,
  enrollmentId: number,
  slots: { weekday: number; start_time: string; teacher_id: number | null }[],
) {
  await db.delete(enrollmentSlots).where(eq(enrollmentSlots.enrollment_id, enrollmentId));
  if (slots.length)
    await db
      .insert(enrollmentSlots)
      .values(slots.map((slot) => ({ ...slot, enrollment_id: enrollmentId })));
}

export async function lockEnrollment(db: DbOrTx, enrollmentId: number) {
  const [row] = await db
    .select()
    .from(enrollments)
    .where(eq(enrollments.id, enrollmentId))
    .for('update');
  return row;
}

export async function findEnrollment(db: DbOrTx, enrollmentId: number) {
  const [row] = await db
    .select()
    .from(enrollments)
    .where(eq(enrollments.id, enrollmentId))
    .limit(1);
  return row;
}

export async function updateEnrollment(
  db: DbOrTx,
  enrollmentId: number,
  patch: Partial<typeof enrollments.$inferInsert>,
) {
  await db.update(enrollments).set(patch).where(eq(enrollments.id, enrollmentId));
}

/**
 * Closures that apply to a course (its own and the school-wide ones) and end on or after
 * `fromDate` (`YYYY-MM-DD`, school zone).
 */
export function findClosuresOf(db: DbOrTx, courseId: number, fromDate: string) {
  return db
    .select({ starts_on: closures.starts_on, ends_on: closures.ends_on })
    .from(closures)
    .where(
      and(
        or(eq(closures.course_id, courseId), isNull(closures.course_id)),
        gte(closures.ends_on, fromDate),
      ),
    );
}

export async function insertClosure(
  db: DbOrTx,
  row: typeof closures.$inferInsert,
): Promise<ClosureRow> {
  const [inserted] = await db.insert(closures).values(row).returning();
  return inserted!;
}

export async function findLesson(db: DbOrTx, lessonId: number): Promise<LessonRow | undefined> {
  const [row] = await db.select().from(lessons).where(eq(lessons.id, lessonId)).limit(1);
  return row;
}

/**
 * The open rows of a class (one course at one start), locked in id order: every writer of a
 * class or of many lessons locks in that order, so two of them wait for each other rather
 * than deadlock.
 */
export function lockOpenClassRows(db: DbOrTx, courseId: number, startsAt: Date) {
  return db
    .select()
    .from(lessons)
    .where(and(eq(lessons.course_id, courseId), eq(lessons.starts_at, startsAt), isOpen))
    .orderBy(asc(lessons.id))
    .for('update');
}

/** Every row of a class, open or not (entries, the teacher's presence). */
export function findClassRows(db: DbOrTx, courseId: number, startsAt: Date) {
  return db
    .select()
    .from(lessons)
    .where(and(eq(lessons.course_id, courseId), eq(lessons.starts_at, startsAt)))
    .orderBy(asc(lessons.id));
}

/**
 * Whether the class was held: the teacher entered (the entry is written on all its rows), or the
 * teacher or an admin marked a child's attendance, which only a held class has.
 */
export async function classWasHeld(db: DbOrTx, courseId: number, startsAt: Date) {
  const [row] = await db
    .select({ id: lessons.id })
    .from(lessons)
    .where(
      and(
        eq(lessons.course_id, courseId),
        eq(lessons.starts_at, startsAt),
        or(isNotNull(lessons.teacher_entered_at), isNotNull(lessons.attendance)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function markClassEntered(db: DbOrTx, courseId: number, startsAt: Date, now: Date) {
  const rows = await db
    .update(lessons)
    .set({ teacher_entered_at: now, updated_at: now })
    .where(
      and(
        eq(lessons.course_id, courseId),
        eq(lessons.starts_at, startsAt),
        isNull(lessons.teacher_entered_at),
      ),
    )
    .returning({ id: lessons.id });
  return rows.length;
}

/** Lessons that are held (not cancelled, not on leave) and overlap [from, to). */
const heldBetween = (from: Date, to: Date) =>
  and(
    isNull(lessons.cancelled_at),
    isNull(lessons.leave_at),
    lt(lessons.starts_at, to),
    gt(lessons.ends_at, from),
  );

/**
 * Whether the teacher teaches another class in [from, to): rows in `exclude` (the ones being
 * moved) and the class of `course` at `from` (the same class: a group's other children) do not
 * count.
 */
export async function teacherIsBusy(
  db: DbOrTx,
  teacherId: number,
  from: Date,
  to: Date,
  course: { courseId: number; exclude: number[] },
): Promise<boolean> {
  const [row] = await db
    .select({ id: lessons.id })
    .from(lessons)
    .where(
      and(
        eq(lessons.teacher_id, teacherId),
        heldBetween(from, to),
        course.exclude.length ? notInArray(lessons.id, course.exclude) : undefined,
        or(ne(lessons.course_id, course.courseId), ne(lessons.starts_at, from)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Whether the child has another lesson held in [from, to) (rows in `exclude` do not count). */
export async function childIsBusy(
  db: DbOrTx,
  studentId: number,
  from: Date,
  to: Date,
  exclude: number[],
): Promise<boolean> {
  const [row] = await db
    .select({ id: lessons.id })
    .from(lessons)
    .where(
      and(
        eq(lessons.student_id, studentId),
        heldBetween(from, to),
        exclude.length ? notInArray(lessons.id, exclude) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function findTeacher(db: DbOrTx, teacherId: number): Promise<TeacherRow | undefined> {
  const [row] = await db.select().from(teachers).where(eq(teachers.id, teacherId)).limit(1);
  return row;
}

/** Locks teachers (by id order) so two changes giving them classes at once go one by one. */
export async function lockTeachers(db: DbOrTx, teacherIds: number[]) {
  if (teacherIds.length === 0) return;
  await db
    .select({ id: teachers.id })
    .from(teachers)
    .where(inArray(teachers.id, teacherIds))
    .orderBy(asc(teachers.id))
    .for('update');
}

/** Teachers who teach the subject. */
export function findTeachersOfSubject(db: DbOrTx, subjectId: number) {
  return db
    .select()
    .from(teachers)
    .where(sql`${subjectId} = any(${teachers.subject_ids})`)
    .orderBy(asc(teachers.id));
}

/** Whether the teacher's time off covers `date` (`YYYY-MM-DD` in the teacher's zone). */
export async function teacherIsOff(db: DbOrTx, teacherId: number, date: string) {
  const [row] = await db
    .select({ id: teacherTimeOff.id })
    .from(teacherTimeOff)
    .where(
      and(
        eq(teacherTimeOff.teacher_id, teacherId),
        sql`${teacherTimeOff.starts_on} <= ${date}`,
        sql`${teacherTimeOff.ends_on} >= ${date}`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Open lessons starting in [from, to) after `now`, of one course or every course: what a closure
 * cancels. Locked in id order when `lock` (see lockOpenClassRows).
 */
export function findOpenLessonsBetween(
  db: DbOrTx,
  range: { courseId: number | null; from: Date; to: Date; now: Date },
  lock = false,
) {
  const query = db
    .select()
    .from(lessons)
    .where(
      and(
        range.courseId === null ? undefined : eq(lessons.course_id, range.courseId),
        gte(lessons.starts_at, range.from),
        lt(lessons.starts_at, range.to),
        gt(lessons.starts_at, range.now),
        isOpen,
      ),
    )
    .orderBy(asc(lessons.id));
  return lock ? query.for('update') : query;
}

/** An enrolment's open lessons not yet started, from lesson `fromNumber` on, by number. */
export function findComingLessonsOfEnrollment(
  db: DbOrTx,
  enrollmentId: number,
  now: Date,
  fromNumber = 1,
) {
  return db
    .select()
    .from(lessons)
    .where(
      and(
        eq(lessons.enrollment_id, enrollmentId),
        gte(lessons.lesson_number, fromNumber),
        gt(lessons.starts_at, now),
        isOpen,
      ),
    )
    .orderBy(asc(lessons.lesson_number));
}

/** Locks lesson rows by id, in id order; answers their current rows. */
export async function lockLessons(db: DbOrTx, lessonIds: number[]): Promise<LessonRow[]> {
  if (lessonIds.length === 0) return [];
  return db
    .select()
    .from(lessons)
    .where(inArray(lessons.id, lessonIds))
    .orderBy(asc(lessons.id))
    .for('update');
}

/**
 * Locks the families' rows in id order before a change moves credits of several families: each
 * ledger move locks its family's row (credits module), and taking them all first in one order
 * keeps two such changes (a closure, a class cancellation, the settlement) from deadlocking.
 */
export async function lockFamilies(db: DbOrTx, parentIds: number[]) {
  if (parentIds.length === 0) return;
  await db
    .select({ id: parents.id })
    .from(parents)
    .where(inArray(parents.id, parentIds))
    .orderBy(asc(parents.id))
    .for('update');
}

/** Any fixed number: the advisory lock that orders closures against new and moved lessons. */
const CLOSURES_LOCK_ID = 724_310_022;

/**
 * Closures and the lessons placed on the timetable (generated or moved) take one advisory lock:
 * a closure exclusively, the others shared, each first thing in its transaction. A lesson placed
 * while a closure is declared then either committed before the closure looked (and is cancelled
 * by it) or sees the closure once it is committed (and is not placed in it).
 */
export async function holdClosuresStill(db: DbOrTx) {
  await db.execute(sql`select pg_advisory_xact_lock_shared(${CLOSURES_LOCK_ID})`);
}

export async function lockClosures(db: DbOrTx) {
  await db.execute(sql`select pg_advisory_xact_lock(${CLOSURES_LOCK_ID})`);
}
