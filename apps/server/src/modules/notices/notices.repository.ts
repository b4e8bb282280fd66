import { inArray, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import {
  closures,
  courses,
  lessons,
  levels,
  parents,
  students,
  subjects,
  teachers,
} from '../../db/schema';

const substituteFor = alias(teachers, 'substitute_for');

/**
 * The lessons a notice names, with what a message about them says: the family's contact,
 * language and zone, the child, the course, the teacher (and whom a substitute covers for), the
 * closure's reason and the teacher's note. One statement for any number of lessons.
 */
export function findNoticeLessons(db: DbOrTx, lessonIds: number[]) {
  return db
    .select({
      id: lessons.id,
      startsAt: lessons.starts_at,
      requiredCredit: lessons.required_credit,
      cancelReason: lessons.cancel_reason,
      teacherNote: lessons.teacher_note,
      nickname: students.nickname,
      subjectEn: subjects.title_en,
      subjectZh: subjects.title_zh,
      levelEn: levels.title_en,
      levelZh: levels.title_zh,
      teacherEn: teachers.name_en,
      teacherZh: teachers.name_zh,
      coveredEn: substituteFor.name_en,
      coveredZh: substituteFor.name_zh,
      closureEn: closures.reason_en,
      closureZh: closures.reason_zh,
      parent: {
        id: parents.id,
        name: parents.name,
        email: parents.email,
        countryCode: parents.country_code,
        mobile: parents.mobile,
        language: parents.language,
        timeZone: parents.time_zone,
      },
    })
    .from(lessons)
    .innerJoin(parents, eq(parents.id, lessons.parent_id))
    .innerJoin(students, eq(students.id, lessons.student_id))
    .innerJoin(courses, eq(courses.id, lessons.course_id))
    .innerJoin(subjects, eq(subjects.id, courses.subject_id))
    .innerJoin(levels, eq(levels.id, courses.level_id))
    .leftJoin(teachers, eq(teachers.id, lessons.teacher_id))
    .leftJoin(substituteFor, eq(substituteFor.id, lessons.substitute_for_id))
    .leftJoin(closures, eq(closures.id, lessons.closure_id))
    .where(inArray(lessons.id, lessonIds));
}

export type NoticeLessonRow = Awaited<ReturnType<typeof findNoticeLessons>>[number];
