import { badRequest, conflict, notFound } from '../../lib/app-error';
import { newPublicId } from '../../lib/ids';
import { recordAudit } from '../audit/audit.service';
import { getAccount } from '../credits/credits.service';
import { notifyFamilies, type LessonNotice, type NoticeContext } from '../notices/notices.service';
import { cancelLesson } from './call-off.service';
import {
  countRunningEnrollments,
  findChildOfParent,
  findComingLessonsOfEnrollment,
  findCourse,
  findEnrollment,
  findTeacher,
  holdClosuresStill,
  lockChildOfParent,
  lockCourse,
  lockEnrollment,
  lockLessons,
  updateEnrollment,
  type CourseRow,
  type TeacherRow,
} from './classes.repository';
import { childConflict, refuse, teacherConflict } from './conflicts';
import {
  insertPlannedLessons,
  planLessons,
  slotsOf,
  type PlannedLesson,
} from './generation.service';
import { type Db, type PlanningCtx, type StaffActor } from './rules';
import { insertEnrollment } from './scheduling.repository';

/**
 * Enrolments (issue #22): the preview and the enrolment plan the lessons with the generator's
 * one function (planLessons), so what the school sees before confirming is what is created.
 */

export interface EnrollmentInput {
  parentId: number;
  studentId: number;
  courseId: number;
  /** The first lesson is the first slot at or after this instant (never before now for staff). */
  startsAt: Date;
}

/** A conflict of a planned lesson (a teacher's availability is not asked of enrolments). */
export interface EnrollmentConflict {
  startsAt: Date;
  kind: 'child-busy' | 'teacher-busy' | 'teacher-off';
}

export interface EnrollmentPreview {
  lessons: PlannedLesson[];
  /** Credits the planned lessons reserve (0 for lessons the family's plan covers). */
  creditsNeeded: number;
  /** The family's credits free to book now. */
  available: number;
  /** Every planned lesson is covered by the family's plan. */
  coveredByPlan: boolean;
  /** Credits missing to schedule every planned lesson now (the rest wait for a top-up). */
  shortBy: number;
  full: boolean;
  retired: boolean;
  conflicts: EnrollmentConflict[];
}

/** An enrollment as the engine's callers need it. */
export interface Enrollment {
  id: number;
  enrollmentSn: string;
}

const later = (a: Date, b: Date) => (a > b ? a : b);

/** The conflicts of planned lessons: the child's other lessons, the teacher's classes and time off. */
async function conflictsOf(
  ctx: Db,
  course: CourseRow,
  studentId: number,
  planned: PlannedLesson[],
): Promise<EnrollmentConflict[]> {
  const found: EnrollmentConflict[] = [];
  const teachers = new Map<number, TeacherRow | undefined>();
  for (const lesson of planned) {
    if (await childConflict(ctx, studentId, lesson.startsAt, lesson.endsAt))
      found.push({ startsAt: lesson.startsAt, kind: 'child-busy' });
    if (lesson.teacherId === null) continue;
    if (!teachers.has(lesson.teacherId))
      teachers.set(lesson.teacherId, await findTeacher(ctx.db, lesson.teacherId));
    const teacher = teachers.get(lesson.teacherId);
    if (!teacher) continue;
    const kind = await teacherConflict(ctx, teacher, lesson.startsAt, lesson.endsAt, {
      courseId: course.id,
    });
    if (kind === 'teacher-busy' || kind === 'teacher-off')
      found.push({ startsAt: lesson.startsAt, kind });
  }
  return found;
}

/**
 * What enrolling the child would create in the coming `weeksAhead` weeks (the generator's own
 * plan), what it costs against the family's credits or plan, and what stands in the way: the
 * course full or retired, conflicts. Writes nothing.
 */
export async function previewEnrollment(
  ctx: PlanningCtx,
  input: EnrollmentInput,
  now: Date,
  weeksAhead: number,
): Promise<EnrollmentPreview> {
  const course = await findCourse(ctx.db, input.courseId);
  if (!course) throw notFound('scheduleCourseNotFound');
  if (!(await findChildOfParent(ctx.db, input.parentId, input.studentId)))
    throw notFound('scheduleChildNotFound');
  const lessons = await planLessons(
    ctx,
    {
      enrollment: {
        parentId: input.parentId,
        studentId: input.studentId,
        startsAt: later(input.startsAt, now),
      },
      course,
    },
    now,
    weeksAhead,
  );
  const creditsNeeded = lessons.reduce((sum, lesson) => sum + lesson.credits, 0);
  const { available } = await getAccount(ctx, input.parentId);
  return {
    lessons,
    creditsNeeded,
    available,
    coveredByPlan: lessons.length > 0 && lessons.every((lesson) => lesson.coveredByPlan),
    shortBy: Math.max(0, creditsNeeded - available),
    full: (await countRunningEnrollments(ctx.db, course.id)) >= course.capacity,
    retired: course.retired_at !== null,
    conflicts: await conflictsOf(ctx, course, input.studentId, lessons),
  };
}

/**
 * Enrolls a child in a course and schedules the coming weeks at once, in one transaction: the
 * course is locked and its running enrolments counted against its capacity (parallel enrolments
 * never overfill it), a retired course refuses, the child must be the family's. A member of
 * staff (`actor`) enrols from now on at the earliest, is refused when the child or the teacher
 * is busy at a planned lesson (a lesson in the teacher's time off is made and needs cover), is audited, and the family is told after the commit. Without an actor (the demo data
 * and test fixtures, which lay out their own timetables, past weeks included) the enrolment
 * starts when given and nobody is told.
 */
export async function enrollChild(
  ctx: NoticeContext,
  input: EnrollmentInput,
  now: Date,
  weeksAhead: number,
  actor: StaffActor,
): Promise<Enrollment>;
export async function enrollChild(
  ctx: PlanningCtx,
  input: EnrollmentInput,
  now: Date,
  weeksAhead: number,
): Promise<Enrollment>;
export async function enrollChild(
  ctx: PlanningCtx | NoticeContext,
  input: EnrollmentInput,
  now: Date,
  weeksAhead: number,
  actor?: StaffActor,
): Promise<Enrollment> {
  const { enrollment, created } = await ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    // First, as every placing of lessons does (see holdClosuresStill).
    await holdClosuresStill(tx);
    const course = await lockCourse(tx, input.courseId);
    if (!course) throw notFound('scheduleCourseNotFound');
    if (course.retired_at) throw conflict('scheduleCourseRetired');
    if ((await countRunningEnrollments(tx, course.id)) >= course.capacity)
      throw conflict('scheduleCourseFull');
    if (!(await lockChildOfParent(tx, input.parentId, input.studentId)))
      throw notFound('scheduleChildNotFound');
    const startsAt = actor ? later(input.startsAt, now) : input.startsAt;
    const enrollment = await insertEnrollment(tx, {
      enrollment_sn: newPublicId('E'),
      parent_id: input.parentId,
      student_id: input.studentId,
      course_id: course.id,
      starts_at: startsAt,
    });
    const target = {
      enrollment: {
        id: enrollment.id,
        parentId: input.parentId,
        studentId: input.studentId,
        startsAt,
      },
      course,
    };
    if (actor && (await slotsOf(txCtx, target)).length === 0)
      throw badRequest('scheduleCourseNoSlots');
    const planned = await planLessons(txCtx, target, now, weeksAhead);
    if (actor) {
      // Lessons in the teacher's time off are enrolled and listed for cover (decision 047): a
      // holiday ahead must not close a course to new children.
      const first = (await conflictsOf(txCtx, course, input.studentId, planned)).find(
        (found) => found.kind !== 'teacher-off',
      );
      if (first) throw refuse(first.kind);
    }
    const created = await insertPlannedLessons(txCtx, enrollment, course, planned, now);
    if (actor)
      await recordAudit(tx, {
        staffId: actor.staffId,
        ip: actor.ip,
        action: 'enrollment.created',
        target: { type: 'enrollment', id: enrollment.enrollment_sn },
        parentId: input.parentId,
        detail: {
          courseId: course.id,
          studentId: input.studentId,
          startsAt: startsAt.toISOString(),
          lessonsScheduled: created.length,
        },
      });
    return { enrollment, created };
  });
  if (actor)
    await notifyFamilies(
      ctx as NoticeContext,
      created.map((lesson) => ({ kind: 'enrolled', lessonId: lesson.id })),
    );
  return { id: enrollment.id, enrollmentSn: enrollment.enrollment_sn };
}

/** What ending an enrolment now would cancel: its open lessons not yet started, and their credits. */
export async function previewEndEnrollment(
  ctx: Db,
  enrollmentId: number,
  now: Date,
): Promise<{ lessons: { id: number; lessonSn: string; startsAt: Date }[]; credits: number }> {
  if (!(await findEnrollment(ctx.db, enrollmentId))) throw notFound('scheduleEnrollmentNotFound');
  const lessons = await findComingLessonsOfEnrollment(ctx.db, enrollmentId, now);
  return {
    lessons: lessons.map((lesson) => ({
      id: lesson.id,
      lessonSn: lesson.lesson_sn,
      startsAt: lesson.starts_at,
    })),
    credits: lessons.reduce((sum, lesson) => sum + lesson.required_credit, 0),
  };
}

/**
 * Ends an enrolment: it stops generating, and each open lesson not yet started is cancelled
 * (`enrollment-ended`) through the one call-off rule, its credits released. A lesson on air
 * still settles. The family is told after the commit.
 */
export async function endEnrollment(
  ctx: NoticeContext,
  enrollmentId: number,
  now: Date,
  actor: StaffActor,
): Promise<{ lessonsCancelled: number; creditsReleased: number }> {
  const result = await ctx.db.transaction(async (tx) => {
    const enrollment = await lockEnrollment(tx, enrollmentId);
    if (!enrollment) throw notFound('scheduleEnrollmentNotFound');
    if (enrollment.cancelled_at) throw conflict('scheduleEnrollmentEnded');
    await updateEnrollment(tx, enrollment.id, { cancelled_at: now, updated_at: now });
    const coming = await findComingLessonsOfEnrollment(tx, enrollment.id, now);
    // Every row first, in id order, then the credits (see lockOpenClassRows).
    await lockLessons(
      tx,
      coming.map((lesson) => lesson.id),
    );
    const notices: LessonNotice[] = [];
    let credits = 0;
    for (const lesson of coming) {
      const done = await cancelLesson({ db: tx }, lesson.id, now, 'school', {
        reason: 'enrollment-ended',
      });
      if (!done.changed) continue;
      credits += done.credits;
      notices.push({ kind: 'enrollment-ended', lessonId: lesson.id, reason: 'enrollment-ended' });
    }
    await recordAudit(tx, {
      staffId: actor.staffId,
      ip: actor.ip,
      action: 'enrollment.ended',
      target: { type: 'enrollment', id: enrollment.enrollment_sn },
      parentId: enrollment.parent_id,
      detail: { lessonsCancelled: notices.length, creditsReleased: credits },
    });
    return { notices, credits };
  });
  await notifyFamilies(ctx, result.notices);
  return { lessonsCancelled: result.notices.length, creditsReleased: result.credits };
}
