import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { courseSlots, courses, levelGroups, levels, subjects, topics } from '../../db/schema';

export type SubjectRow = typeof subjects.$inferSelect;
export type LevelRow = typeof levels.$inferSelect;
export type LevelGroupRow = typeof levelGroups.$inferSelect;
export type CourseRow = typeof courses.$inferSelect;
export type CourseSlotRow = typeof courseSlots.$inferSelect;

export function findSubjects(db: DbOrTx): Promise<SubjectRow[]> {
  return db.select().from(subjects).orderBy(asc(subjects.sort), asc(subjects.id));
}

export async function findSubject(db: DbOrTx, id: number): Promise<SubjectRow | undefined> {
  const [row] = await db.select().from(subjects).where(eq(subjects.id, id)).limit(1);
  return row;
}

export function findLevels(db: DbOrTx, subjectId: number): Promise<LevelRow[]> {
  return db
    .select()
    .from(levels)
    .where(eq(levels.subject_id, subjectId))
    .orderBy(asc(levels.sort), asc(levels.id));
}

export function findLevelGroups(db: DbOrTx, subjectId?: number): Promise<LevelGroupRow[]> {
  const query = db.select().from(levelGroups);
  return (subjectId ? query.where(eq(levelGroups.subject_id, subjectId)) : query).orderBy(
    asc(levelGroups.subject_id),
    asc(levelGroups.sort),
    asc(levelGroups.id),
  );
}

export function findTopics(db: DbOrTx, subjectId: number, levelId: number) {
  return db
    .select({
      id: topics.id,
      position: topics.position,
      title_en: topics.title_en,
      title_zh: topics.title_zh,
    })
    .from(topics)
    .innerJoin(levels, eq(levels.id, topics.level_id))
    .where(and(eq(levels.subject_id, subjectId), eq(topics.level_id, levelId)))
    .orderBy(asc(topics.position));
}

/**
 * Public courses with their subject, level and group, for the schedule: retired ones leave it as
 * soon as they are retired (read on every request, never cached in the process).
 */
export function findPublicCourses(db: DbOrTx) {
  return db
    .select({ course: courses, subject: subjects, level: levels, group: levelGroups })
    .from(courses)
    .innerJoin(subjects, eq(subjects.id, courses.subject_id))
    .innerJoin(levels, eq(levels.id, courses.level_id))
    .innerJoin(levelGroups, eq(levelGroups.id, levels.level_group_id))
    .where(and(eq(courses.is_public, true), isNull(courses.retired_at)))
    .orderBy(asc(subjects.sort), asc(levels.sort), asc(courses.id));
}

export function findSlots(db: DbOrTx, courseIds: number[]): Promise<CourseSlotRow[]> {
  if (courseIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(courseSlots)
    .where(inArray(courseSlots.course_id, courseIds))
    .orderBy(asc(courseSlots.id));
}

export async function findCourse(db: DbOrTx, id: number): Promise<CourseRow | undefined> {
  const [row] = await db.select().from(courses).where(eq(courses.id, id)).limit(1);
  return row;
}
