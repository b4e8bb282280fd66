import { randomBytes } from 'node:crypto';
import { leaveRefusal, type LessonTiming } from '@portal/shared/lessons';
import type { AppContext } from '../../app-context';
import type { Transaction } from '../../db/client';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import { newPublicId } from '../../lib/ids';
import { nextWeeklyOccurrence } from '../../lib/time';
import {
  consumeLessonCredits,
  releaseLessonCredits,
  reserveLessonCredits,
} from '../credits/ledger.service';
import { getMembershipAt } from '../membership/membership.service';
import {
  cancelEnrollmentsOfStudent,
  findActiveEnrollments,
  findCourseSlots,
  findLevelTopics,
  findOpenLessonsOfStudent,
  findStudentIdsInOrder,
  findSubjectTitles,
  findSubjectTitlesOfCourse,
  insertEnrollment,
  insertLesson,
  lastLessonOf,
  lockLesson,
  lockUnsettledEnded,
  updateLesson,
  type LessonRow,
} from './scheduling.repository';

/**
 * The scheduling engine (docs/decisions/038): it writes lessons and moves their credits. Both
 * audiences drive it — the parents' leave through `lessons`, the school's tools (and the demo
 * data and jobs) directly — so each rule lives here once. Functions take `now` from the caller:
 * jobs pass their tick, requests their clock.
 */
type Db = Pick<AppContext, 'db'>;

/** How a lesson is named in the credit history, e.g. "Reading · lesson 3" / "Reading 第 3 课". */
const labelOf = (subject: { en: string; zh: string }, lessonNumber: number) => ({
  en: `${subject.en} · lesson ${lessonNumber}`,
  zh: `${subject.zh} 第 ${lessonNumber} 课`,
});

/** A lesson row's facts as the shared window rules take them (`@portal/shared/lessons`). */
export const lessonTiming = (
  lesson: Pick<LessonRow, 'starts_at' | 'ends_at' | 'cancelled_at' | 'leave_at'>,
): LessonTiming => ({
  startMs: lesson.starts_at.getTime(),
  endMs: lesson.ends_at.getTime(),
  cancelled: lesson.cancelled_at !== null,
  onLeave: lesson.leave_at !== null,
});

/** Whether an active plan covers this child at `at` (the plan's first `kids` children). */
async function coveredByPlan(tx: Transaction, parentId: number, studentId: number, at: Date) {
  const plan = (await getMembershipAt(tx, parentId, at)).plan;
  if (!plan) return false;
  const order = await findStudentIdsInOrder(tx, parentId);
  const position = order.indexOf(studentId);
  return position >= 0 && position < plan.kids;
}

class NotEnoughCredits extends Error {}

/**
 * Creates the coming weeks' lessons of running enrollments (`weeksAhead`), reserving each
 * lesson's credits as it is scheduled. A lesson the balance cannot cover is not scheduled
 * yet; a later run schedules it once credits arrive. Safe on several instances: each lesson
 * is unique by (enrollment, number) and reserved under the parent's ledger lock.
 */
export async function generateLessons(
  ctx: Db,
  now: Date,
  weeksAhead: number,
  enrollmentIds?: number[],
): Promise<number> {
  const horizon = new Date(now.getTime() + weeksAhead * 7 * 24 * 3600_000);
  let created = 0;
  for (const { enrollment, course } of await findActiveEnrollments(ctx.db, enrollmentIds)) {
    const slots = await findCourseSlots(ctx.db, course.id);
    if (slots.length === 0) continue;
    const topics = await findLevelTopics(ctx.db, course.level_id);
    const subject = await findSubjectTitles(ctx.db, course.subject_id);
    let last = await lastLessonOf(ctx.db, enrollment.id);
    let from = last.startsAt ? new Date(last.startsAt.getTime() + 60_000) : enrollment.starts_at;
    while (last.number < course.total_lessons) {
      const startsAt = slots
        .map((slot) => nextWeeklyOccurrence(from, slot.weekday, slot.start_time, course.time_zone))
        .reduce((a, b) => (a <= b ? a : b));
      if (startsAt > horizon) break;
      const number = last.number + 1;
      const scheduled = await ctx.db
        .transaction(async (tx) => {
          const covered = await coveredByPlan(
            tx,
            enrollment.parent_id,
            enrollment.student_id,
            startsAt,
          );
          const lesson = await insertLesson(tx, {
            lesson_sn: newPublicId('L'),
            enrollment_id: enrollment.id,
            parent_id: enrollment.parent_id,
            student_id: enrollment.student_id,
            course_id: course.id,
            topic_id: topics.length ? topics[(number - 1) % topics.length]!.id : null,
            lesson_number: number,
            starts_at: startsAt,
            ends_at: new Date(startsAt.getTime() + course.duration_minutes * 60_000),
            required_credit: covered ? 0 : course.required_credit,
            room_key: randomBytes(16).toString('hex'),
          });
          if (!lesson) return true; // another instance scheduled it
          const reserved = await reserveLessonCredits(tx, {
            parentId: enrollment.parent_id,
            lessonId: lesson.id,
            credits: lesson.required_credit,
            label: labelOf(subject, number),
          });
          // Roll the insert back: the lesson waits until the balance covers it.
          if (!reserved) throw new NotEnoughCredits();
          created += 1;
          return true;
        })
        .catch((error: unknown) => {
          if (error instanceof NotEnoughCredits) return false;
          throw error;
        });
      if (!scheduled) break;
      last = { number, startsAt };
      from = new Date(startsAt.getTime() + 60_000);
    }
  }
  return created;
}

/**
 * Settles ended lessons (docs/product.md → Lessons and credits): their reserved credits are
 * consumed, attended or not. Rows are claimed with SKIP LOCKED and each move is idempotent, so
 * two instances running the job at once settle every lesson exactly once. Answers how many.
 */
export async function settleEndedLessons(ctx: Db, now: Date): Promise<number> {
  let settled = 0;
  for (;;) {
    const batch = await ctx.db.transaction(async (tx) => {
      const rows = await lockUnsettledEnded(tx, now, 50);
      for (const lesson of rows) {
        if (!lesson.cancelled_at && !lesson.leave_at) {
          const subject = await findSubjectTitlesOfCourse(tx, lesson.course_id);
          await consumeLessonCredits(tx, {
            parentId: lesson.parent_id,
            lessonId: lesson.id,
            credits: lesson.required_credit,
            label: labelOf(subject, lesson.lesson_number),
          });
        }
        await updateLesson(tx, lesson.id, { settled_at: now, updated_at: now });
      }
      return rows.length;
    });
    settled += batch;
    if (batch < 50) return settled;
  }
}

/**
 * Who calls a lesson off: the school (it shows as cancelled, e.g. the teacher is ill) or the
 * parent (leave: it shows as on leave, and only more than 3 h before start — spec §4).
 */
export type CalledOffBy = 'school' | 'parent';

/**
 * Calls one lesson off and gives its reserved credits back at once: the one function for every
 * way a lesson is dropped, so a parent's leave and a staff cancellation follow the same rule.
 * The lesson row is locked, so of two parallel calls one succeeds. A parent's leave is refused
 * with its reason (409 when already on leave); the school's cancellation of a lesson already
 * cancelled or settled changes nothing.
 */
export async function cancelLesson(
  ctx: Db,
  lessonId: number,
  now: Date,
  by: CalledOffBy = 'school',
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const lesson = await lockLesson(tx, lessonId);
    if (by === 'parent') {
      if (!lesson) throw notFound('lessonNotFound');
      const refusal = leaveRefusal(lessonTiming(lesson), now.getTime());
      if (refusal === 'leaveAlreadyRequested') throw conflict(refusal);
      if (refusal) throw badRequest(refusal);
      await updateLesson(tx, lesson.id, { leave_at: now, settled_at: now, updated_at: now });
    } else {
      if (!lesson || lesson.cancelled_at || lesson.settled_at) return;
      await updateLesson(tx, lesson.id, { cancelled_at: now, settled_at: now, updated_at: now });
    }
    const subject = await findSubjectTitlesOfCourse(tx, lesson.course_id);
    await releaseLessonCredits(tx, {
      parentId: lesson.parent_id,
      lessonId: lesson.id,
      credits: lesson.required_credit,
      label: labelOf(subject, lesson.lesson_number),
    });
  });
}

/**
 * Marks the child present on the first entry into the classroom (docs/product.md → Lessons and
 * credits: no entry by the end is a no-show). Later entries change nothing.
 */
export async function recordEntry(ctx: Db, lessonId: number, now: Date): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const locked = await lockLesson(tx, lessonId);
    if (locked && !locked.entered_at)
      await updateLesson(tx, locked.id, { entered_at: now, updated_at: now });
  });
}

/** An enrollment as the engine's callers need it. */
export interface Enrollment {
  id: number;
  enrollmentSn: string;
}

/**
 * Enrolls a child in a course from `startsAt` and schedules the coming weeks at once. Used by
 * the school's tools and the demo data; parents enrol through their adviser (spec §2).
 */
export async function enrollChild(
  ctx: Db,
  input: { parentId: number; studentId: number; courseId: number; startsAt: Date },
  now: Date,
  weeksAhead: number,
): Promise<Enrollment> {
  const enrollment = await insertEnrollment(ctx.db, {
    enrollment_sn: newPublicId('E'),
    parent_id: input.parentId,
    student_id: input.studentId,
    course_id: input.courseId,
    starts_at: input.startsAt,
  });
  await generateLessons(ctx, now, weeksAhead, [enrollment.id]);
  return { id: enrollment.id, enrollmentSn: enrollment.enrollment_sn };
}

/**
 * The next start of each of a course's weekly slots after `from`, in slot order (weekday, then
 * time in the course's zone): the course's weekly timetable as instants.
 */
export async function nextSlotStarts(
  ctx: Db,
  course: { id: number; timeZone: string },
  from: Date,
): Promise<Date[]> {
  const slots = await findCourseSlots(ctx.db, course.id);
  return slots.map((slot) =>
    nextWeeklyOccurrence(from, slot.weekday, slot.start_time, course.timeZone),
  );
}

/** What deleting a child would cancel now: its lessons not yet started and their credits. */
export async function deletionImpactOfChild(
  ctx: Db,
  studentId: number,
  now: Date,
): Promise<{ lessons: number; credits: number }> {
  const open = await findOpenLessonsOfStudent(ctx.db, studentId, now);
  return {
    lessons: open.length,
    credits: open.reduce((sum, lesson) => sum + lesson.required_credit, 0),
  };
}

/**
 * A deleted child takes no more lessons: the enrollments stop and every lesson not yet started
 * is cancelled, which gives its reserved credits back. A lesson already on air still settles.
 */
export async function cancelLessonsOfChild(ctx: Db, studentId: number, now: Date) {
  await cancelEnrollmentsOfStudent(ctx.db, studentId, now);
  for (const lesson of await findOpenLessonsOfStudent(ctx.db, studentId, now))
    await cancelLesson(ctx, lesson.id, now);
}
