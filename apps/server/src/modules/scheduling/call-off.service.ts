import { leaveRefusal } from '@portal/shared/lessons';
import type { LessonCancelReason } from '@portal/shared/staff';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import { releaseLessonCredits } from '../credits/ledger.service';
import { labelOf, lessonTiming, type Db } from './rules';
import {
  cancelEnrollmentsOfStudent,
  findOpenLessonsOfStudent,
  findSubjectTitlesOfCourse,
  lockLesson,
  updateLesson,
} from './scheduling.repository';

/**
 * Who calls a lesson off: the school (it shows as cancelled, e.g. the teacher is ill) or the
 * parent (leave: it shows as on leave, and only more than 3 h before start — spec §4).
 */
export type CalledOffBy = 'school' | 'parent';

/** Why the school called a lesson off (`cancel_reason`), and the closure that did it. */
export interface CancelWhy {
  reason?: LessonCancelReason;
  closureId?: number;
}

/** What one call-off did: whether it changed the lesson, and the credits it gave back. */
export interface CallOff {
  changed: boolean;
  credits: number;
}

/**
 * Calls one lesson off and gives its reserved credits back at once: the one function for every
 * way a lesson is dropped (a parent's leave, a staff cancellation of a class, a closure, an ended
 * enrolment, a deleted child), so they all follow the same rule. The lesson row is locked, so of
 * two parallel calls one succeeds. A parent's leave is refused with its reason (409 when already
 * on leave); the school's cancellation of a lesson already called off or settled changes nothing.
 */
export async function cancelLesson(
  ctx: Db,
  lessonId: number,
  now: Date,
  by: CalledOffBy = 'school',
  why: CancelWhy = {},
): Promise<CallOff> {
  return ctx.db.transaction(async (tx) => {
    const lesson = await lockLesson(tx, lessonId);
    if (by === 'parent') {
      if (!lesson) throw notFound('lessonNotFound');
      const refusal = leaveRefusal(lessonTiming(lesson), now.getTime());
      if (refusal === 'leaveAlreadyRequested') throw conflict(refusal);
      if (refusal) throw badRequest(refusal);
      await updateLesson(tx, lesson.id, { leave_at: now, settled_at: now, updated_at: now });
    } else {
      if (!lesson || lesson.cancelled_at || lesson.leave_at || lesson.settled_at)
        return { changed: false, credits: 0 };
      await updateLesson(tx, lesson.id, {
        cancelled_at: now,
        settled_at: now,
        updated_at: now,
        cancel_reason: why.reason ?? null,
        closure_id: why.closureId ?? null,
      });
    }
    const subject = await findSubjectTitlesOfCourse(tx, lesson.course_id);
    await releaseLessonCredits(
      tx,
      {
        parentId: lesson.parent_id,
        lessonId: lesson.id,
        credits: lesson.required_credit,
        label: labelOf(subject, lesson.lesson_number),
      },
      now,
    );
    return { changed: true, credits: lesson.required_credit };
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
    await cancelLesson(ctx, lesson.id, now, 'school', { reason: 'child-deleted' });
}
