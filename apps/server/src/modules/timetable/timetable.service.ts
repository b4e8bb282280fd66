import {
  LATE_START_AFTER_MS,
  type BilingualText,
  type ClassListQuery,
  type FamilyLessonStatus,
  type FeedbackQuery,
  type LeaveRequestQuery,
} from '@portal/shared/staff';
import type { AppContext } from '../../app-context';
import { findTeacherIdBySn } from '../teachers/teachers.service';
import { notFound } from '../../lib/app-error';
import { dayInZone, zonedTimeToUtc } from '../../lib/time';
import {
  findClassLessons,
  findClosures,
  findCourse,
  findCourseEnrollments,
  findFeedback,
  findLeaveRequests,
  type ClassFilter,
  type ClassLessonRow,
} from './timetable.repository';

/**
 * The school's timetable as the console reads it (issue #22, decision 047): classes (the lesson
 * rows of one course at one start), today's classes with late starts, a course's enrolments,
 * parents' leave requests, feedback with its averages, and closures. Days are those of the
 * school's calendar (`SCHOOL_TIME_ZONE`). Changes go through `timetable-changes.service.ts`.
 */

type Ctx = Pick<AppContext, 'db' | 'clock' | 'config'>;

/** A teacher as lists name them. */
export interface TeacherName {
  teacherSn: string;
  name: BilingualText;
}

export interface TimetableChild {
  lessonId: number;
  lessonSn: string;
  studentSn: string;
  nickname: string;
  userSn: string;
  status: FamilyLessonStatus;
  attendance: 'attended' | 'absent' | null;
  entered: boolean;
  settled: boolean;
}

export interface TimetableClass {
  /** The row that names the class (the first one still running, if any). */
  lessonId: number;
  lessonSn: string;
  courseId: number;
  courseTitle: BilingualText;
  startsAt: Date;
  endsAt: Date;
  teacher: TeacherName | null;
  substituteFor: TeacherName | null;
  children: TimetableChild[];
  cancelled: boolean;
  cancelReason: string | null;
  /** The teacher's first entry into the class's room; null when not yet. */
  teacherEnteredAt: Date | null;
}

/** The classes list's default span: a week from today (or to the day asked). */
const DEFAULT_RANGE_DAYS = 7;

/** "YYYY-MM-DD" `days` days after `day` (months and years roll over). */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** The instant day "YYYY-MM-DD" (plus `offset` days) starts in `zone`. */
export function dayStartIn(day: string, zone: string, offset = 0): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return zonedTimeToUtc({ year, month, day: date + offset, hour: 0, minute: 0 }, zone);
}

/** A course's title, "Subject · Level", in both languages (zh falls back to en when empty). */
export function courseTitleOf(row: {
  subjectEn: string;
  subjectZh: string;
  levelEn: string;
  levelZh: string;
}): BilingualText {
  return {
    en: `${row.subjectEn} · ${row.levelEn}`,
    zh: `${row.subjectZh || row.subjectEn} · ${row.levelZh || row.levelEn}`,
  };
}

const nameOf = (en: string, zh: string): BilingualText => ({ en, zh: zh || en });

/**
 * A child's lesson as staff see it. Ended lessons count as attended by the teacher's or an
 * admin's mark when there is one, else by the child's entry into the room (decision 047).
 */
function childStatus(row: ClassLessonRow, now: Date): FamilyLessonStatus {
  if (row.cancelledAt) return 'cancelled';
  if (row.leaveAt) return 'on-leave';
  if (now < row.startsAt) return 'upcoming';
  if (now < row.endsAt) return 'in-progress';
  const attended = row.attendance ? row.attendance === 'attended' : row.enteredAt !== null;
  return attended ? 'done' : 'no-show';
}

/** Rows (ordered by start, course) grouped into classes. */
export function groupClasses(rows: ClassLessonRow[], now: Date): TimetableClass[] {
  const groups = new Map<string, ClassLessonRow[]>();
  for (const row of rows) {
    const key = `${row.courseId}:${row.startsAt.getTime()}`;
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return [...groups.values()].map((group) => {
    const lead =
      group.find((row) => !row.cancelledAt && !row.leaveAt) ??
      group.find((row) => !row.cancelledAt) ??
      group[0]!;
    const cancelled = group.every((row) => row.cancelledAt !== null);
    const entries = group
      .map((row) => row.teacherEnteredAt)
      .filter((at): at is Date => at !== null)
      .sort((a, b) => a.getTime() - b.getTime());
    return {
      lessonId: lead.id,
      lessonSn: lead.lessonSn,
      courseId: lead.courseId,
      courseTitle: courseTitleOf(lead),
      startsAt: lead.startsAt,
      endsAt: lead.endsAt,
      teacher: lead.teacherSn
        ? { teacherSn: lead.teacherSn, name: nameOf(lead.teacherNameEn!, lead.teacherNameZh!) }
        : null,
      substituteFor: lead.originalSn
        ? { teacherSn: lead.originalSn, name: nameOf(lead.originalNameEn!, lead.originalNameZh!) }
        : null,
      children: group.map((row) => ({
        lessonId: row.id,
        lessonSn: row.lessonSn,
        studentSn: row.studentSn,
        nickname: row.nickname,
        userSn: row.userSn,
        status: childStatus(row, now),
        attendance: row.attendance,
        entered: row.enteredAt !== null,
        settled: row.settledAt !== null,
      })),
      cancelled,
      cancelReason: cancelled ? lead.cancelReason : null,
      teacherEnteredAt: entries[0] ?? null,
    };
  });
}

/** The teacher named by `teacherSn`; 404 when there is none. */
export async function requireTeacher(ctx: Pick<AppContext, 'db'>, teacherSn: string) {
  const id = await findTeacherIdBySn(ctx, teacherSn);
  if (id === undefined) throw notFound('timetableTeacherNotFound');
  return { id, teacherSn };
}

/** The course `courseId`; 404 when there is none. */
export async function requireCourse(ctx: Pick<AppContext, 'db'>, courseId: number) {
  const course = await findCourse(ctx.db, courseId);
  if (!course) throw notFound('timetableCourseNotFound');
  return course;
}

/** Classes read by `filter` (lesson rows of matching classes, grouped). */
export async function readClasses(ctx: Ctx, filter: ClassFilter): Promise<TimetableClass[]> {
  return groupClasses(await findClassLessons(ctx.db, filter), ctx.clock.now());
}

/**
 * GET /api/ops/timetable/classes: classes starting on days `from`…`to` of the school's calendar
 * (default: today and the 6 days after), of one course and/or one teacher.
 */
export async function listClasses(ctx: Ctx, query: ClassListQuery): Promise<TimetableClass[]> {
  const zone = ctx.config.schoolTimeZone;
  const from =
    query.from ??
    (query.to ? addDays(query.to, 1 - DEFAULT_RANGE_DAYS) : dayInZone(zone, ctx.clock.now()));
  const to = query.to ?? addDays(from, DEFAULT_RANGE_DAYS - 1);
  const [teacher] = await Promise.all([
    query.teacherSn ? requireTeacher(ctx, query.teacherSn) : undefined,
    query.courseId === undefined ? undefined : requireCourse(ctx, query.courseId),
  ]);
  return readClasses(ctx, {
    from: dayStartIn(from, zone),
    to: dayStartIn(to, zone, 1),
    courseId: query.courseId,
    teacherId: teacher?.id,
  });
}

export interface TodayClass extends TimetableClass {
  /** No teacher in the room 3 minutes after the start (decision 047). */
  late: boolean;
}

/** A class with a teacher, not cancelled, whose teacher was not in 3 minutes after the start. */
export function isLateStart(
  lesson: Pick<TimetableClass, 'teacher' | 'cancelled' | 'startsAt' | 'teacherEnteredAt'>,
  now: Date,
): boolean {
  if (!lesson.teacher || lesson.cancelled) return false;
  const deadline = lesson.startsAt.getTime() + LATE_START_AFTER_MS;
  if (now.getTime() < deadline) return false;
  return !lesson.teacherEnteredAt || lesson.teacherEnteredAt.getTime() > deadline;
}

/** GET /api/ops/today: today's classes on the school's calendar, late starts flagged. */
export async function todayClasses(
  ctx: Ctx,
): Promise<{ date: string; timeZone: string; classes: TodayClass[] }> {
  const zone = ctx.config.schoolTimeZone;
  const now = ctx.clock.now();
  const date = dayInZone(zone, now);
  const classes = await readClasses(ctx, {
    from: dayStartIn(date, zone),
    to: dayStartIn(date, zone, 1),
  });
  return {
    date,
    timeZone: zone,
    classes: classes.map((lesson) => ({ ...lesson, late: isLateStart(lesson, now) })),
  };
}

export interface CourseEnrollment {
  enrollmentSn: string;
  studentSn: string;
  nickname: string;
  userSn: string;
  parentName: string;
  startsAt: Date;
  endedAt: Date | null;
  lessonsDone: number;
  lessonsTotal: number;
}

/** GET /api/ops/courses/:courseId/enrollments: running first; the capacity and its use. */
export async function courseEnrollments(
  ctx: Ctx,
  courseId: number,
): Promise<{
  enrollments: CourseEnrollment[];
  capacity: number;
  running: number;
  retired: boolean;
}> {
  const course = await requireCourse(ctx, courseId);
  const rows = await findCourseEnrollments(ctx.db, courseId, ctx.clock.now());
  return {
    enrollments: rows.map((row) => ({
      ...row,
      parentName: row.parentName ?? '',
      lessonsTotal: course.totalLessons,
    })),
    capacity: course.capacity,
    running: rows.filter((row) => row.endedAt === null).length,
    retired: course.retiredAt !== null,
  };
}

export interface LeaveRequestItem {
  lessonSn: string;
  startsAt: Date;
  courseTitle: BilingualText;
  studentSn: string;
  nickname: string;
  userSn: string;
  parentName: string;
  requestedAt: Date;
  creditsReturned: number;
}

/** The instants of a day range of the school's calendar (either end may be open). */
function schoolRange(ctx: Ctx, from?: string, to?: string): { from?: Date; to?: Date } {
  const zone = ctx.config.schoolTimeZone;
  return {
    from: from ? dayStartIn(from, zone) : undefined,
    to: to ? dayStartIn(to, zone, 1) : undefined,
  };
}

const pageOf = (query: { page: number; pageSize: number }) => ({
  offset: (query.page - 1) * query.pageSize,
  limit: query.pageSize,
});

/** GET /api/ops/leave-requests: parents' leave requests, newest first, paged. */
export async function leaveRequests(
  ctx: Ctx,
  query: LeaveRequestQuery,
): Promise<{ items: LeaveRequestItem[]; total: number }> {
  const { rows, total } = await findLeaveRequests(
    ctx.db,
    schoolRange(ctx, query.from, query.to),
    pageOf(query),
  );
  return {
    items: rows.map((row) => ({
      lessonSn: row.lessonSn,
      startsAt: row.startsAt,
      courseTitle: courseTitleOf(row),
      studentSn: row.studentSn,
      nickname: row.nickname,
      userSn: row.userSn,
      parentName: row.parentName ?? '',
      // The filter keeps rows with a leave only.
      requestedAt: row.requestedAt!,
      creditsReturned: row.creditsReturned,
    })),
    total,
  };
}

export interface FeedbackItem {
  lessonSn: string;
  startsAt: Date;
  courseTitle: BilingualText;
  teacherName: BilingualText | null;
  rating: number;
  comment: string;
  nickname: string;
  createdAt: Date;
}

export interface FeedbackSummary {
  average: number | null;
  count: number;
  byMonth: { month: string; average: number; count: number }[];
  items: FeedbackItem[];
  total: number;
}

/** Mean stars of `count` ratings summing `halves` half stars, to 2 decimals. */
export function averageStars(halves: number, count: number): number | null {
  if (count === 0) return null;
  return Math.round((halves / count / 2) * 100) / 100;
}

/**
 * GET /api/ops/feedback: parents' ratings (stored as half stars, `rating_halves`) of one
 * teacher's and/or one course's lessons started in the day range, with the mean overall and by
 * month of the school's calendar.
 */
export async function feedbackSummary(ctx: Ctx, query: FeedbackQuery): Promise<FeedbackSummary> {
  const [teacher] = await Promise.all([
    query.teacherSn ? requireTeacher(ctx, query.teacherSn) : undefined,
    query.courseId === undefined ? undefined : requireCourse(ctx, query.courseId),
  ]);
  const found = await findFeedback(
    ctx.db,
    { teacherId: teacher?.id, courseId: query.courseId, ...schoolRange(ctx, query.from, query.to) },
    ctx.config.schoolTimeZone,
    pageOf(query),
  );
  return {
    average: averageStars(found.halves, found.count),
    count: found.count,
    byMonth: found.months.map((month) => ({
      month: month.month,
      average: averageStars(month.halves, month.count)!,
      count: month.count,
    })),
    items: found.rows.map((row) => ({
      lessonSn: row.lessonSn,
      startsAt: row.startsAt,
      courseTitle: courseTitleOf(row),
      teacherName: row.teacherNameEn ? nameOf(row.teacherNameEn, row.teacherNameZh ?? '') : null,
      rating: row.ratingHalves / 2,
      comment: row.comment,
      nickname: row.nickname,
      createdAt: row.createdAt,
    })),
    total: found.count,
  };
}

export interface ClosureItem {
  closureSn: string;
  courseId: number | null;
  courseTitle: BilingualText | null;
  startsOn: string;
  endsOn: string;
  reasonEn: string;
  reasonZh: string;
  lessonsCancelled: number;
}

/** GET /api/ops/closures: every closure, latest first. */
export async function listClosures(ctx: Pick<AppContext, 'db'>): Promise<ClosureItem[]> {
  const rows = await findClosures(ctx.db);
  return rows.map((row) => ({
    closureSn: row.closureSn,
    courseId: row.courseId,
    courseTitle:
      row.subjectEn !== null && row.levelEn !== null
        ? courseTitleOf({
            subjectEn: row.subjectEn,
            subjectZh: row.subjectZh ?? '',
            levelEn: row.levelEn,
            levelZh: row.levelZh ?? '',
          })
        : null,
    startsOn: row.startsOn,
    endsOn: row.endsOn,
    reasonEn: row.reasonEn,
    reasonZh: row.reasonZh,
    lessonsCancelled: row.lessonsCancelled,
  }));
}
