import { LESSON_CANCEL_REASONS, type LessonCancelReason } from '@portal/shared/staff';
import type { Transaction } from '../../db/client';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import { localParts, nextWeeklyOccurrence, zonedTimeToUtc } from '../../lib/time';
import { recordAudit } from '../audit/audit.service';
import { notifyFamilies, type LessonNotice, type NoticeContext } from '../notices/notices.service';
import { cancelLesson } from './call-off.service';
import {
  findClassRows,
  findComingLessonsOfEnrollment,
  findCourse,
  findEnrollmentSlots,
  findLesson,
  findTeacher,
  findTeachersOfSubject,
  holdClosuresStill,
  lockEnrollment,
  lockFamilies,
  lockLessons,
  lockOpenClassRows,
  lockTeachers,
  replaceEnrollmentSlots,
  type CourseRow,
  type TeacherRow,
} from './classes.repository';
import { childConflict, refuse, teacherConflict } from './conflicts';
import { closureTest } from './generation.service';
import { distinct, isClockTime, roomKeyOf, type Db, type StaffActor } from './rules';
import { updateLesson, type LessonRow } from './scheduling.repository';

/**
 * Changes to classes already scheduled (issue #22, decision 047): cancel, move one class, move
 * an enrolment's following lessons, substitutes and cover. A class is the rows of one course at
 * one start; each change locks its rows in id order, checks conflicts, writes, audits each row
 * with its family in the same transaction, and tells the families after the commit.
 */

const isHeldRow = (row: LessonRow) => !row.cancelled_at && !row.leave_at && !row.settled_at;
const durationOf = (row: LessonRow) => row.ends_at.getTime() - row.starts_at.getTime();

async function requireLesson(ctx: Db, lessonId: number): Promise<LessonRow> {
  const lesson = await findLesson(ctx.db, lessonId);
  if (!lesson) throw notFound('scheduleLessonNotFound');
  return lesson;
}

async function requireCourse(ctx: Db, courseId: number): Promise<CourseRow> {
  const course = await findCourse(ctx.db, courseId);
  if (!course) throw notFound('scheduleCourseNotFound');
  return course;
}

async function requireTeacher(ctx: Db, teacherId: number): Promise<TeacherRow> {
  const teacher = await findTeacher(ctx.db, teacherId);
  if (!teacher) throw notFound('scheduleTeacherNotFound');
  return teacher;
}

/**
 * The open rows of the named lesson's class, locked, with the refusals every class change
 * shares: nothing left to change, or the class already started.
 */
async function lockClassToChange(tx: Transaction, lesson: LessonRow, now: Date) {
  const rows = await lockOpenClassRows(tx, lesson.course_id, lesson.starts_at);
  if (rows.length === 0) throw conflict('scheduleLessonNotOpen');
  if (lesson.starts_at <= now) throw conflict('scheduleLessonStarted');
  return rows;
}

/**
 * Cancels the class of the lesson named (every child's row still to be held) with a reason:
 * each row goes through the one call-off rule, so its credits go back as a parent's leave would.
 * Of two parallel cancellations one cancels and the other is refused: nothing is released twice.
 */
export async function cancelClass(
  ctx: NoticeContext,
  lessonId: number,
  reason: LessonCancelReason,
  now: Date,
  actor: StaffActor,
): Promise<{ lessonsCancelled: number; creditsReleased: number }> {
  if (!LESSON_CANCEL_REASONS.includes(reason)) throw badRequest('scheduleReasonInvalid');
  const lesson = await requireLesson(ctx, lessonId);
  const result = await ctx.db.transaction(async (tx) => {
    const rows = await lockClassToChange(tx, lesson, now);
    await lockFamilies(tx, distinct(rows.map((row) => row.parent_id)));
    const notices: LessonNotice[] = [];
    let credits = 0;
    for (const row of rows) {
      const done = await cancelLesson({ db: tx }, row.id, now, 'school', { reason });
      if (!done.changed) continue;
      credits += done.credits;
      notices.push({ kind: 'cancelled', lessonId: row.id, reason });
      await recordAudit(tx, {
        staffId: actor.staffId,
        ip: actor.ip,
        action: 'lesson.cancelled',
        target: { type: 'lesson', id: row.lesson_sn },
        parentId: row.parent_id,
        detail: { reason, startsAt: row.starts_at.toISOString(), creditsReleased: done.credits },
      });
    }
    return { notices, credits };
  });
  await notifyFamilies(ctx, result.notices);
  return { lessonsCancelled: result.notices.length, creditsReleased: result.credits };
}

/**
 * Moves the class of the lesson named to a new start, with its teacher or another one. Refused:
 * a start not in the future, inside a closure, the teacher busy, off, or (another teacher)
 * outside their availability, a child busy. Each row keeps its duration and credits and gets the
 * room of its new start; lesson numbers do not change.
 */
export async function moveClass(
  ctx: NoticeContext,
  lessonId: number,
  to: { startsAt: Date; teacherId?: number },
  now: Date,
  actor: StaffActor,
): Promise<{ lessonsMoved: number }> {
  if (Number.isNaN(to.startsAt.getTime())) throw badRequest('scheduleStartInPast');
  const lesson = await requireLesson(ctx, lessonId);
  const course = await requireCourse(ctx, lesson.course_id);
  const result = await ctx.db.transaction(async (tx) => {
    await holdClosuresStill(tx);
    const rows = await lockClassToChange(tx, lesson, now);
    if (to.startsAt <= now) throw conflict('scheduleStartInPast');
    if ((await closureTest({ ...ctx, db: tx }, course.id, to.startsAt))(to.startsAt))
      throw conflict('scheduleInClosure');
    const current = rows[0]!.teacher_id;
    const teacherId = to.teacherId ?? current;
    const ids = rows.map((row) => row.id);
    const end = new Date(to.startsAt.getTime() + Math.max(...rows.map(durationOf)));
    if (teacherId !== null) {
      const teacher = await requireTeacher({ db: tx }, teacherId);
      await lockTeachers(tx, [teacherId]);
      const kind = await teacherConflict({ db: tx }, teacher, to.startsAt, end, {
        courseId: course.id,
        exclude: ids,
        availability: teacherId !== current,
      });
      if (kind) throw refuse(kind);
    }
    for (const row of rows) {
      const rowEnd = new Date(to.startsAt.getTime() + durationOf(row));
      const kind = await childConflict({ db: tx }, row.student_id, to.startsAt, rowEnd, ids);
      if (kind) throw refuse(kind);
    }
    if (to.startsAt.getTime() === lesson.starts_at.getTime() && teacherId === current) return [];
    const notices: LessonNotice[] = [];
    for (const row of rows) {
      await updateLesson(tx, row.id, {
        starts_at: to.startsAt,
        ends_at: new Date(to.startsAt.getTime() + durationOf(row)),
        room_key: roomKeyOf(course.room_secret, to.startsAt),
        teacher_id: teacherId,
        // The original teacher taking their class back is no substitute.
        substitute_for_id: row.substitute_for_id === teacherId ? null : row.substitute_for_id,
        updated_at: now,
      });
      await recordAudit(tx, {
        staffId: actor.staffId,
        ip: actor.ip,
        action: 'lesson.moved',
        target: { type: 'lesson', id: row.lesson_sn },
        parentId: row.parent_id,
        before: { startsAt: row.starts_at.toISOString(), teacherId: row.teacher_id },
        after: { startsAt: to.startsAt.toISOString(), teacherId },
      });
      notices.push({ kind: 'moved', lessonId: row.id, previousStartsAt: row.starts_at });
    }
    return notices;
  });
  await notifyFamilies(ctx, result);
  return { lessonsMoved: result.length };
}

/** The instant the course-zone day of `instant` starts. */
function dayStartInZone(instant: Date, zone: string): Date {
  const local = localParts(instant, zone);
  return zonedTimeToUtc({ ...local, hour: 0, minute: 0 }, zone);
}

/**
 * "This and all following lessons" of the lesson's enrolment: its weekly slot becomes the one
 * given (weekday and "HH:mm" in the course's zone, written to `enrollment_slots` so the generator
 * follows it), with the teacher given or the enrolment's own one or the course's. Its open
 * lessons not yet started, from the lesson named on, are re-timed along the new slot from the day
 * of the lesson named, skipping closures; their numbers stay, so the series is not broken.
 * Refused on any conflict of any re-timed lesson (nothing changes).
 */
export async function moveFollowing(
  ctx: NoticeContext,
  lessonId: number,
  to: { weekday: number; time: string; teacherId?: number },
  now: Date,
  actor: StaffActor,
): Promise<{ lessonsMoved: number }> {
  if (!Number.isInteger(to.weekday) || to.weekday < 0 || to.weekday > 6 || !isClockTime(to.time))
    throw badRequest('scheduleSlotInvalid');
  const lesson = await requireLesson(ctx, lessonId);
  const course = await requireCourse(ctx, lesson.course_id);
  const result = await ctx.db.transaction(async (tx) => {
    await holdClosuresStill(tx);
    const enrollment = await lockEnrollment(tx, lesson.enrollment_id);
    if (!enrollment || enrollment.cancelled_at) throw conflict('scheduleEnrollmentEnded');
    if (lesson.starts_at <= now) throw conflict('scheduleLessonStarted');
    const found = await findComingLessonsOfEnrollment(tx, enrollment.id, now, lesson.lesson_number);
    const rows = (
      await lockLessons(
        tx,
        found.map((row) => row.id),
      )
    )
      .filter((row) => isHeldRow(row) && row.starts_at > now)
      .sort((a, b) => a.lesson_number - b.lesson_number);
    if (rows.length === 0) throw conflict('scheduleNothingToMove');
    const own = (await findEnrollmentSlots(tx, enrollment.id)).find((slot) => slot.teacher_id);
    const override = to.teacherId ?? own?.teacher_id ?? null;
    const teacherId = override ?? course.teacher_id;
    const teacher = teacherId === null ? null : await requireTeacher({ db: tx }, teacherId);
    if (teacher) await lockTeachers(tx, [teacher.id]);
    const ids = rows.map((row) => row.id);
    const closed = await closureTest({ ...ctx, db: tx }, course.id, now);
    const fromDay = dayStartInZone(lesson.starts_at, course.time_zone);
    let from = fromDay > now ? fromDay : new Date(now.getTime() + 60_000);
    const moves: { row: LessonRow; startsAt: Date; endsAt: Date }[] = [];
    for (const row of rows) {
      let startsAt = nextWeeklyOccurrence(from, to.weekday, to.time, course.time_zone);
      while (closed(startsAt))
        startsAt = nextWeeklyOccurrence(
          new Date(startsAt.getTime() + 60_000),
          to.weekday,
          to.time,
          course.time_zone,
        );
      const endsAt = new Date(startsAt.getTime() + durationOf(row));
      if (teacher) {
        const kind = await teacherConflict({ db: tx }, teacher, startsAt, endsAt, {
          courseId: course.id,
          exclude: ids,
          availability: teacher.id !== row.teacher_id,
        });
        if (kind) throw refuse(kind);
      }
      const kind = await childConflict({ db: tx }, row.student_id, startsAt, endsAt, ids);
      if (kind) throw refuse(kind);
      moves.push({ row, startsAt, endsAt });
      from = new Date(startsAt.getTime() + 60_000);
    }
    await replaceEnrollmentSlots(tx, enrollment.id, [
      { weekday: to.weekday, start_time: to.time, teacher_id: override },
    ]);
    for (const move of moves)
      await updateLesson(tx, move.row.id, {
        starts_at: move.startsAt,
        ends_at: move.endsAt,
        room_key: roomKeyOf(course.room_secret, move.startsAt),
        teacher_id: teacherId,
        substitute_for_id: null,
        updated_at: now,
      });
    await recordAudit(tx, {
      staffId: actor.staffId,
      ip: actor.ip,
      action: 'lesson.series-moved',
      target: { type: 'lesson', id: lesson.lesson_sn },
      parentId: enrollment.parent_id,
      detail: {
        enrollmentSn: enrollment.enrollment_sn,
        fromLessonNumber: lesson.lesson_number,
        weekday: to.weekday,
        time: to.time,
        teacherId,
        lessonsMoved: moves.length,
      },
    });
    return moves.map((move): LessonNotice => ({
      kind: 'moved',
      lessonId: move.row.id,
      previousStartsAt: move.row.starts_at,
    }));
  });
  await notifyFamilies(ctx, result);
  return { lessonsMoved: result.length };
}

/**
 * A substitute teaches the classes of the lessons named (one class per lesson, every open row
 * of it): `teacher_id` becomes the substitute and `substitute_for_id` the class's own teacher
 * (cleared when that teacher takes it back). Refused when the teacher already teaches one of
 * them, or is busy, off or outside their availability at one of them (classes covered in the
 * same call count as busy for the next).
 */
export async function assignSubstitute(
  ctx: NoticeContext,
  lessonIds: number[],
  teacherId: number,
  now: Date,
  actor: StaffActor,
): Promise<{ lessonsCovered: number }> {
  if (lessonIds.length === 0) throw badRequest('scheduleNoLessons');
  const teacher = await requireTeacher(ctx, teacherId);
  const named = await Promise.all(distinct(lessonIds).map((id) => requireLesson(ctx, id)));
  const result = await ctx.db.transaction(async (tx) => {
    const classRows = await Promise.all(
      named.map((lesson) => findClassRows(tx, lesson.course_id, lesson.starts_at)),
    );
    // Lesson rows first, then the teacher: the order every change takes (no deadlock).
    const locked = await lockLessons(tx, distinct(classRows.flat().map((row) => row.id)));
    await lockTeachers(tx, [teacher.id]);
    const classes = new Map<string, LessonRow[]>();
    for (const row of locked.filter(isHeldRow)) {
      const key = `${row.course_id}:${row.starts_at.toISOString()}`;
      classes.set(key, [...(classes.get(key) ?? []), row]);
    }
    for (const lesson of named) {
      const key = `${lesson.course_id}:${lesson.starts_at.toISOString()}`;
      if (!classes.has(key)) throw conflict('scheduleLessonNotOpen');
      if (lesson.starts_at <= now) throw conflict('scheduleLessonStarted');
    }
    const notices: LessonNotice[] = [];
    for (const rows of classes.values()) {
      const first = rows[0]!;
      if (first.teacher_id === teacher.id) throw conflict('scheduleSameTeacher');
      const end = new Date(first.starts_at.getTime() + Math.max(...rows.map(durationOf)));
      const kind = await teacherConflict({ db: tx }, teacher, first.starts_at, end, {
        courseId: first.course_id,
        exclude: rows.map((row) => row.id),
        availability: true,
      });
      if (kind) throw refuse(kind);
      for (const row of rows) {
        const original = row.substitute_for_id ?? row.teacher_id;
        await updateLesson(tx, row.id, {
          teacher_id: teacher.id,
          substitute_for_id: original === teacher.id ? null : original,
          updated_at: now,
        });
        await recordAudit(tx, {
          staffId: actor.staffId,
          ip: actor.ip,
          action: 'lesson.substitute-assigned',
          target: { type: 'lesson', id: row.lesson_sn },
          parentId: row.parent_id,
          before: { teacherId: row.teacher_id },
          after: {
            teacherId: teacher.id,
            substituteForId: original === teacher.id ? null : original,
          },
        });
        notices.push({ kind: 'substitute', lessonId: row.id });
      }
    }
    return notices;
  });
  await notifyFamilies(ctx, result);
  return { lessonsCovered: result.length };
}

/**
 * Teachers who could cover the class of the lesson named: they teach its subject, are not its
 * teacher now, and are available (weekly windows in their zone), not off and not teaching
 * another class at that time. Answers their ids, in id order.
 */
export async function coverCandidates(ctx: Db, lessonId: number, now: Date): Promise<number[]> {
  const lesson = await requireLesson(ctx, lessonId);
  const course = await requireCourse(ctx, lesson.course_id);
  const rows = (await findClassRows(ctx.db, lesson.course_id, lesson.starts_at)).filter(isHeldRow);
  if (rows.length === 0 || lesson.starts_at <= now) return [];
  const end = new Date(lesson.starts_at.getTime() + Math.max(...rows.map(durationOf)));
  const candidates: number[] = [];
  for (const teacher of await findTeachersOfSubject(ctx.db, course.subject_id)) {
    if (rows.some((row) => row.teacher_id === teacher.id)) continue;
    const kind = await teacherConflict(ctx, teacher, lesson.starts_at, end, {
      courseId: course.id,
      exclude: rows.map((row) => row.id),
      availability: true,
    });
    if (!kind) candidates.push(teacher.id);
  }
  return candidates;
}
