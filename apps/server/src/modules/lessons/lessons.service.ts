import type { ClassType } from '@portal/shared/catalogue';
import {
  attendedOf,
  canRequestLeave,
  enterRefusal,
  feedbackRefusal,
  lessonStatus,
  LESSON_STATUS,
  type EnterRefusal,
  type LessonStatus,
} from '@portal/shared/lessons';
import {
  LESSON_CANCEL_REASONS,
  teacherPhotoUrl,
  type LessonCancelReason,
} from '@portal/shared/staff';
import type { AppContext } from '../../app-context';
import { AppError, badRequest, conflict, notFound } from '../../lib/app-error';
import { newPublicId } from '../../lib/ids';
import { localMonthBounds, type Viewpoint } from '../../lib/time';
import { findOwnChildId, requireOwnChildId } from '../children/children.service';
import {
  cancelLesson,
  lessonTiming,
  nextSlotStarts,
  recordEntry,
} from '../scheduling/scheduling.service';
import {
  enrollmentProgress,
  findEnrollmentViews,
  findLessonPage,
  findOwnComment,
  findOwnLessonView,
  insertComment,
  monthCounts,
  type LessonRange,
  type LessonScope,
  type LessonView,
} from './lessons.repository';

/**
 * The parent's side of lessons (spec §4): the lists, entering the room, leave, feedback and the
 * month counts. Everything here is the parent's own: another parent's ids find nothing. What
 * changes the timetable or moves credits is the scheduling engine's (docs/decisions/038).
 */
type Ctx = Pick<AppContext, 'db' | 'clock'>;

/** A title in both languages; the edge picks one (`zh` empty: English). */
export interface Titles {
  en: string;
  zh: string | null;
}

/** A lesson of the parent's lists, as of `now`. */
export interface LessonSummary {
  lessonSn: string;
  studentSn: string;
  nickname: string;
  avatarUrl: string;
  subject: Titles;
  subjectImg: string;
  level: Titles;
  /** The level topic the lesson covers; null when none. */
  topic: Titles | null;
  lessonNumber: number;
  totalLessons: number;
  startsAt: Date;
  endsAt: Date;
  durationMinutes: number;
  /** Credits the lesson holds (0 when a plan covers the child). */
  requiredCredit: number;
  status: LessonStatus;
  onLeave: boolean;
  /** The child entered the classroom (what the room saw). */
  entered: boolean;
  /**
   * The child attended: the teacher's or an admin's mark when set, else their entry into the
   * classroom (decision 047).
   */
  attended: boolean;
  /** Who teaches it (a substitute when one covers it); null for lessons without a teacher. */
  teacher: { name: Titles; photoUrl: string } | null;
  /** The teacher's note for the parent; null when none. */
  teacherNote: string | null;
  /** Why Enter is closed now; undefined when it is open. */
  enterRefusal: EnterRefusal | undefined;
  canLeave: boolean;
  /**
   * Why a listed lesson is cancelled (issue #19). Lessons are cancelled only by the school
   * (scheduling's cancelLesson) or with their child's deletion, and a deleted child's lessons
   * leave the lists; so a listed cancelled lesson was the school's decision, and its reserved
   * credits went back.
   */
  cancellation: {
    by: 'school';
    creditsReturned: number;
    /** Why (issue #22); null for cancellations made before reasons were kept. */
    reason: LessonCancelReason | null;
    /** A closure's own name ("Spring Festival"), when a closure cancelled it. */
    closure: Titles | null;
  } | null;
  /** The parent's feedback on it, if given. */
  commentSn: string | null;
}

/** Which lessons a list shows: one child's (`studentSn`) or every child's, and the page. */
export interface LessonListQuery {
  studentSn?: string | undefined;
  pageSize: number;
  page: number;
}

/** Resolves `studentSn` to one of the parent's children, or all of them when absent. */
async function scopeOf(ctx: Ctx, parentId: number, studentSn?: string): Promise<LessonScope> {
  if (!studentSn) return { parentId };
  return { parentId, studentId: await requireOwnChildId(ctx, parentId, studentSn) };
}

function toSummary(view: LessonView, now: Date): LessonSummary {
  const lesson = view.lesson;
  const timing = lessonTiming(lesson);
  return {
    lessonSn: lesson.lesson_sn,
    studentSn: view.student_sn,
    nickname: view.nickname,
    avatarUrl: view.avatar,
    subject: { en: view.subject_en, zh: view.subject_zh },
    subjectImg: view.subject_img,
    level: { en: view.level_en, zh: view.level_zh },
    topic: view.topic_en ? { en: view.topic_en, zh: view.topic_zh } : null,
    lessonNumber: lesson.lesson_number,
    totalLessons: view.total_lessons,
    startsAt: lesson.starts_at,
    endsAt: lesson.ends_at,
    durationMinutes: Math.round((lesson.ends_at.getTime() - lesson.starts_at.getTime()) / 60_000),
    requiredCredit: lesson.required_credit,
    status: lessonStatus(timing, now.getTime()),
    onLeave: lesson.leave_at !== null,
    entered: lesson.entered_at !== null,
    attended: attendedOf({ attendance: lesson.attendance, entered: lesson.entered_at !== null }),
    teacher:
      view.teacher_en === null
        ? null
        : {
            name: { en: view.teacher_en, zh: view.teacher_zh },
            photoUrl: teacherPhotoUrl(view.teacher_photo ?? ''),
          },
    teacherNote: lesson.teacher_note || null,
    enterRefusal: enterRefusal(timing, now.getTime()),
    canLeave: canRequestLeave(timing, now.getTime()),
    cancellation: lesson.cancelled_at
      ? {
          by: 'school',
          creditsReturned: lesson.required_credit,
          reason: LESSON_CANCEL_REASONS.find((reason) => reason === lesson.cancel_reason) ?? null,
          closure: view.closure_en === null ? null : { en: view.closure_en, zh: view.closure_zh },
        }
      : null,
    commentSn: view.comment_sn,
  };
}

async function listPage(ctx: Ctx, parentId: number, query: LessonListQuery, range: LessonRange) {
  const scope = await scopeOf(ctx, parentId, query.studentSn);
  const now = ctx.clock.now();
  const { views, total } = await findLessonPage(ctx.db, scope, range, now, {
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  return { lessons: views.map((view) => toSummary(view, now)), total };
}

/** Upcoming lessons (not yet ended), soonest first, paged; `onAir` when one is running now. */
export async function findUpcomingLessons(
  ctx: Ctx,
  parentId: number,
  query: LessonListQuery,
): Promise<{ lessons: LessonSummary[]; total: number; onAir: boolean }> {
  const page = await listPage(ctx, parentId, query, 'upcoming');
  return {
    ...page,
    onAir: page.lessons.some((lesson) => lesson.status === LESSON_STATUS.onAir),
  };
}

/** Ended lessons the child could attend (not cancelled, not on leave), latest first, paged. */
export function findCompletedLessons(
  ctx: Ctx,
  parentId: number,
  query: LessonListQuery,
): Promise<{ lessons: LessonSummary[]; total: number }> {
  return listPage(ctx, parentId, query, 'completed');
}

/** Spec §4 enrolled-course status: 0 not started, 1 in progress, 2 completed, 3 cancelled. */
export type CourseStatus = 0 | 1 | 2 | 3;

function courseStatus(cancelled: boolean, done: number, total: number, started: boolean) {
  if (cancelled) return 3;
  if (done >= total) return 2;
  return started ? 1 : 0;
}

/** A child's enrolled course with its next lesson and its weekly timetable. */
export interface EnrolledCourseSummary {
  enrollmentSn: string;
  studentSn: string;
  nickname: string;
  avatarUrl: string;
  subject: Titles;
  subjectImg: string;
  level: Titles;
  classType: ClassType;
  /** The next lesson not yet ended (not cancelled, not on leave); null when none. */
  nextLesson: { startsAt: Date; endsAt: Date } | null;
  /** The next start of each weekly slot, in slot order. */
  weeklyStarts: Date[];
  status: CourseStatus;
  completedLessons: number;
  totalLessons: number;
}

/** The children's enrolled courses (one child's with `studentSn`). */
export async function findEnrolledCourses(
  ctx: Ctx,
  parentId: number,
  query: { studentSn?: string | undefined },
): Promise<EnrolledCourseSummary[]> {
  const scope = await scopeOf(ctx, parentId, query.studentSn);
  const now = ctx.clock.now();
  const views = await findEnrollmentViews(ctx.db, scope);
  const progress = await enrollmentProgress(
    ctx.db,
    views.map((view) => view.enrollment.id),
    now,
  );
  return Promise.all(
    views.map(async (view) => {
      const { done, next } = progress.get(view.enrollment.id) ?? { done: 0 };
      return {
        enrollmentSn: view.enrollment.enrollment_sn,
        studentSn: view.student_sn,
        nickname: view.nickname,
        avatarUrl: view.avatar,
        subject: { en: view.subject_en, zh: view.subject_zh },
        subjectImg: view.subject_img,
        level: { en: view.level_en, zh: view.level_zh },
        classType: view.course.class_type,
        nextLesson: next ? { startsAt: next.starts_at, endsAt: next.ends_at } : null,
        weeklyStarts: await nextSlotStarts(
          ctx,
          // A series moved by the school follows the enrolment's own slots.
          { id: view.course.id, timeZone: view.course.time_zone, enrollmentId: view.enrollment.id },
          now,
        ),
        status: courseStatus(
          view.enrollment.cancelled_at !== null,
          done,
          view.course.total_lessons,
          done > 0 || view.enrollment.starts_at <= now,
        ),
        completedLessons: done,
        totalLessons: view.course.total_lessons,
      };
    }),
  );
}

/** One lesson of one of the parent's children, named the way the parent's calls name it. */
export interface LessonRef {
  lessonSn: string;
  studentSn: string;
}

async function requireOwnLesson(ctx: Ctx, parentId: number, ref: LessonRef) {
  const view = await findOwnLessonView(ctx.db, parentId, ref.lessonSn, ref.studentSn);
  if (!view) throw notFound('lessonNotFound');
  return view;
}

/** Whether the child may enter now, and why not (spec §8): the refusal, or `canEnterNow`. */
export async function judgeLesson(
  ctx: Ctx,
  parentId: number,
  ref: LessonRef,
): Promise<{ canEnter: boolean; reason: EnterRefusal | 'canEnterNow' }> {
  const view = await requireOwnLesson(ctx, parentId, ref);
  const refusal = enterRefusal(lessonTiming(view.lesson), ctx.clock.now().getTime());
  return { canEnter: !refusal, reason: refusal ?? 'canEnterNow' };
}

/**
 * The classroom's join address, only inside the window of spec §4; the first entry marks the
 * child present (docs/product.md → Lessons and credits: no entry by the end is a no-show).
 */
export async function enterRoom(
  ctx: Pick<AppContext, 'db' | 'clock' | 'providers'>,
  parentId: number,
  ref: LessonRef,
): Promise<string> {
  const view = await requireOwnLesson(ctx, parentId, ref);
  const now = ctx.clock.now();
  const refusal = enterRefusal(lessonTiming(view.lesson), now.getTime());
  if (refusal) throw new AppError('BAD_REQUEST', refusal);
  if (!view.lesson.entered_at) await recordEntry(ctx, view.lesson.id, now);
  return ctx.providers.classroom.joinUrl({
    roomKey: view.lesson.room_key,
    displayName: view.nickname,
  });
}

/**
 * Leave for one lesson of the parent's own child: the scheduling engine's one call-off rule
 * (more than 3 h before start, spec §4; credits back at once).
 */
export async function requestLeave(ctx: Ctx, parentId: number, ref: LessonRef): Promise<void> {
  const view = await requireOwnLesson(ctx, parentId, ref);
  await cancelLesson(ctx, view.lesson.id, ctx.clock.now(), 'parent');
}

/** Feedback once per completed lesson of the parent's own child; `rating` 1–5 in half steps. */
export async function setComment(
  ctx: Ctx,
  parentId: number,
  input: LessonRef & { rating: number; comment: string },
): Promise<void> {
  const view = await requireOwnLesson(ctx, parentId, input);
  const lesson = view.lesson;
  const refusal = feedbackRefusal(
    {
      ...lessonTiming(lesson),
      attended: attendedOf({ attendance: lesson.attendance, entered: lesson.entered_at !== null }),
    },
    ctx.clock.now().getTime(),
  );
  if (refusal) throw badRequest(refusal);
  const inserted = await insertComment(ctx.db, {
    comment_sn: newPublicId('C'),
    lesson_id: lesson.id,
    parent_id: parentId,
    rating_halves: Math.round(input.rating * 2),
    comment: input.comment,
  });
  if (!inserted) throw conflict('feedbackAlreadyGiven');
}

/** The parent's own feedback only. */
export async function getComment(
  ctx: Ctx,
  parentId: number,
  commentSn: string,
): Promise<{ commentSn: string; rating: number; comment: string }> {
  const row = await findOwnComment(ctx.db, parentId, commentSn);
  if (!row) throw notFound('commentNotFound');
  return { commentSn: row.comment_sn, rating: row.rating_halves / 2, comment: row.comment };
}

/** A child's lessons of one month: completed (attended), still to come, and no-shows. */
export interface MonthCounts {
  complete: number;
  pending: number;
  noShow: number;
}

/**
 * This calendar month's counts of a child (spec §3 student_info), the month being the parent's
 * own (as `seen`, decision 035). Another parent's child counts nothing.
 */
export async function monthCountsOf(
  ctx: Ctx,
  parentId: number,
  studentSn: string,
  seen: Viewpoint,
): Promise<MonthCounts> {
  const studentId = await findOwnChildId(ctx, parentId, studentSn);
  if (studentId === undefined) return { complete: 0, pending: 0, noShow: 0 };
  const now = ctx.clock.now();
  const { from, to } = localMonthBounds(undefined, now, seen);
  return monthCounts(ctx.db, studentId, from, to, now);
}
