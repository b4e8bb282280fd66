import { enterRefusal } from '@portal/shared/lessons';
import type { AttendanceBody } from '@portal/shared/staff';
import type { AppContext } from '../../app-context';
import { notFound } from '../../lib/app-error';
import { dayInZone, zonedTimeToUtc } from '../../lib/time';
import { markAttendance, recordTeacherEntry } from '../scheduling/scheduling.service';
import { findTeacherOfStaff, type StaffActor } from './teachers.service';
import { selectOwnLesson, selectWeekLessons, type WeekLessonRow } from './teaching.repository';

/**
 * A teacher's own week (issue #22): their classes with each child's nickname and age — nothing
 * else about the family — the classroom as moderator in the children's Enter window, and
 * attendance with a note for the parent. Only lessons whose `teacher_id` is the signed-in
 * member's profile exist here: another teacher's lesson is 404. Entries and marks are the
 * scheduling engine's (`recordTeacherEntry`, `markAttendance`): one rule with the admins' tools.
 */

/** A signed token stays good this long after the class ends (a dropped connection rejoins). */
const MODERATOR_TOKEN_GRACE_MS = 15 * 60_000;

export interface TeachingChild {
  lessonSn: string;
  nickname: string;
  age: number | null;
  entered: boolean;
  attendance: 'attended' | 'absent' | null;
  note: string | null;
  onLeave: boolean;
  cancelled: boolean;
}

export interface TeachingClass {
  lessonSn: string;
  courseTitle: { en: string; zh: string };
  startsAt: Date;
  endsAt: Date;
  cancelled: boolean;
  canEnter: boolean;
  settled: boolean;
  teacherEnteredAt: Date | null;
  substitute: boolean;
  children: TeachingChild[];
}

export interface TeachingWeek {
  timeZone: string;
  from: string;
  to: string;
  classes: TeachingClass[];
}

type Ymd = [number, number, number];
const partsOf = (date: string) => date.split('-').map(Number) as Ymd;

/** `YYYY-MM-DD` plus `days`. */
function addDays(date: string, days: number): string {
  const [y, m, d] = partsOf(date);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The Monday of the week holding `date` (weeks start on Monday). */
function mondayOf(date: string): string {
  const [y, m, d] = partsOf(date);
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
}

const midnight = (date: string, zone: string) => {
  const [year, month, day] = partsOf(date);
  return zonedTimeToUtc({ year, month, day, hour: 0, minute: 0 }, zone);
};

/** Whole years from a birthday to a day (null for a birthday after it). */
function ageOn(birthday: string, day: string): number | null {
  const [by, bm, bd] = partsOf(birthday);
  const [ty, tm, td] = partsOf(day);
  const age = ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
  return age >= 0 ? age : null;
}

/** Groups a week's rows by class: one course at one start. */
function classesOf(rows: WeekLessonRow[], zone: string, now: Date): TeachingClass[] {
  const byClass = new Map<string, WeekLessonRow[]>();
  for (const row of rows) {
    const key = `${row.course_id}@${row.starts_at.toISOString()}`;
    byClass.set(key, [...(byClass.get(key) ?? []), row]);
  }
  return [...byClass.values()].map((members) => {
    const first = members[0]!;
    const endsAt = new Date(Math.max(...members.map((row) => row.ends_at.getTime())));
    const cancelled = members.every((row) => row.cancelled_at !== null);
    const entries = members.flatMap((row) =>
      row.teacher_entered_at ? [row.teacher_entered_at] : [],
    );
    const day = dayInZone(zone, first.starts_at);
    return {
      lessonSn: first.lesson_sn,
      courseTitle: {
        en: `${first.subject_en} · ${first.level_en}`,
        zh: `${first.subject_zh} · ${first.level_zh}`,
      },
      startsAt: first.starts_at,
      endsAt,
      cancelled,
      // The children's window (spec §4), as the engine checks it on entry: one child's leave
      // does not close the class.
      canEnter:
        enterRefusal(
          {
            startMs: first.starts_at.getTime(),
            endMs: endsAt.getTime(),
            cancelled,
            onLeave: false,
          },
          now.getTime(),
        ) === undefined,
      settled: members.every((row) => row.settled_at !== null),
      teacherEnteredAt: entries.length
        ? new Date(Math.min(...entries.map((at) => at.getTime())))
        : null,
      substitute: members.some((row) => row.substitute_for_id !== null),
      children: members.map((row) => ({
        lessonSn: row.lesson_sn,
        nickname: row.nickname,
        age: ageOn(row.birth_date, day),
        entered: row.entered_at !== null,
        attendance: row.attendance,
        note: row.teacher_note,
        onLeave: row.leave_at !== null,
        cancelled: row.cancelled_at !== null,
      })),
    };
  });
}

/**
 * The signed-in member's classes in the Monday-start week holding `from` (default: this week),
 * days of the teacher's zone. A member without a profile has an empty week in the school's zone.
 */
export async function getTeachingWeek(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config'>,
  staffId: number,
  from: string | undefined,
): Promise<TeachingWeek> {
  const now = ctx.clock.now();
  const teacher = await findTeacherOfStaff(ctx, staffId);
  const zone = teacher?.timeZone ?? ctx.config.schoolTimeZone;
  const monday = mondayOf(from ?? dayInZone(zone, now));
  const sunday = addDays(monday, 6);
  if (!teacher) return { timeZone: zone, from: monday, to: sunday, classes: [] };
  const rows = await selectWeekLessons(
    ctx.db,
    teacher.id,
    midnight(monday, zone),
    midnight(addDays(monday, 7), zone),
  );
  return { timeZone: zone, from: monday, to: sunday, classes: classesOf(rows, zone, now) };
}

async function requireOwnLesson(ctx: Pick<AppContext, 'db'>, staffId: number, lessonSn: string) {
  const teacher = await findTeacherOfStaff(ctx, staffId);
  if (!teacher) throw notFound();
  const lesson = await selectOwnLesson(ctx.db, teacher.id, lessonSn);
  if (!lesson) throw notFound();
  return { teacher, lesson };
}

/**
 * Opens the class's room for its teacher: the entry is recorded on every row of the class (late
 * starts, "teacher absent") by the engine, which refuses outside the children's window; the
 * address names the teacher moderator where the classroom supports it.
 */
export async function enterClassroom(
  ctx: AppContext,
  actor: StaffActor,
  lessonSn: string,
  language: 'en' | 'zh_CN',
): Promise<string> {
  const { teacher, lesson } = await requireOwnLesson(ctx, actor.staffId, lessonSn);
  await recordTeacherEntry(ctx, lesson.id, ctx.clock.now(), actor);
  return ctx.providers.classroom.moderatorJoinUrl({
    roomKey: lesson.room_key,
    displayName: language === 'zh_CN' ? teacher.nameZh : teacher.nameEn,
    expiresAt: new Date(lesson.ends_at.getTime() + MODERATOR_TOKEN_GRACE_MS),
  });
}

/**
 * Marks one child's lesson attended or absent, with an optional note for the parent, through the
 * engine (after the start, until settled). Answers the mark and note as stored.
 */
export async function markOwnAttendance(
  ctx: AppContext,
  actor: StaffActor,
  lessonSn: string,
  mark: AttendanceBody,
): Promise<{ attendance: 'attended' | 'absent'; note: string | null }> {
  const { teacher, lesson } = await requireOwnLesson(ctx, actor.staffId, lessonSn);
  await markAttendance(ctx, lesson.id, mark, ctx.clock.now(), actor);
  const saved = await selectOwnLesson(ctx.db, teacher.id, lessonSn);
  return { attendance: saved?.attendance ?? mark.attendance, note: saved?.teacher_note ?? null };
}
