import { canonicalTimeZone, twoDigits } from '@portal/shared/api';
import type {
  BilingualText,
  ClosureBody,
  CoverBody,
  EnrollmentBody,
  EnrollmentConflictKind,
  ManualCancelReason,
} from '@portal/shared/staff';
import type { AppContext } from '../../app-context';
import { findTeacherDisplay } from '../teachers/teachers.service';
import { conflict, notFound } from '../../lib/app-error';
import { localParts } from '../../lib/time';
import type { NoticeContext } from '../notices/notices.service';
import {
  assignSubstitute,
  cancelClass,
  coverCandidates,
  declareClosure,
  endEnrollment,
  enrollChild,
  markAttendance,
  moveClass,
  moveFollowing,
  previewClosure,
  previewEndEnrollment,
  previewEnrollment,
  type StaffActor,
} from '../scheduling/scheduling.service';
import {
  findEnrollmentBySn,
  findFamilyChild,
  findLessonBySn,
  findLessonMark,
} from './timetable.repository';
import {
  dayStartIn,
  readClasses,
  requireCourse,
  requireTeacher,
  type TeacherName,
  type TimetableClass,
} from './timetable.service';

/**
 * The school's timetable changes (issue #22, decision 047): the console names lessons,
 * enrolments, teachers and families by their public ids; this resolves them (unknown, or a child
 * of another family: 404) and hands the change to the scheduling engine, which checks its rules,
 * moves credits, audits with the actor in its transaction and tells the families after it.
 */

/** The app's context and, from a route, the request's logger for failed notices. */
export type ChangeCtx = AppContext & Pick<NoticeContext, 'log'>;

async function requireLessonId(ctx: Pick<AppContext, 'db'>, lessonSn: string): Promise<number> {
  const lesson = await findLessonBySn(ctx.db, lessonSn);
  if (!lesson) throw notFound('timetableLessonNotFound');
  return lesson.id;
}

async function requireEnrollmentId(ctx: Pick<AppContext, 'db'>, enrollmentSn: string) {
  const enrollment = await findEnrollmentBySn(ctx.db, enrollmentSn);
  if (!enrollment) throw notFound('timetableEnrollmentNotFound');
  return enrollment.id;
}

/** A teacher's id by public id, when one was named. */
async function optionalTeacherId(ctx: Pick<AppContext, 'db'>, teacherSn: string | undefined) {
  return teacherSn === undefined ? undefined : (await requireTeacher(ctx, teacherSn)).id;
}

async function teacherNamesById(ctx: Pick<AppContext, 'db'>, ids: number[]) {
  const display = await findTeacherDisplay(ctx, ids);
  return new Map(
    [...display].map(([id, teacher]): [number, TeacherName] => [
      id,
      {
        teacherSn: teacher.teacherSn,
        name: { en: teacher.nameEn, zh: teacher.nameZh || teacher.nameEn },
      },
    ]),
  );
}

// ---------------------------------------------------------------------------------------------
// Enrolments

/**
 * The family's child and the course of an enrolment form, and the instant its start week begins
 * in the parent's zone (the school's when the parent has none).
 */
async function enrollmentInput(ctx: AppContext, body: EnrollmentBody) {
  const { parent, child } = await findFamilyChild(ctx.db, body.userSn, body.studentSn);
  if (!parent) throw notFound('timetableFamilyNotFound');
  if (!child) throw notFound('timetableChildNotFound');
  await requireCourse(ctx, body.courseId);
  const zone = (parent.timeZone && canonicalTimeZone(parent.timeZone)) || ctx.config.schoolTimeZone;
  return {
    zone,
    input: {
      parentId: parent.id,
      studentId: child.id,
      courseId: body.courseId,
      startsAt: dayStartIn(body.startWeek, zone),
    },
  };
}

export interface PreviewLessonView {
  lessonNumber: number;
  startsAt: Date;
  endsAt: Date;
  /** "YYYY-MM-DD" and "HH:mm" in the parent's zone. */
  localDate: string;
  localTime: string;
  credits: number;
  teacherName: BilingualText | null;
}

export interface EnrollmentPreviewView {
  lessons: PreviewLessonView[];
  creditsNeeded: number;
  available: number;
  coveredByPlan: boolean;
  shortBy: number;
  full: boolean;
  retired: boolean;
  conflicts: { startsAt: Date; kind: EnrollmentConflictKind }[];
  parentTimeZone: string;
}

/**
 * POST /api/ops/enrollments/preview: the lessons enrolling would create in the coming
 * LESSON_WEEKS_AHEAD weeks (the generator's own plan), at the parent's local times.
 */
export async function previewEnrollmentOf(
  ctx: AppContext,
  body: EnrollmentBody,
): Promise<EnrollmentPreviewView> {
  const { zone, input } = await enrollmentInput(ctx, body);
  const preview = await previewEnrollment(ctx, input, ctx.clock.now(), ctx.config.lessonWeeksAhead);
  const names = await teacherNamesById(
    ctx,
    preview.lessons.flatMap((lesson) => (lesson.teacherId === null ? [] : [lesson.teacherId])),
  );
  return {
    lessons: preview.lessons.map((lesson) => {
      const local = localParts(lesson.startsAt, zone);
      return {
        lessonNumber: lesson.lessonNumber,
        startsAt: lesson.startsAt,
        endsAt: lesson.endsAt,
        localDate: `${local.year}-${twoDigits(local.month)}-${twoDigits(local.day)}`,
        localTime: `${twoDigits(local.hour)}:${twoDigits(local.minute)}`,
        credits: lesson.credits,
        teacherName: lesson.teacherId === null ? null : (names.get(lesson.teacherId)?.name ?? null),
      };
    }),
    creditsNeeded: preview.creditsNeeded,
    available: preview.available,
    coveredByPlan: preview.coveredByPlan,
    shortBy: preview.shortBy,
    full: preview.full,
    retired: preview.retired,
    conflicts: preview.conflicts,
    parentTimeZone: zone,
  };
}

/** POST /api/ops/enrollments: enrols the child (audited, the family told). */
export async function enrollFromConsole(
  ctx: ChangeCtx,
  body: EnrollmentBody,
  actor: StaffActor,
): Promise<{ enrollmentSn: string }> {
  const { input } = await enrollmentInput(ctx, body);
  const enrollment = await enrollChild(
    ctx,
    input,
    ctx.clock.now(),
    ctx.config.lessonWeeksAhead,
    actor,
  );
  return { enrollmentSn: enrollment.enrollmentSn };
}

/** GET /api/ops/enrollments/:enrollmentSn/end-preview. */
export async function previewEndOf(ctx: AppContext, enrollmentSn: string) {
  const id = await requireEnrollmentId(ctx, enrollmentSn);
  const preview = await previewEndEnrollment(ctx, id, ctx.clock.now());
  return {
    lessons: preview.lessons.map(({ lessonSn, startsAt }) => ({ lessonSn, startsAt })),
    credits: preview.credits,
  };
}

/** POST /api/ops/enrollments/:enrollmentSn/end. */
export async function endEnrollmentOf(ctx: ChangeCtx, enrollmentSn: string, actor: StaffActor) {
  const id = await requireEnrollmentId(ctx, enrollmentSn);
  return endEnrollment(ctx, id, ctx.clock.now(), actor);
}

// ---------------------------------------------------------------------------------------------
// Lesson changes

/** POST /api/ops/lessons/:lessonSn/cancel: the lesson's class. */
export async function cancelClassOf(
  ctx: ChangeCtx,
  lessonSn: string,
  reason: ManualCancelReason,
  actor: StaffActor,
) {
  const id = await requireLessonId(ctx, lessonSn);
  return cancelClass(ctx, id, reason, ctx.clock.now(), actor);
}

/** POST /api/ops/lessons/:lessonSn/move: the lesson's class to a new start (and teacher). */
export async function moveClassOf(
  ctx: ChangeCtx,
  lessonSn: string,
  to: { startsAt: string; teacherSn?: string },
  actor: StaffActor,
) {
  const id = await requireLessonId(ctx, lessonSn);
  const teacherId = await optionalTeacherId(ctx, to.teacherSn);
  return moveClass(
    ctx,
    id,
    { startsAt: new Date(to.startsAt), ...(teacherId === undefined ? {} : { teacherId }) },
    ctx.clock.now(),
    actor,
  );
}

/** POST /api/ops/lessons/:lessonSn/move-following: the lesson's enrolment from it on. */
export async function moveFollowingOf(
  ctx: ChangeCtx,
  lessonSn: string,
  to: { weekday: number; time: string; teacherSn?: string },
  actor: StaffActor,
) {
  const id = await requireLessonId(ctx, lessonSn);
  const teacherId = await optionalTeacherId(ctx, to.teacherSn);
  return moveFollowing(
    ctx,
    id,
    { weekday: to.weekday, time: to.time, ...(teacherId === undefined ? {} : { teacherId }) },
    ctx.clock.now(),
    actor,
  );
}

/** POST /api/ops/lessons/:lessonSn/substitute: the lesson's class taught by another teacher. */
export async function substituteOf(
  ctx: ChangeCtx,
  lessonSn: string,
  teacherSn: string,
  actor: StaffActor,
) {
  const id = await requireLessonId(ctx, lessonSn);
  const teacher = await requireTeacher(ctx, teacherSn);
  return assignSubstitute(ctx, [id], teacher.id, ctx.clock.now(), actor);
}

/**
 * POST /api/ops/lessons/:lessonSn/attendance: an admin's mark on one child's lesson, through the
 * teacher's own rule (markAttendance); answers the mark and note now held.
 */
export async function markAttendanceOf(
  ctx: ChangeCtx,
  lessonSn: string,
  mark: { attendance: 'attended' | 'absent'; note?: string | null },
  actor: StaffActor,
): Promise<{ attendance: 'attended' | 'absent'; note: string | null }> {
  const id = await requireLessonId(ctx, lessonSn);
  await markAttendance(ctx, id, mark, ctx.clock.now(), actor);
  const held = await findLessonMark(ctx.db, id);
  return { attendance: held?.attendance ?? mark.attendance, note: held?.note ?? null };
}

// ---------------------------------------------------------------------------------------------
// Cover

export interface CoverClass extends TimetableClass {
  candidates: TeacherName[];
}

/** The classes of the teacher's time off still without a substitute (row ids by class). */
async function classesToCover(ctx: AppContext, teacherId: number) {
  return readClasses(ctx, { coverOf: { teacherId, now: ctx.clock.now() } });
}

/**
 * GET /api/ops/cover?teacherSn=: the classes falling in the teacher's time off still without a
 * substitute, each with the teachers who could take it (the engine's coverCandidates).
 */
export async function coverListOf(ctx: AppContext, teacherSn: string): Promise<CoverClass[]> {
  const teacher = await requireTeacher(ctx, teacherSn);
  const classes = await classesToCover(ctx, teacher.id);
  const now = ctx.clock.now();
  const candidateIds: number[][] = [];
  for (const lesson of classes) candidateIds.push(await coverCandidates(ctx, lesson.lessonId, now));
  const names = await teacherNamesById(ctx, candidateIds.flat());
  return classes.map((lesson, index) => ({
    ...lesson,
    candidates: candidateIds[index]!.flatMap((id) => {
      const name = names.get(id);
      return name ? [name] : [];
    }),
  }));
}

/**
 * POST /api/ops/cover: the substitute takes the classes named (any row of each), or every class
 * of the teacher's time off still uncovered. A lesson not among those is refused.
 */
export async function coverOf(ctx: ChangeCtx, body: CoverBody, actor: StaffActor) {
  const teacher = await requireTeacher(ctx, body.teacherSn);
  const substitute = await requireTeacher(ctx, body.substituteSn);
  if (substitute.id === teacher.id) throw conflict('timetableSubstituteSame');
  const classes = await classesToCover(ctx, teacher.id);
  let lessonIds = classes.map((lesson) => lesson.lessonId);
  if (body.lessonSns) {
    const classOfRow = new Map<string, number>();
    for (const lesson of classes)
      for (const child of lesson.children) classOfRow.set(child.lessonSn, lesson.lessonId);
    const chosen = new Set<number>();
    for (const lessonSn of body.lessonSns) {
      const classId = classOfRow.get(lessonSn);
      if (classId === undefined) {
        await requireLessonId(ctx, lessonSn);
        throw conflict('timetableLessonNotInTimeOff');
      }
      chosen.add(classId);
    }
    lessonIds = [...chosen];
  }
  return assignSubstitute(ctx, lessonIds, substitute.id, ctx.clock.now(), actor);
}

// ---------------------------------------------------------------------------------------------
// Closures

/** POST /api/ops/closures/preview: what the closure would cancel now. */
export async function previewClosureOf(ctx: AppContext, body: ClosureBody) {
  if (body.courseId !== null) await requireCourse(ctx, body.courseId);
  return previewClosure(
    ctx,
    { courseId: body.courseId, startsOn: body.startsOn, endsOn: body.endsOn },
    ctx.clock.now(),
  );
}

/** POST /api/ops/closures: declares it (lessons cancelled, credits released, families told). */
export async function declareClosureOf(ctx: ChangeCtx, body: ClosureBody, actor: StaffActor) {
  if (body.courseId !== null) await requireCourse(ctx, body.courseId);
  return declareClosure(ctx, body, ctx.clock.now(), actor);
}
