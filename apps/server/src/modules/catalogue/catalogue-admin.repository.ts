import { and, asc, count, eq, inArray, isNotNull, isNull, max, type SQL } from 'drizzle-orm';
import type { ClassType } from '@portal/shared/catalogue';
import type { DbOrTx } from '../../db/client';
import {
  courseSlots,
  courses,
  enrollments,
  levelGroups,
  levels,
  subjects,
  teachers,
  topics,
} from '../../db/schema';

/**
 * The catalogue's rows as the school edits them (issue #22). Reads for the console and the
 * writes of catalogue-admin.service.ts; locks (`for update`) where a rule reads then writes.
 */

export type SubjectInsert = typeof subjects.$inferInsert;
export type LevelGroupRow = typeof levelGroups.$inferSelect;
export type LevelRow = typeof levels.$inferSelect;
export type TopicRow = typeof topics.$inferSelect;
export type CourseRow = typeof courses.$inferSelect;
export type TeacherOptionRow = Pick<
  typeof teachers.$inferSelect,
  'id' | 'teacher_sn' | 'name_en' | 'name_zh'
>;

// ---------------------------------------------------------------------------------------------
// Subjects

export async function findSubjectForUpdate(db: DbOrTx, id: number) {
  const [row] = await db.select().from(subjects).where(eq(subjects.id, id)).for('update');
  return row;
}

export async function insertSubject(db: DbOrTx, values: SubjectInsert) {
  const [row] = await db.insert(subjects).values(values).returning();
  return row!;
}

export async function updateSubject(db: DbOrTx, id: number, values: Partial<SubjectInsert>) {
  await db.update(subjects).set(values).where(eq(subjects.id, id));
}

// ---------------------------------------------------------------------------------------------
// Level groups

export async function findLevelGroup(db: DbOrTx, id: number, lock = false) {
  const query = db.select().from(levelGroups).where(eq(levelGroups.id, id));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

export async function insertLevelGroup(db: DbOrTx, values: typeof levelGroups.$inferInsert) {
  const [row] = await db.insert(levelGroups).values(values).returning();
  return row!;
}

export async function updateLevelGroup(
  db: DbOrTx,
  id: number,
  values: Partial<typeof levelGroups.$inferInsert>,
) {
  await db.update(levelGroups).set(values).where(eq(levelGroups.id, id));
}

// ---------------------------------------------------------------------------------------------
// Levels

/** Every level in display order. */
export function findAllLevels(db: DbOrTx): Promise<LevelRow[]> {
  return db.select().from(levels).orderBy(asc(levels.subject_id), asc(levels.sort), asc(levels.id));
}

/** How many topics each level has (levels without any are absent). */
export async function countTopicsByLevel(db: DbOrTx): Promise<Map<number, number>> {
  const rows = await db
    .select({ levelId: topics.level_id, topics: count() })
    .from(topics)
    .groupBy(topics.level_id);
  return new Map(rows.map((row) => [row.levelId, Number(row.topics)]));
}

export async function findLevel(db: DbOrTx, id: number, lock = false) {
  const query = db.select().from(levels).where(eq(levels.id, id));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

export async function insertLevel(db: DbOrTx, values: typeof levels.$inferInsert) {
  const [row] = await db.insert(levels).values(values).returning();
  return row!;
}

export async function updateLevel(
  db: DbOrTx,
  id: number,
  values: Partial<typeof levels.$inferInsert>,
) {
  await db.update(levels).set(values).where(eq(levels.id, id));
}

// ---------------------------------------------------------------------------------------------
// Topics

export function findTopicsOfLevel(db: DbOrTx, levelId: number): Promise<TopicRow[]> {
  return db
    .select()
    .from(topics)
    .where(eq(topics.level_id, levelId))
    .orderBy(asc(topics.position), asc(topics.id));
}

export async function findTopic(db: DbOrTx, id: number): Promise<TopicRow | undefined> {
  const [row] = await db.select().from(topics).where(eq(topics.id, id));
  return row;
}

export async function lastTopicPosition(db: DbOrTx, levelId: number): Promise<number> {
  const [row] = await db
    .select({ last: max(topics.position) })
    .from(topics)
    .where(eq(topics.level_id, levelId));
  return row?.last ?? 0;
}

export async function insertTopic(db: DbOrTx, values: typeof topics.$inferInsert) {
  const [row] = await db.insert(topics).values(values).returning();
  return row!;
}

export async function updateTopic(
  db: DbOrTx,
  id: number,
  values: Pick<typeof topics.$inferInsert, 'title_en' | 'title_zh'>,
) {
  await db.update(topics).set(values).where(eq(topics.id, id));
}

/** Sets each topic's position to its place in `ids` (1, 2, 3…). */
export async function setTopicPositions(db: DbOrTx, levelId: number, ids: number[]) {
  for (const [index, id] of ids.entries()) {
    await db
      .update(topics)
      .set({ position: index + 1 })
      .where(and(eq(topics.id, id), eq(topics.level_id, levelId)));
  }
}

// ---------------------------------------------------------------------------------------------
// Courses

export interface CourseFilter {
  subjectId?: number | undefined;
  levelId?: number | undefined;
  teacherId?: number | undefined;
  classType?: ClassType | undefined;
  status: 'active' | 'retired' | 'all';
}

/** Courses with their subject, level and teacher, in the public schedule's order. */
export function findCourses(db: DbOrTx, filter: CourseFilter, ids?: number[]) {
  const where: SQL[] = [];
  if (ids) where.push(inArray(courses.id, ids));
  if (filter.subjectId) where.push(eq(courses.subject_id, filter.subjectId));
  if (filter.levelId) where.push(eq(courses.level_id, filter.levelId));
  if (filter.teacherId) where.push(eq(courses.teacher_id, filter.teacherId));
  if (filter.classType) where.push(eq(courses.class_type, filter.classType));
  if (filter.status === 'active') where.push(isNull(courses.retired_at));
  if (filter.status === 'retired') where.push(isNotNull(courses.retired_at));
  return db
    .select({
      course: courses,
      subject: { title_en: subjects.title_en, title_zh: subjects.title_zh },
      level: { title_en: levels.title_en, title_zh: levels.title_zh },
      teacher: {
        id: teachers.id,
        teacher_sn: teachers.teacher_sn,
        name_en: teachers.name_en,
        name_zh: teachers.name_zh,
      },
    })
    .from(courses)
    .innerJoin(subjects, eq(subjects.id, courses.subject_id))
    .innerJoin(levels, eq(levels.id, courses.level_id))
    .leftJoin(teachers, eq(teachers.id, courses.teacher_id))
    .where(where.length ? and(...where) : undefined)
    .orderBy(asc(subjects.sort), asc(subjects.id), asc(levels.sort), asc(courses.id));
}

export function findCourseSlots(db: DbOrTx, courseIds: number[]) {
  if (courseIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(courseSlots)
    .where(inArray(courseSlots.course_id, courseIds))
    .orderBy(asc(courseSlots.id));
}

/** Running enrolments (not ended) per course. */
export async function countRunningEnrollments(
  db: DbOrTx,
  courseIds: number[],
): Promise<Map<number, number>> {
  if (courseIds.length === 0) return new Map();
  const rows = await db
    .select({ courseId: enrollments.course_id, running: count() })
    .from(enrollments)
    .where(and(inArray(enrollments.course_id, courseIds), isNull(enrollments.cancelled_at)))
    .groupBy(enrollments.course_id);
  return new Map(rows.map((row) => [row.courseId, Number(row.running)]));
}

/**
 * The course row, locked: the scheduling service locks the same row before counting places, so
 * a capacity change and an enrolment cannot pass each other.
 */
export async function findCourseForUpdate(db: DbOrTx, id: number) {
  const [row] = await db.select().from(courses).where(eq(courses.id, id)).for('update');
  return row;
}

export async function insertCourse(db: DbOrTx, values: typeof courses.$inferInsert) {
  const [row] = await db.insert(courses).values(values).returning();
  return row!;
}

export async function updateCourse(
  db: DbOrTx,
  id: number,
  values: Partial<typeof courses.$inferInsert>,
) {
  await db.update(courses).set(values).where(eq(courses.id, id));
}

/** Replaces the course's weekly slots. */
export async function replaceCourseSlots(
  db: DbOrTx,
  courseId: number,
  slots: { weekday: number; time: string }[],
) {
  await db.delete(courseSlots).where(eq(courseSlots.course_id, courseId));
  await db
    .insert(courseSlots)
    .values(
      slots.map((slot) => ({ course_id: courseId, weekday: slot.weekday, start_time: slot.time })),
    );
}
