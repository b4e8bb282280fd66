import { and, asc, eq, gte, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { courses, lessons, levels, students, subjects } from '../../db/schema';

/** One child's lesson in a teacher's week, with what the teacher may see of the child. */
export interface WeekLessonRow {
  id: number;
  lesson_sn: string;
  course_id: number;
  starts_at: Date;
  ends_at: Date;
  cancelled_at: Date | null;
  leave_at: Date | null;
  settled_at: Date | null;
  entered_at: Date | null;
  attendance: 'attended' | 'absent' | null;
  teacher_note: string | null;
  teacher_entered_at: Date | null;
  substitute_for_id: number | null;
  nickname: string;
  birth_date: string;
  subject_en: string;
  subject_zh: string;
  level_en: string;
  level_zh: string;
}

/**
 * The teacher's lessons starting in [from, to), by start, course and row: only the child's
 * nickname and birthday are read (the teacher sees nickname and age, nothing of the family).
 */
export function selectWeekLessons(
  db: DbOrTx,
  teacherId: number,
  from: Date,
  to: Date,
): Promise<WeekLessonRow[]> {
  return db
    .select({
      id: lessons.id,
      lesson_sn: lessons.lesson_sn,
      course_id: lessons.course_id,
      starts_at: lessons.starts_at,
      ends_at: lessons.ends_at,
      cancelled_at: lessons.cancelled_at,
      leave_at: lessons.leave_at,
      settled_at: lessons.settled_at,
      entered_at: lessons.entered_at,
      attendance: lessons.attendance,
      teacher_note: lessons.teacher_note,
      teacher_entered_at: lessons.teacher_entered_at,
      substitute_for_id: lessons.substitute_for_id,
      nickname: students.nickname,
      birth_date: students.birth_date,
      subject_en: subjects.title_en,
      subject_zh: subjects.title_zh,
      level_en: levels.title_en,
      level_zh: levels.title_zh,
    })
    .from(lessons)
    .innerJoin(students, eq(students.id, lessons.student_id))
    .innerJoin(courses, eq(courses.id, lessons.course_id))
    .innerJoin(subjects, eq(subjects.id, courses.subject_id))
    .innerJoin(levels, eq(levels.id, courses.level_id))
    .where(
      and(
        eq(lessons.teacher_id, teacherId),
        gte(lessons.starts_at, from),
        lt(lessons.starts_at, to),
      ),
    )
    .orderBy(asc(lessons.starts_at), asc(lessons.course_id), asc(lessons.id));
}

/** A lesson of this teacher by its public id; undefined for another teacher's or none. */
export async function selectOwnLesson(
  db: DbOrTx,
  teacherId: number,
  lessonSn: string,
): Promise<
  | {
      id: number;
      room_key: string;
      ends_at: Date;
      attendance: 'attended' | 'absent' | null;
      teacher_note: string | null;
    }
  | undefined
> {
  const [row] = await db
    .select({
      id: lessons.id,
      room_key: lessons.room_key,
      ends_at: lessons.ends_at,
      attendance: lessons.attendance,
      teacher_note: lessons.teacher_note,
    })
    .from(lessons)
    .where(and(eq(lessons.lesson_sn, lessonSn), eq(lessons.teacher_id, teacherId)))
    .limit(1);
  return row;
}
