import { newPublicId } from '../../lib/ids';
import { dayInZone, nextWeeklyOccurrence } from '../../lib/time';
import {
  consumeLessonCredits,
  releaseLessonCredits,
  reserveLessonCredits,
} from '../credits/ledger.service';
import { getMembershipAt } from '../membership/membership.service';
import { notifyFamilies, type LessonNotice, type NoticeContext } from '../notices/notices.service';
import {
  classWasHeld,
  findClosuresOf,
  findEnrollmentSlots,
  holdClosuresStill,
  lockFamilies,
  type CourseRow,
} from './classes.repository';
import { distinct, labelOf, roomKeyOf, type Db, type PlanningCtx } from './rules';
import {
  findActiveEnrollments,
  findCourseSlots,
  findLevelTopics,
  findStudentIdsInOrder,
  findSubjectTitles,
  findSubjectTitlesOfCourse,
  insertLesson,
  lastLessonOf,
  lockUnsettledEnded,
  updateLesson,
  type LessonRow,
} from './scheduling.repository';

/** One lesson the generator would create (the enrolment preview shows the same). */
export interface PlannedLesson {
  lessonNumber: number;
  startsAt: Date;
  endsAt: Date;
  /** The enrolment's own slot teacher, else the course's; null when the course has none. */
  teacherId: number | null;
  /** Credits it reserves: the course's, or 0 when the family's plan covers the child then. */
  credits: number;
  coveredByPlan: boolean;
}

/** What is planned: an enrolment (`id` absent for one not made yet) and its course. */
export interface PlanTarget {
  enrollment: { id?: number; parentId: number; studentId: number; startsAt: Date };
  course: CourseRow;
}

/** A weekly slot of an enrolment: its own (after a series move) or its course's. */
interface Slot {
  weekday: number;
  start_time: string;
  teacher_id: number | null;
}

/** The enrolment's own slots when it has any (a series was moved), else its course's. */
export async function slotsOf(ctx: Db, target: PlanTarget): Promise<Slot[]> {
  if (target.enrollment.id !== undefined) {
    const own = await findEnrollmentSlots(ctx.db, target.enrollment.id);
    if (own.length) return own;
  }
  const course = await findCourseSlots(ctx.db, target.course.id);
  return course.map((slot) => ({ ...slot, teacher_id: null }));
}

/** Whether an active plan covers this child at `at` (the plan's first `kids` children). */
async function planCovers(ctx: Db, parentId: number, studentId: number, at: Date) {
  const plan = (await getMembershipAt(ctx.db, parentId, at)).plan;
  if (!plan) return false;
  const order = await findStudentIdsInOrder(ctx.db, parentId);
  const position = order.indexOf(studentId);
  return position >= 0 && position < plan.kids;
}

/**
 * A closure test for one course: whether the school-zone date of a start is inside one of its
 * closures (its own or school-wide, both ends included; decision 047).
 */
export async function closureTest(ctx: PlanningCtx, courseId: number, from: Date) {
  const zone = ctx.config?.schoolTimeZone;
  const ranges = zone ? await findClosuresOf(ctx.db, courseId, dayInZone(zone, from)) : [];
  return (at: Date) => {
    if (!zone || ranges.length === 0) return false;
    const day = dayInZone(zone, at);
    return ranges.some((range) => range.starts_on <= day && day <= range.ends_on);
  };
}

/**
 * THE planning of an enrolment's coming lessons (decision 047: the generator inserts what this
 * plans and the enrolment preview shows it): the next occurrences of its weekly slots in the
 * course's zone after its last lesson (or from its start) up to `weeksAhead` weeks from `now`,
 * numbered on from its last lesson up to the course's total; occurrences inside a closure are
 * skipped without using up a number. Each lesson is taught by the slot's teacher or the course's
 * and holds the course's credits unless the family's plan covers the child at its start.
 */
export async function planLessons(
  ctx: PlanningCtx,
  target: PlanTarget,
  now: Date,
  weeksAhead: number,
): Promise<PlannedLesson[]> {
  const { enrollment, course } = target;
  const slots = await slotsOf(ctx, target);
  if (slots.length === 0) return [];
  const horizon = new Date(now.getTime() + weeksAhead * 7 * 24 * 3600_000);
  const last =
    enrollment.id === undefined
      ? { number: 0, startsAt: null }
      : await lastLessonOf(ctx.db, enrollment.id);
  let from = last.startsAt ? new Date(last.startsAt.getTime() + 60_000) : enrollment.startsAt;
  const closed = await closureTest(ctx, course.id, from);
  const planned: PlannedLesson[] = [];
  let number = last.number;
  while (number < course.total_lessons) {
    const next = slots
      .map((slot) => ({
        slot,
        at: nextWeeklyOccurrence(from, slot.weekday, slot.start_time, course.time_zone),
      }))
      .reduce((a, b) => (a.at <= b.at ? a : b));
    if (next.at > horizon) break;
    from = new Date(next.at.getTime() + 60_000);
    if (closed(next.at)) continue;
    number += 1;
    const covered = await planCovers(ctx, enrollment.parentId, enrollment.studentId, next.at);
    planned.push({
      lessonNumber: number,
      startsAt: next.at,
      endsAt: new Date(next.at.getTime() + course.duration_minutes * 60_000),
      teacherId: next.slot.teacher_id ?? course.teacher_id,
      credits: covered ? 0 : course.required_credit,
      coveredByPlan: covered,
    });
  }
  return planned;
}

class NotEnoughCredits extends Error {}

/**
 * Inserts planned lessons of an enrolment in order, each in its own transaction (a savepoint
 * inside the caller's) with its credits reserved, both dated `now`. Stops at the first the
 * balance cannot cover: it waits until a later run finds credits. Safe on several instances: a
 * lesson is unique by (enrolment, number) and reserved under the parent's ledger lock. Answers
 * the rows inserted.
 */
export async function insertPlannedLessons(
  ctx: PlanningCtx,
  enrollment: { id: number; parent_id: number; student_id: number },
  course: CourseRow,
  planned: PlannedLesson[],
  now: Date,
): Promise<LessonRow[]> {
  if (planned.length === 0) return [];
  const topics = await findLevelTopics(ctx.db, course.level_id);
  const subject = await findSubjectTitles(ctx.db, course.subject_id);
  const inserted: LessonRow[] = [];
  for (const plan of planned) {
    const scheduled = await ctx.db
      .transaction(async (tx) => {
        await holdClosuresStill(tx);
        // A closure declared since the plan was made: stop here, the next run plans around it.
        const closed = await closureTest({ ...ctx, db: tx }, course.id, plan.startsAt);
        if (closed(plan.startsAt)) return undefined;
        const lesson = await insertLesson(tx, {
          lesson_sn: newPublicId('L'),
          enrollment_id: enrollment.id,
          parent_id: enrollment.parent_id,
          student_id: enrollment.student_id,
          course_id: course.id,
          topic_id: topics.length ? topics[(plan.lessonNumber - 1) % topics.length]!.id : null,
          lesson_number: plan.lessonNumber,
          starts_at: plan.startsAt,
          ends_at: plan.endsAt,
          required_credit: plan.credits,
          room_key: roomKeyOf(course.room_secret, plan.startsAt),
          teacher_id: plan.teacherId,
          created_at: now,
          updated_at: now,
        });
        if (!lesson) return true; // another instance scheduled it
        const reserved = await reserveLessonCredits(
          tx,
          {
            parentId: enrollment.parent_id,
            lessonId: lesson.id,
            credits: lesson.required_credit,
            label: labelOf(subject, plan.lessonNumber),
          },
          now,
        );
        // Roll the insert back: the lesson waits until the balance covers it.
        if (!reserved) throw new NotEnoughCredits();
        inserted.push(lesson);
        return true;
      })
      .catch((error: unknown) => {
        if (error instanceof NotEnoughCredits) return undefined;
        throw error;
      });
    if (scheduled === undefined) break;
  }
  return inserted;
}

/**
 * Creates the coming weeks' lessons of running enrollments (`weeksAhead`), reserving each
 * lesson's credits as it is scheduled (see planLessons and insertPlannedLessons). Answers how
 * many lessons it created.
 */
export async function generateLessons(
  ctx: PlanningCtx,
  now: Date,
  weeksAhead: number,
  enrollmentIds?: number[],
): Promise<number> {
  let created = 0;
  for (const { enrollment, course } of await findActiveEnrollments(ctx.db, enrollmentIds)) {
    const planned = await planLessons(
      ctx,
      {
        enrollment: {
          id: enrollment.id,
          parentId: enrollment.parent_id,
          studentId: enrollment.student_id,
          startsAt: enrollment.starts_at,
        },
        course,
      },
      now,
      weeksAhead,
    );
    created += (await insertPlannedLessons(ctx, enrollment, course, planned, now)).length;
  }
  return created;
}

/** Whether the context can tell families (the jobs' context has no providers yet). */
function tellsFamilies(ctx: Db | NoticeContext): ctx is NoticeContext {
  return 'providers' in ctx && 'clock' in ctx && 'config' in ctx;
}

/**
 * Settles ended lessons (docs/product.md → Lessons and credits): their reserved credits are
 * consumed, attended or not. A lesson with a teacher whose class was never held (the teacher did
 * not enter and nobody marked attendance) is cancelled `teacher-absent` instead and its credits
 * go back (decision 047); lessons without a teacher (made before #22) settle as before. Rows are
 * claimed with SKIP LOCKED and each move is idempotent, so two instances running the job at once
 * settle every lesson exactly once. Families of teacher-absent lessons are told after the commit
 * when the context has the providers. Answers how many lessons were settled.
 */
export async function settleEndedLessons(ctx: Db | NoticeContext, now: Date): Promise<number> {
  let settled = 0;
  const absent: LessonNotice[] = [];
  for (;;) {
    const batch = await ctx.db.transaction(async (tx) => {
      const rows = await lockUnsettledEnded(tx, now, 50);
      await lockFamilies(tx, distinct(rows.map((row) => row.parent_id)));
      const notices: LessonNotice[] = [];
      for (const lesson of rows) {
        const subject = await findSubjectTitlesOfCourse(tx, lesson.course_id);
        const credits = {
          parentId: lesson.parent_id,
          lessonId: lesson.id,
          credits: lesson.required_credit,
          label: labelOf(subject, lesson.lesson_number),
        };
        const held = !lesson.cancelled_at && !lesson.leave_at;
        if (
          held &&
          lesson.teacher_id !== null &&
          !(await classWasHeld(tx, lesson.course_id, lesson.starts_at))
        ) {
          await updateLesson(tx, lesson.id, {
            cancelled_at: now,
            cancel_reason: 'teacher-absent',
            settled_at: now,
            updated_at: now,
          });
          await releaseLessonCredits(tx, credits, now);
          notices.push({ kind: 'cancelled', lessonId: lesson.id, reason: 'teacher-absent' });
          continue;
        }
        if (held) await consumeLessonCredits(tx, credits, now);
        await updateLesson(tx, lesson.id, { settled_at: now, updated_at: now });
      }
      return { count: rows.length, notices };
    });
    settled += batch.count;
    absent.push(...batch.notices);
    if (batch.count < 50) break;
  }
  if (absent.length && tellsFamilies(ctx)) await notifyFamilies(ctx, absent);
  return settled;
}

/**
 * The next start of each of a course's weekly slots after `from`, in slot order (weekday, then
 * time in the course's zone): the course's weekly timetable as instants. With `enrollmentId`,
 * the enrolment's own slots when a series move gave it some (what its lessons follow).
 */
export async function nextSlotStarts(
  ctx: Db,
  course: { id: number; timeZone: string; enrollmentId?: number },
  from: Date,
): Promise<Date[]> {
  const own =
    course.enrollmentId === undefined ? [] : await findEnrollmentSlots(ctx.db, course.enrollmentId);
  const slots = own.length ? own : await findCourseSlots(ctx.db, course.id);
  return slots.map((slot) =>
    nextWeeklyOccurrence(from, slot.weekday, slot.start_time, course.timeZone),
  );
}
