import { and, asc, count, eq, gte, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { courses, lessons, students, subjects } from '../../db/schema';

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
