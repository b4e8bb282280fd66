import { and, asc, eq, gte, isNull, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  calendarFeeds,
  courses,
  lessons,
  levels,
  parents,
  students,
  subjects,
  topics,
} from '../../db/schema';

export function findFeedByParent(db: DbOrTx, parentId: number) {
  return db
    .select({ created_at: calendarFeeds.created_at })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.parent_id, parentId))
    .then((rows) => rows[0]);
}

export async function deleteFeed(db: DbOrTx, parentId: number): Promise<void> {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.parent_id, parentId));
}

/**
 * Puts the parent's one feed row in place with a new token hash; answers whether a row was there
 * before. The row lock makes two resets at once take turns, so each answers truthfully.
 */
export function replaceFeed(
  db: DbOrTx,
  row: { parent_id: number; token_hash: string; created_at: Date },
): Promise<{ replaced: boolean }> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ parent_id: calendarFeeds.parent_id })
      .from(calendarFeeds)
      .where(eq(calendarFeeds.parent_id, row.parent_id))
      .for('update');
    await tx
      .insert(calendarFeeds)
      .values(row)
      .onConflictDoUpdate({
        target: calendarFeeds.parent_id,
        set: { token_hash: row.token_hash, created_at: row.created_at },
      });
    return { replaced: Boolean(before) };
  });
}

/** Whose feed a token hash opens, with what the feed is written in. */
export function findFeedOwner(db: DbOrTx, tokenHash: string) {
  return db
    .select({
      parent_id: calendarFeeds.parent_id,
      language: parents.language,
      time_zone: parents.time_zone,
    })
    .from(calendarFeeds)
    .innerJoin(parents, eq(parents.id, calendarFeeds.parent_id))
    .where(eq(calendarFeeds.token_hash, tokenHash))
    .then((rows) => rows[0]);
}

/**
 * The family's lessons starting in [from, to), cancelled and on-leave ones included (the feed
 * marks them), children deleted since left out. Only what the feed prints is read.
 */
export function findFeedLessons(db: DbOrTx, parentId: number, from: Date, to: Date) {
  return db
    .select({
      lesson_sn: lessons.lesson_sn,
      lesson_number: lessons.lesson_number,
      starts_at: lessons.starts_at,
      ends_at: lessons.ends_at,
      cancelled_at: lessons.cancelled_at,
      leave_at: lessons.leave_at,
      updated_at: lessons.updated_at,
      nickname: students.nickname,
      course_zone: courses.time_zone,
      total_lessons: courses.total_lessons,
      subject_en: subjects.title_en,
      subject_zh: subjects.title_zh,
      level_en: levels.title_en,
      level_zh: levels.title_zh,
      topic_en: topics.title_en,
      topic_zh: topics.title_zh,
    })
    .from(lessons)
    .innerJoin(students, eq(students.id, lessons.student_id))
    .innerJoin(courses, eq(courses.id, lessons.course_id))
    .innerJoin(subjects, eq(subjects.id, courses.subject_id))
    .innerJoin(levels, eq(levels.id, courses.level_id))
    .leftJoin(topics, eq(topics.id, lessons.topic_id))
    .where(
      and(
        eq(lessons.parent_id, parentId),
        isNull(students.deleted_at),
        gte(lessons.starts_at, from),
        lt(lessons.starts_at, to),
      ),
    )
    .orderBy(asc(lessons.starts_at), asc(lessons.id));
}
export type FeedLessonRow = Awaited<ReturnType<typeof findFeedLessons>>[number];
