import { and, asc, eq, gt, inArray, isNull, lte, max } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  courseSlots,
  courses,
  enrollments,
  lessons,
  students,
  subjects,
  topics,
} from '../../db/schema';

export type LessonRow = typeof lessons.$inferSelect;
export type EnrollmentRow = typeof enrollments.$inferSelect;

/** Locks a lesson for a change (leave, cancellation, entry) and answers its current row. */
export async function lockLesson(db: DbOrTx, lessonId: number): Promise<LessonRow | undefined> {
  const [row] = await db.select().from(lessons).where(eq(lessons.id, lessonId)).for('update');
  return row;
}

export async function updateLesson(
  db: DbOrTx,
  lessonId: number,
  patch: Partial<Omit<LessonRow, 'id'>>,
): Promise<void> {
  await db.update(lessons).set(patch).where(eq(lessons.id, lessonId));
}

/** Inserts a generated lesson; answers undefined when another instance inserted it first. */
export async function insertLesson(
  db: DbOrTx,
  row: typeof lessons.$inferInsert,
): Promise<LessonRow | undefined> {
  const [inserted] = await db
    .insert(lessons)
    .values(row)
    .onConflictDoNothing({ target: [lessons.enrollment_id, lessons.lesson_number] })
    .returning();
  return inserted;
}

/** Running enrollments of live children, with their course. */
export function findActiveEnrollments(db: DbOrTx, enrollmentIds?: number[]) {
  return db
    .select({ enrollment: enrollments, course: courses })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.course_id))
    .innerJoin(students, eq(students.id, enrollments.student_id))
    .where(
      and(
        isNull(enrollments.cancelled_at),
        isNull(students.deleted_at),
        enrollmentIds ? inArray(enrollments.id, enrollmentIds) : undefined,
      ),
    )
    .orderBy(asc(enrollments.id));
}

export async function lastLessonOf(
  db: DbOrTx,
  enrollmentId: number,
): Promise<{ number: number; startsAt: Date | null }> {
  const [row] = await db
    .select({ number: max(lessons.lesson_number), startsAt: max(lessons.starts_at) })
    .from(lessons)
    .where(eq(lessons.enrollment_id, enrollmentId));
  return { number: row?.number ?? 0, startsAt: row?.startsAt ?? null };
}

/** A course's weekly slots (wall-clock times in the course's zone), by weekday and time. */
export function findCourseSlots(db: DbOrTx, courseId: number) {
  return db
    .select()
    .from(courseSlots)
    .where(eq(courseSlots.course_id, courseId))
    .orderBy(asc(courseSlots.weekday), asc(courseSlots.start_time));
}

export function findLevelTopics(db: DbOrTx, levelId: number) {
  return db
    .select({ id: topics.id })
    .from(topics)
    .where(eq(topics.level_id, levelId))
    .orderBy(asc(topics.position));
}

export async function findSubjectTitles(db: DbOrTx, subjectId: number) {
  const [row] = await db
    .select({ en: subjects.title_en, zh: subjects.title_zh })
    .from(subjects)
    .where(eq(subjects.id, subjectId))
    .limit(1);
  return row ?? { en: '', zh: '' };
}

export async function findSubjectTitlesOfCourse(db: DbOrTx, courseId: number) {
  const [row] = await db
    .select({ en: subjects.title_en, zh: subjects.title_zh })
    .from(courses)
    .innerJoin(subjects, eq(subjects.id, courses.subject_id))
    .where(eq(courses.id, courseId))
    .limit(1);
  return row ?? { en: '', zh: '' };
}

/**
 * Ended lessons whose credits are not settled yet, locked for this transaction; rows another
 * instance is settling are skipped, so two instances never settle the same lesson.
 */
export function lockUnsettledEnded(db: DbOrTx, now: Date, limit: number) {
  return db
    .select()
    .from(lessons)
    .where(and(isNull(lessons.settled_at), lte(lessons.ends_at, now)))
    .orderBy(asc(lessons.ends_at))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** The parent's live children's ids, oldest profile first (a plan covers the first `kids`). */
export async function findStudentIdsInOrder(db: DbOrTx, parentId: number): Promise<number[]> {
  const rows = await db
    .select({ id: students.id })
    .from(students)
    .where(and(eq(students.parent_id, parentId), isNull(students.deleted_at)))
    .orderBy(asc(students.id));
  return rows.map((row) => row.id);
}

export async function insertEnrollment(
  db: DbOrTx,
  row: typeof enrollments.$inferInsert,
): Promise<EnrollmentRow> {
  const [inserted] = await db.insert(enrollments).values(row).returning();
  return inserted!;
}

/** Lessons of a child not yet started and not settled (what a deletion must cancel). */
export function findOpenLessonsOfStudent(db: DbOrTx, studentId: number, now: Date) {
  return db
    .select({ id: lessons.id, required_credit: lessons.required_credit })
    .from(lessons)
    .where(
      and(
        eq(lessons.student_id, studentId),
        gt(lessons.starts_at, now),
        isNull(lessons.settled_at),
      ),
    );
}

export async function cancelEnrollmentsOfStudent(db: DbOrTx, studentId: number, now: Date) {
  await db
    .update(enrollments)
    .set({ cancelled_at: now, updated_at: now })
    .where(and(eq(enrollments.student_id, studentId), isNull(enrollments.cancelled_at)));
}
