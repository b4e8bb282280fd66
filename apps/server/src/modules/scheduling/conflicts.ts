import type { MessageKey } from '@portal/shared/i18n';
import { conflict } from '../../lib/app-error';
import { dayInZone, localParts } from '../../lib/time';
import { childIsBusy, teacherIsBusy, teacherIsOff, type TeacherRow } from './classes.repository';
import { minutesOf, type Db } from './rules';

/**
 * Conflicts of a lesson at a time (decision 047): they are refused, never warned past.
 * `teacher-unavailable` applies only where a teacher is chosen for a class they were not given
 * by the course (a substitute, cover, a move to another teacher).
 */
export type ConflictKind = 'child-busy' | 'teacher-busy' | 'teacher-off' | 'teacher-unavailable';

const CONFLICT_KEYS: Record<ConflictKind, MessageKey> = {
  'child-busy': 'scheduleChildBusy',
  'teacher-busy': 'scheduleTeacherBusy',
  'teacher-off': 'scheduleTeacherOff',
  'teacher-unavailable': 'scheduleTeacherUnavailable',
};

/** The 409 that refuses a change for this conflict, with its translated message. */
export const refuse = (kind: ConflictKind) => conflict(CONFLICT_KEYS[kind]);

/**
 * Whether [from, to) lies inside one of the teacher's weekly windows, read on the teacher's own
 * wall clock (windows are local to the teacher's zone). A teacher with no windows is available
 * nowhere; a lesson across the teacher's midnight fits only a window ending at 24:00 the day it
 * starts and is otherwise outside.
 */
export function isAvailable(teacher: TeacherRow, from: Date, to: Date): boolean {
  const local = localParts(from, teacher.time_zone);
  const start = local.hour * 60 + local.minute;
  const end = start + Math.round((to.getTime() - from.getTime()) / 60_000);
  return teacher.availability.some(
    (window) =>
      window.weekday === local.weekday &&
      minutesOf(window.start) <= start &&
      end <= minutesOf(window.end),
  );
}

/**
 * The teacher's first conflict with teaching [from, to) in the class of `courseId` at `from`:
 * another class overlapping (rows in `exclude`, being moved, do not count), time off on the
 * teacher's date of the start, or — with `availability` — a time outside their weekly windows.
 */
export async function teacherConflict(
  ctx: Db,
  teacher: TeacherRow,
  from: Date,
  to: Date,
  options: { courseId: number; exclude?: number[]; availability?: boolean },
): Promise<ConflictKind | null> {
  const exclude = options.exclude ?? [];
  if (await teacherIsBusy(ctx.db, teacher.id, from, to, { courseId: options.courseId, exclude }))
    return 'teacher-busy';
  if (await teacherIsOff(ctx.db, teacher.id, dayInZone(teacher.time_zone, from)))
    return 'teacher-off';
  if (options.availability && !isAvailable(teacher, from, to)) return 'teacher-unavailable';
  return null;
}

/** Whether the child has another lesson held in [from, to) (rows in `exclude` do not count). */
export async function childConflict(
  ctx: Db,
  studentId: number,
  from: Date,
  to: Date,
  exclude: number[] = [],
): Promise<ConflictKind | null> {
  return (await childIsBusy(ctx.db, studentId, from, to, exclude)) ? 'child-busy' : null;
}
