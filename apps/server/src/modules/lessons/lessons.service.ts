import { randomBytes } from 'node:crypto';
import { CLASS_TYPE_LABELS } from '@portal/shared/catalogue';
import { translate, type Language } from '@portal/shared/i18n';
import {
  canRequestLeave,
  enterRefusal,
  feedbackRefusal,
  leaveRefusal,
  lessonStatus,
  type CompletedLesson,
  type EnrolledCourse,
  type LessonRef,
  type ScheduledLesson,
  type SetCommentBody,
} from '@portal/shared/lessons';
import type { AppContext } from '../../app-context';
import type { Transaction } from '../../db/client';
import { AppError, badRequest, conflict, notFound } from '../../lib/app-error';
import { newPublicId } from '../../lib/ids';
import { localMonthBounds, nextWeeklyOccurrence, seenFrom, type Viewpoint } from '../../lib/time';
import { parentViewpoint } from '../auth/viewpoint.service';
import { findOwnChildId, requireOwnChildId } from '../children/children.service';
import { getMembershipAt } from '../membership/membership.service';
import {
  consumeLessonCredits,
  releaseLessonCredits,
  reserveLessonCredits,
} from '../credits/ledger.service';
import {
  countLessons,
  enrollmentProgress,
  findActiveEnrollments,
  findCourseSlots,
  findEnrollmentViews,
  findLessonViews,
  findLevelTopics,
  findOwnComment,
  findOwnLessonView,
  findStudentIdsInOrder,
  findSubjectTitles,
  findSubjectTitlesOfCourse,
  findOpenLessonsOfStudent,
  cancelEnrollmentsOfStudent,
  insertEnrollment,
  insertComment,
  insertLesson,
  lastLessonOf,
  lockLesson,
  lockUnsettledEnded,
  monthCounts,
  updateLesson,
  type LessonRange,
  type LessonRow,
  type LessonScope,
  type LessonView,
} from './lessons.repository';

type Ctx = Pick<AppContext, 'db' | 'clock'>;
type Titled = { en: string; zh: string };
const pick = (language: Language, en: string, zh: string | null | undefined) =>
  language === 'zh_CN' ? zh || en : en;

const timing = (lesson: LessonRow) => ({
  startMs: lesson.starts_at.getTime(),
  endMs: lesson.ends_at.getTime(),
  cancelled: lesson.cancelled_at !== null,
  onLeave: lesson.leave_at !== null,
});

/**
 * Day-heading formatters, one per language. Building an Intl.DateTimeFormat costs far more than
 * formatting with it, and lists format one heading per lesson (issue #8: docs/performance.md).
 */
const dayTitleFormats = new Map<Language, Intl.DateTimeFormat>();

/** The group heading of a day in the parent's offset, e.g. "Tuesday, November 24". */
function dayTitle(instant: Date, view: Viewpoint, language: Language): string {
  let format = dayTitleFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language === 'zh_CN' ? 'zh-CN' : 'en-US', {
      timeZone: 'UTC',
      weekday: 'long',
      month: 'long',
      day: 'numeric',
    });
    dayTitleFormats.set(language, format);
  }
  return format.format(new Date(instant.getTime() + view(instant) * 60_000));
}


/** Resolves `student_sn` to one of the parent's children, or all of them when absent. */
async function scopeOf(ctx: Ctx, parentId: number, studentSn?: string): Promise<LessonScope> {
  if (!studentSn) return { parentId };
  return { parentId, studentId: await requireOwnChildId(ctx, parentId, studentSn) };
}

function toScheduled(
  view: LessonView,
  now: Date,
  seen: Viewpoint,
  language: Language,
): ScheduledLesson {
  const lesson = view.lesson;
  const start = seenFrom(lesson.starts_at, seen);
  const refusal = enterRefusal(timing(lesson), now.getTime());
  return {
    lesson_sn: lesson.lesson_sn,
    student_sn: view.student_sn,
    subject_title: pick(language, view.subject_en, view.subject_zh),
    subject_img: view.subject_img,
    level_title: pick(language, view.level_en, view.level_zh),
    lesson_topic: view.topic_en ? pick(language, view.topic_en, view.topic_zh) : '',
    start_date: start.date,
    start_time: start.time,
    end_time: seenFrom(lesson.ends_at, seen).time,
    start_at: lesson.starts_at.toISOString(),
    end_at: lesson.ends_at.toISOString(),
    duration: Math.round((lesson.ends_at.getTime() - lesson.starts_at.getTime()) / 60_000),
    status: lessonStatus(timing(lesson), now.getTime()),
    attends_status: lesson.leave_at ? 1 : 0,
    is_attends: lesson.entered_at ? 1 : 0,
    nickname: view.nickname,
    student_avatar: view.avatar,
    title: dayTitle(lesson.starts_at, seen, language),
    start_lessons: lesson.lesson_number,
    total_lessons: view.total_lessons,
    required_credit: lesson.required_credit,
    message: refusal ? translate(language, refusal) : '',
    can_leave: canRequestLeave(timing(lesson), now.getTime()),
    cancel_reason: cancelReason(lesson, language),
  };
}

/**
 * Why a lesson is cancelled, for the parent (issue #19). Lessons are cancelled only by the
 * school (cancelLesson) or with their child's deletion, and a deleted child's lessons leave the
 * lists; so a listed cancelled lesson was the school's decision, and its credits went back.
 */
function cancelReason(lesson: LessonRow, language: Language): string {
  if (!lesson.cancelled_at) return '';
  return lesson.required_credit > 0
    ? translate(language, 'cancelledBySchool', { credits: lesson.required_credit })
    : translate(language, 'cancelledBySchoolCovered');
}

function toCompleted(view: LessonView, seen: Viewpoint, language: Language): CompletedLesson {
  const lesson = view.lesson;
  const start = seenFrom(lesson.starts_at, seen);
  return {
    lesson_sn: lesson.lesson_sn,
    student_sn: view.student_sn,
    subject_title: pick(language, view.subject_en, view.subject_zh),
    subject_img: view.subject_img,
    start_lessons: lesson.lesson_number,
    total_lessons: view.total_lessons,
    level_title: pick(language, view.level_en, view.level_zh),
    start_date: start.date,
    start_time: start.time,
    duration: Math.round((lesson.ends_at.getTime() - lesson.starts_at.getTime()) / 60_000),
    lesson_topic: view.topic_en ? pick(language, view.topic_en, view.topic_zh) : '',
    nickname: view.nickname,
    student_avatar: view.avatar,
    comments_status: view.comment_sn ? 1 : 0,
    comments_id: view.comment_sn ?? '',
    is_attends: lesson.entered_at ? 1 : 0,
  };
}

/** Groups consecutive items under their day heading (the lists are already in time order). */
function groupByTitle<T>(items: T[], titleOf: (item: T) => string) {
  const groups: { title: string; data: T[] }[] = [];
  for (const item of items) {
    const title = titleOf(item);
    const last = groups.at(-1);
    if (last?.title === title) last.data.push(item);
    else groups.push({ title, data: [item] });
  }
  return groups;
}

export interface ListQuery {
  student_sn?: string | undefined;
  /** Absent: the parent's stored zone (decision 035). */
  time_diff?: number | undefined;
  pagesize: number;
  page: number;
}

async function listPage(
  ctx: Ctx,
  parentId: number,
  query: ListQuery,
  range: LessonRange,
): Promise<{ views: LessonView[]; total: number; now: Date }> {
  const scope = await scopeOf(ctx, parentId, query.student_sn);
  const now = ctx.clock.now();
  const [views, total] = await Promise.all([
    findLessonViews(ctx.db, scope, range, now, {
      limit: query.pagesize,
      offset: (query.page - 1) * query.pagesize,
    }),
    countLessons(ctx.db, scope, range, now),
  ]);
  return { views, total, now };
}

/** `userSchedukeForStudent`: upcoming lessons (not yet ended), soonest first, paged. */
export async function findUpcomingLessons(
  ctx: Ctx,
  parentId: number,
  query: ListQuery,
  language: Language,
) {
  const { views, total, now } = await listPage(ctx, parentId, query, 'upcoming');
  const seen = await parentViewpoint(ctx, parentId, query.time_diff);
  const data = views.map((view) => toScheduled(view, now, seen, language));
  return { data, total, now_status: data.some((lesson) => lesson.status === 1) ? 1 : 0 };
}

/** `userSchedukeForStudentSeven`: the same page grouped under day headings. */
export async function findUpcomingLessonGroups(
  ctx: Ctx,
  parentId: number,
  query: ListQuery,
  language: Language,
) {
  const page = await findUpcomingLessons(ctx, parentId, query, language);
  return { ...page, data: groupByTitle(page.data, (lesson) => lesson.title) };
}

/** `getCompletedLessonPC(Seven)`: ended lessons the child could attend, latest first. */
export async function findCompletedLessons(
  ctx: Ctx,
  parentId: number,
  query: ListQuery,
  language: Language,
) {
  const { views, total } = await listPage(ctx, parentId, query, 'completed');
  const seen = await parentViewpoint(ctx, parentId, query.time_diff);
  const data = views.map((view) => ({
    title: dayTitle(view.lesson.starts_at, seen, language),
    lesson: toCompleted(view, seen, language),
  }));
  return {
    list: data.map((item) => item.lesson),
    groups: groupByTitle(data, (item) => item.title).map((group) => ({
      title: group.title,
      data: group.data.map((item) => item.lesson),
    })),
    total,
  };
}

/** Spec §4 enrolled-course status from its lessons. */
function courseStatus(cancelled: boolean, done: number, total: number, started: boolean) {
  if (cancelled) return 3;
  if (done >= total) return 2;
  return started ? 1 : 0;
}

/** `myCourse`: the children's enrolled courses with the next lesson and the weekly lines. */
export async function findEnrolledCourses(
  ctx: Ctx,
  parentId: number,
  query: { student_sn?: string | undefined; time_diff?: number | undefined },
  language: Language,
): Promise<EnrolledCourse[]> {
  const scope = await scopeOf(ctx, parentId, query.student_sn);
  const seen = await parentViewpoint(ctx, parentId, query.time_diff);
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
      // Weekly lines in the parent's offset: the next instant of each slot, seen from there.
      const slots = await findCourseSlots(ctx.db, view.course.id);
      const settingFormat = slots
        .map((slot) =>
          seenFrom(
            nextWeeklyOccurrence(now, slot.weekday, slot.start_time, view.course.time_zone),
            seen,
          ),
        )
        .map((local) => ({ weekday: local.weekday, start_at: local.time }))
        .sort((a, b) => a.weekday - b.weekday || a.start_at.localeCompare(b.start_at));
      const nextStart = next ? seenFrom(next.starts_at, seen) : undefined;
      return {
        course_sn: view.enrollment.enrollment_sn,
        student_sn: view.student_sn,
        subjects_title: pick(language, view.subject_en, view.subject_zh),
        subject_img: view.subject_img,
        level_title: pick(language, view.level_en, view.level_zh),
        meet: CLASS_TYPE_LABELS[view.course.class_type][language],
        next_at: next ? next.starts_at.toISOString() : '',
        next_start_time: nextStart?.time ?? '',
        next_end_time: next ? seenFrom(next.ends_at, seen).time : '',
        next_start_date: nextStart?.date ?? '',
        settingFormat,
        student_avatar: view.avatar,
        nickname: view.nickname,
        status: courseStatus(
          view.enrollment.cancelled_at !== null,
          done,
          view.course.total_lessons,
          done > 0 || view.enrollment.starts_at <= now,
        ),
        completed_lessons: done,
        total_lessons: view.course.total_lessons,
      };
    }),
  );
}

async function requireOwnLesson(ctx: Ctx, parentId: number, ref: LessonRef) {
  const view = await findOwnLessonView(ctx.db, parentId, ref.lesson_sn, ref.student_sn);
  if (!view) throw notFound('lessonNotFound');
  return view;
}

/** `judeLessonStatus`: whether the child may enter now, and why not (spec §8). */
export async function judgeLesson(
  ctx: Ctx,
  parentId: number,
  ref: LessonRef,
  language: Language,
): Promise<{ is_class: boolean; message: string }> {
  const view = await requireOwnLesson(ctx, parentId, ref);
  const refusal = enterRefusal(timing(view.lesson), ctx.clock.now().getTime());
  return { is_class: !refusal, message: translate(language, refusal ?? 'canEnterNow') };
}

/**
 * `enterRoom`: the classroom's join address, only inside the window of spec §4; the first
 * entry marks the child present (decisions.md: no entry by the end is a no-show).
 */
export async function enterRoom(
  ctx: Pick<AppContext, 'db' | 'clock' | 'providers'>,
  parentId: number,
  ref: LessonRef,
): Promise<string> {
  const view = await requireOwnLesson(ctx, parentId, ref);
  const now = ctx.clock.now();
  const refusal = enterRefusal(timing(view.lesson), now.getTime());
  if (refusal) throw new AppError('BAD_REQUEST', refusal);
  if (!view.lesson.entered_at) {
    await ctx.db.transaction(async (tx) => {
      const locked = await lockLesson(tx, view.lesson.id);
      if (locked && !locked.entered_at)
        await updateLesson(tx, locked.id, { entered_at: now, updated_at: now });
    });
  }
  return ctx.providers.classroom.joinUrl({
    roomKey: view.lesson.room_key,
    displayName: view.nickname,
  });
}

const labelOf = (subject: Titled, lessonNumber: number): Titled => ({
  en: `${subject.en} · lesson ${lessonNumber}`,
  zh: `${subject.zh} 第 ${lessonNumber} 课`,
});

/**
 * `edu/lesson-attends`: leave for one lesson, more than 3 h before start (spec §4). The lesson
 * row is locked, so of two parallel requests one succeeds and the other is told it is done.
 */
export async function requestLeave(ctx: Ctx, parentId: number, ref: LessonRef) {
  const view = await requireOwnLesson(ctx, parentId, ref);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const lesson = await lockLesson(tx, view.lesson.id);
    if (!lesson) throw notFound('lessonNotFound');
    const refusal = leaveRefusal(timing(lesson), now.getTime());
    if (refusal === 'leaveAlreadyRequested') throw conflict(refusal);
    if (refusal) throw badRequest(refusal);
    await updateLesson(tx, lesson.id, { leave_at: now, settled_at: now, updated_at: now });
    await releaseLessonCredits(tx, {
      parentId,
      lessonId: lesson.id,
      credits: lesson.required_credit,
      label: labelOf({ en: view.subject_en, zh: view.subject_zh }, lesson.lesson_number),
    });
  });
  return { lesson_sn: ref.lesson_sn, student_sn: ref.student_sn, status: 1 };
}

/** `setComment`: feedback once per completed lesson of the parent's own child. */
export async function setComment(ctx: Ctx, parentId: number, body: SetCommentBody) {
  const view = await requireOwnLesson(ctx, parentId, body);
  const lesson = view.lesson;
  const refusal = feedbackRefusal(
    { ...timing(lesson), attended: lesson.entered_at !== null },
    ctx.clock.now().getTime(),
  );
  if (refusal) throw badRequest(refusal);
  const inserted = await insertComment(ctx.db, {
    comment_sn: newPublicId('C'),
    lesson_id: lesson.id,
    parent_id: parentId,
    rating_halves: Math.round(body.rating * 2),
    comment: body.comment,
  });
  if (!inserted) throw conflict('feedbackAlreadyGiven');
}

/** `getComment`: the parent's own feedback only. */
export async function getComment(ctx: Ctx, parentId: number, commentSn: string) {
  const row = await findOwnComment(ctx.db, parentId, commentSn);
  if (!row) throw notFound('commentNotFound');
  return { comment_id: row.comment_sn, rating: row.rating_halves / 2, comment: row.comment };
}

/**
 * This calendar month's counts of a child (spec §3 student_info), the month being the parent's
 * own (as `seen`, decision 035).
 */
export async function monthCountsOf(
  ctx: Ctx,
  parentId: number,
  studentSn: string,
  seen: Viewpoint,
) {
  const studentId = await findOwnChildId(ctx, parentId, studentSn);
  if (studentId === undefined) return { month_complete: 0, month_pending: 0, month_no_show: 0 };
  const now = ctx.clock.now();
  const { from, to } = localMonthBounds(undefined, now, seen);
  const counts = await monthCounts(ctx.db, studentId, from, to, now);
  return {
    month_complete: counts.complete,
    month_pending: counts.pending,
    month_no_show: counts.noShow,
  };
}

/** Whether an active plan covers this child at `at` (the plan's first `kids` children). */
async function coveredByPlan(tx: Transaction, parentId: number, studentId: number, at: Date) {
  const plan = (await getMembershipAt(tx, parentId, at)).plan;
  if (!plan) return false;
  const order = await findStudentIdsInOrder(tx, parentId);
  const position = order.indexOf(studentId);
  return position >= 0 && position < plan.kids;
}

/**
 * Creates the coming weeks' lessons of running enrollments (`weeksAhead`), reserving each
 * lesson's credits as it is scheduled. A lesson the balance cannot cover is not scheduled
 * yet; a later run schedules it once credits arrive. Safe on several instances: each lesson
 * is unique by (enrollment, number) and reserved under the parent's ledger lock.
 */
export async function generateLessons(
  ctx: Pick<AppContext, 'db'>,
  now: Date,
  weeksAhead: number,
  enrollmentIds?: number[],
): Promise<number> {
  const horizon = new Date(now.getTime() + weeksAhead * 7 * 24 * 3600_000);
  let created = 0;
  for (const { enrollment, course } of await findActiveEnrollments(ctx.db, enrollmentIds)) {
    const slots = await findCourseSlots(ctx.db, course.id);
    if (slots.length === 0) continue;
    const topics = await findLevelTopics(ctx.db, course.level_id);
    const subject = await findSubjectTitles(ctx.db, course.subject_id);
    let last = await lastLessonOf(ctx.db, enrollment.id);
    let from = last.startsAt ? new Date(last.startsAt.getTime() + 60_000) : enrollment.starts_at;
    while (last.number < course.total_lessons) {
      const startsAt = slots
        .map((slot) => nextWeeklyOccurrence(from, slot.weekday, slot.start_time, course.time_zone))
        .reduce((a, b) => (a <= b ? a : b));
      if (startsAt > horizon) break;
      const number = last.number + 1;
      const scheduled = await ctx.db
        .transaction(async (tx) => {
          const covered = await coveredByPlan(
            tx,
            enrollment.parent_id,
            enrollment.student_id,
            startsAt,
          );
          const lesson = await insertLesson(tx, {
            lesson_sn: newPublicId('L'),
            enrollment_id: enrollment.id,
            parent_id: enrollment.parent_id,
            student_id: enrollment.student_id,
            course_id: course.id,
            topic_id: topics.length ? topics[(number - 1) % topics.length]!.id : null,
            lesson_number: number,
            starts_at: startsAt,
            ends_at: new Date(startsAt.getTime() + course.duration_minutes * 60_000),
            required_credit: covered ? 0 : course.required_credit,
            room_key: randomBytes(16).toString('hex'),
          });
          if (!lesson) return true; // another instance scheduled it
          const reserved = await reserveLessonCredits(tx, {
            parentId: enrollment.parent_id,
            lessonId: lesson.id,
            credits: lesson.required_credit,
            label: labelOf(subject, number),
          });
          // Roll the insert back: the lesson waits until the balance covers it.
          if (!reserved) throw new NotEnoughCredits();
          created += 1;
          return true;
        })
        .catch((error: unknown) => {
          if (error instanceof NotEnoughCredits) return false;
          throw error;
        });
      if (!scheduled) break;
      last = { number, startsAt };
      from = new Date(startsAt.getTime() + 60_000);
    }
  }
  return created;
}

class NotEnoughCredits extends Error {}

/**
 * Settles ended lessons (decisions.md): their reserved credits are consumed, attended or not.
 * Rows are claimed with SKIP LOCKED and each move is idempotent, so two instances running the
 * job at once settle every lesson exactly once. Answers how many were settled.
 */
export async function settleEndedLessons(ctx: Pick<AppContext, 'db'>, now: Date): Promise<number> {
  let settled = 0;
  for (;;) {
    const batch = await ctx.db.transaction(async (tx) => {
      const rows = await lockUnsettledEnded(tx, now, 50);
      for (const lesson of rows) {
        if (!lesson.cancelled_at && !lesson.leave_at) {
          const subject = await findSubjectTitlesOfCourse(tx, lesson.course_id);
          await consumeLessonCredits(tx, {
            parentId: lesson.parent_id,
            lessonId: lesson.id,
            credits: lesson.required_credit,
            label: labelOf(subject, lesson.lesson_number),
          });
        }
        await updateLesson(tx, lesson.id, { settled_at: now, updated_at: now });
      }
      return rows.length;
    });
    settled += batch;
    if (batch < 50) return settled;
  }
}

/**
 * Cancels a lesson (the school's decision, e.g. the teacher is ill): it shows as cancelled and
 * its reserved credits go back at once.
 */
export async function cancelLesson(ctx: Pick<AppContext, 'db'>, lessonId: number, now: Date) {
  await ctx.db.transaction(async (tx) => {
    const lesson = await lockLesson(tx, lessonId);
    if (!lesson || lesson.cancelled_at || lesson.settled_at) return;
    await updateLesson(tx, lesson.id, { cancelled_at: now, settled_at: now, updated_at: now });
    const subject = await findSubjectTitlesOfCourse(tx, lesson.course_id);
    await releaseLessonCredits(tx, {
      parentId: lesson.parent_id,
      lessonId: lesson.id,
      credits: lesson.required_credit,
      label: labelOf(subject, lesson.lesson_number),
    });
  });
}

/**
 * Enrolls a child in a course from `startsAt` and schedules the coming weeks at once. Used by
 * the school's tools and the demo data; parents enrol through their adviser (spec §2).
 */
export async function enrollChild(
  ctx: Pick<AppContext, 'db'>,
  input: { parentId: number; studentId: number; courseId: number; startsAt: Date },
  now: Date,
  weeksAhead: number,
) {
  const enrollment = await insertEnrollment(ctx.db, {
    enrollment_sn: newPublicId('E'),
    parent_id: input.parentId,
    student_id: input.studentId,
    course_id: input.courseId,
    starts_at: input.startsAt,
  });
  await generateLessons(ctx, now, weeksAhead, [enrollment.id]);
  return enrollment;
}

/** What deleting a child would cancel now: its lessons not yet started and their credits. */
export async function deletionImpactOfChild(
  ctx: Pick<AppContext, 'db'>,
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
export async function cancelLessonsOfChild(
  ctx: Pick<AppContext, 'db'>,
  studentId: number,
  now: Date,
) {
  await cancelEnrollmentsOfStudent(ctx.db, studentId, now);
  for (const lesson of await findOpenLessonsOfStudent(ctx.db, studentId, now))
    await cancelLesson(ctx, lesson.id, now);
}
