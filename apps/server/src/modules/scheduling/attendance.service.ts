import { enterRefusal } from '@portal/shared/lessons';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import { recordAudit } from '../audit/audit.service';
import { notifyFamilies, type NoticeContext } from '../notices/notices.service';
import { findClassRows, findLesson, lockLessons, markClassEntered } from './classes.repository';
import { distinct, type Db, type StaffActor } from './rules';
import { lockLesson, updateLesson } from './scheduling.repository';

/**
 * The teacher in the classroom and attendance (issue #22, decision 047): when the teacher
 * entered (late starts, "teacher absent" at settlement), and the teacher's or an admin's mark,
 * which overrides the room's record until the lesson is settled.
 */

/** The teacher's note for the parent (shown on the completed lesson and in the e-mail). */
export const TEACHER_NOTE_MAX_LENGTH = 500;

/**
 * Records the teacher's first entry into the class of the lesson named, on every row of the
 * class, inside the children's Enter window (`@portal/shared/lessons`: a class is cancelled only
 * when all its rows are, and one child's leave does not close it). Later entries change nothing.
 */
export async function recordTeacherEntry(
  ctx: Db,
  lessonId: number,
  now: Date,
  actor: StaffActor,
): Promise<void> {
  const lesson = await findLesson(ctx.db, lessonId);
  if (!lesson) throw notFound('scheduleLessonNotFound');
  await ctx.db.transaction(async (tx) => {
    const found = await findClassRows(tx, lesson.course_id, lesson.starts_at);
    const rows = await lockLessons(
      tx,
      found.map((row) => row.id),
    );
    const refusal = enterRefusal(
      {
        startMs: lesson.starts_at.getTime(),
        endMs: Math.max(...rows.map((row) => row.ends_at.getTime())),
        cancelled: rows.every((row) => row.cancelled_at !== null),
        onLeave: false,
      },
      now.getTime(),
    );
    if (refusal) throw badRequest(refusal);
    const entered = await markClassEntered(tx, lesson.course_id, lesson.starts_at, now);
    if (entered === 0) return;
    const families = distinct(rows.map((row) => row.parent_id));
    await recordAudit(tx, {
      staffId: actor.staffId,
      ip: actor.ip,
      action: 'lesson.teacher-entered',
      target: { type: 'lesson', id: lesson.lesson_sn },
      // A one-family class belongs on that family's page.
      parentId: families.length === 1 ? families[0] : null,
      detail: { rows: entered },
    });
  });
}

/**
 * The teacher's or an admin's attendance mark on one child's lesson, with an optional note for
 * the parent (`note` undefined keeps the note, null or blank clears it). Only after the start,
 * on a lesson held, and only until it is settled: after that the credits already moved and the
 * answer points to a credit correction. A new note is sent to the family after the commit.
 */
export async function markAttendance(
  ctx: NoticeContext,
  lessonId: number,
  mark: { attendance: 'attended' | 'absent'; note?: string | null },
  now: Date,
  actor: StaffActor,
): Promise<void> {
  if (mark.attendance !== 'attended' && mark.attendance !== 'absent')
    throw badRequest('scheduleAttendanceInvalid');
  const note = mark.note === undefined ? undefined : mark.note?.trim() || null;
  if (note && note.length > TEACHER_NOTE_MAX_LENGTH) throw badRequest('scheduleNoteTooLong');
  const noteWritten = await ctx.db.transaction(async (tx) => {
    const lesson = await lockLesson(tx, lessonId);
    if (!lesson) throw notFound('scheduleLessonNotFound');
    if (lesson.cancelled_at || lesson.leave_at) throw conflict('scheduleAttendanceNotHeld');
    if (lesson.settled_at) throw conflict('scheduleAttendanceSettled');
    if (lesson.starts_at > now) throw badRequest('scheduleAttendanceTooEarly');
    const noteChanged = note !== undefined && note !== lesson.teacher_note;
    await updateLesson(tx, lesson.id, {
      attendance: mark.attendance,
      attendance_by: actor.staffId,
      ...(noteChanged ? { teacher_note: note } : {}),
      updated_at: now,
    });
    const entry = {
      staffId: actor.staffId,
      ip: actor.ip,
      target: { type: 'lesson', id: lesson.lesson_sn },
      parentId: lesson.parent_id,
    } as const;
    await recordAudit(tx, {
      ...entry,
      action: 'lesson.attendance-marked',
      before: { attendance: lesson.attendance },
      after: { attendance: mark.attendance },
    });
    if (noteChanged)
      await recordAudit(tx, {
        ...entry,
        action: 'lesson.note-written',
        before: { note: lesson.teacher_note },
        after: { note },
      });
    return noteChanged && note !== null ? lesson.id : undefined;
  });
  if (noteWritten !== undefined)
    await notifyFamilies(ctx, [{ kind: 'teacher-note', lessonId: noteWritten }]);
}
