import { CLASS_TYPE_LABELS } from '@portal/shared/catalogue';
import { type Language, type MessageKey } from '@portal/shared/i18n';
import type { LessonCancelReason } from '@portal/shared/staff';
import { translate } from '../../lib/catalogue';
import type { CompletedLesson, EnrolledCourse, ScheduledLesson } from '@portal/shared/lessons';
import { seenFrom, type Viewpoint } from '../../lib/time';
import type { EnrolledCourseSummary, LessonSummary } from '../../modules/lessons/lessons.service';
import { pick } from '../localize';

/**
 * Lessons as the spec's wire shows them (§3 Scheduled lesson, Completed lesson, Enrolled
 * course): times seen from the parent's viewpoint (decision 035), texts in the request's
 * language, flags as the 0/1 numbers the clients read.
 */

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

/** The reasons the parent is told, before what happened to the credits (issue #22). */
const REASON_KEYS: Partial<Record<LessonCancelReason, MessageKey>> = {
  'teacher-ill': 'cancelledTeacherIll',
  'public-holiday': 'cancelledPublicHoliday',
  'school-decision': 'cancelledSchoolDecision',
  'family-request': 'cancelledFamilyRequest',
  closure: 'cancelledClosure',
  'teacher-absent': 'cancelledTeacherAbsent',
  'enrollment-ended': 'cancelledEnrollmentEnded',
};

/**
 * Why a lesson is cancelled, for the parent (issues #19 and #22): the school's reason when it
 * kept one (a closure by its own name), then what happened to the credits; empty unless
 * cancelled.
 */
function cancelReason(lesson: LessonSummary, language: Language): string {
  const cancellation = lesson.cancellation;
  if (!cancellation) return '';
  const credits = cancellation.creditsReturned;
  const outcome =
    credits > 0
      ? translate(language, 'cancelledBySchool', { credits })
      : translate(language, 'cancelledBySchoolCovered');
  const key = cancellation.reason ? REASON_KEYS[cancellation.reason] : undefined;
  if (!key) return outcome;
  const closure = cancellation.closure ? pick(language, cancellation.closure) : '';
  // A closure without a name says the plain "school decision".
  const why =
    key === 'cancelledClosure' && !closure
      ? translate(language, 'cancelledSchoolDecision')
      : translate(language, key, { reason: closure });
  return `${why}${language === 'zh_CN' ? '' : ' '}${outcome}`;
}

/** The teacher's name and photo ('' when the lesson has none: made before teachers, #22). */
function teacherWire(lesson: LessonSummary, language: Language) {
  return {
    teacher_name: lesson.teacher ? pick(language, lesson.teacher.name) : '',
    teacher_photo: lesson.teacher?.photoUrl ?? '',
  };
}

export function scheduledWire(
  lesson: LessonSummary,
  seen: Viewpoint,
  language: Language,
): ScheduledLesson {
  const start = seenFrom(lesson.startsAt, seen);
  return {
    lesson_sn: lesson.lessonSn,
    student_sn: lesson.studentSn,
    subject_title: pick(language, lesson.subject),
    subject_img: lesson.subjectImg,
    level_title: pick(language, lesson.level),
    lesson_topic: lesson.topic ? pick(language, lesson.topic) : '',
    start_date: start.date,
    start_time: start.time,
    end_time: seenFrom(lesson.endsAt, seen).time,
    start_at: lesson.startsAt.toISOString(),
    end_at: lesson.endsAt.toISOString(),
    duration: lesson.durationMinutes,
    status: lesson.status,
    attends_status: lesson.onLeave ? 1 : 0,
    is_attends: lesson.attended ? 1 : 0,
    nickname: lesson.nickname,
    student_avatar: lesson.avatarUrl,
    title: dayTitle(lesson.startsAt, seen, language),
    start_lessons: lesson.lessonNumber,
    total_lessons: lesson.totalLessons,
    required_credit: lesson.requiredCredit,
    message: lesson.enterRefusal ? translate(language, lesson.enterRefusal) : '',
    can_leave: lesson.canLeave,
    cancel_reason: cancelReason(lesson, language),
    ...teacherWire(lesson, language),
  };
}

export function completedWire(
  lesson: LessonSummary,
  seen: Viewpoint,
  language: Language,
): CompletedLesson {
  const start = seenFrom(lesson.startsAt, seen);
  return {
    lesson_sn: lesson.lessonSn,
    student_sn: lesson.studentSn,
    subject_title: pick(language, lesson.subject),
    subject_img: lesson.subjectImg,
    start_lessons: lesson.lessonNumber,
    total_lessons: lesson.totalLessons,
    level_title: pick(language, lesson.level),
    start_date: start.date,
    start_time: start.time,
    duration: lesson.durationMinutes,
    lesson_topic: lesson.topic ? pick(language, lesson.topic) : '',
    nickname: lesson.nickname,
    student_avatar: lesson.avatarUrl,
    comments_status: lesson.commentSn ? 1 : 0,
    comments_id: lesson.commentSn ?? '',
    is_attends: lesson.attended ? 1 : 0,
    ...teacherWire(lesson, language),
    teacher_note: lesson.teacherNote ?? '',
  };
}

/** Groups consecutive items under their day heading (the lists are already in time order). */
export function groupByTitle<T>(items: T[], titleOf: (item: T) => string) {
  const groups: { title: string; data: T[] }[] = [];
  for (const item of items) {
    const title = titleOf(item);
    const last = groups.at(-1);
    if (last?.title === title) last.data.push(item);
    else groups.push({ title, data: [item] });
  }
  return groups;
}

/** Completed lessons under the day headings of their start, seen from the parent. */
export function completedGroupsWire(lessons: LessonSummary[], seen: Viewpoint, language: Language) {
  const items = lessons.map((lesson) => ({
    title: dayTitle(lesson.startsAt, seen, language),
    lesson: completedWire(lesson, seen, language),
  }));
  return groupByTitle(items, (item) => item.title).map((group) => ({
    title: group.title,
    data: group.data.map((item) => item.lesson),
  }));
}

export function enrolledCourseWire(
  course: EnrolledCourseSummary,
  seen: Viewpoint,
  language: Language,
): EnrolledCourse {
  // Weekly lines in the parent's offset: the next instant of each slot, seen from there.
  const settingFormat = course.weeklyStarts
    .map((instant) => seenFrom(instant, seen))
    .map((local) => ({ weekday: local.weekday, start_at: local.time }))
    .sort((a, b) => a.weekday - b.weekday || a.start_at.localeCompare(b.start_at));
  const next = course.nextLesson;
  const nextStart = next ? seenFrom(next.startsAt, seen) : undefined;
  return {
    course_sn: course.enrollmentSn,
    student_sn: course.studentSn,
    subjects_title: pick(language, course.subject),
    subject_img: course.subjectImg,
    level_title: pick(language, course.level),
    meet: CLASS_TYPE_LABELS[course.classType][language],
    next_at: next ? next.startsAt.toISOString() : '',
    next_start_time: nextStart?.time ?? '',
    next_end_time: next ? seenFrom(next.endsAt, seen).time : '',
    next_start_date: nextStart?.date ?? '',
    settingFormat,
    student_avatar: course.avatarUrl,
    nickname: course.nickname,
    status: course.status,
    completed_lessons: course.completedLessons,
    total_lessons: course.totalLessons,
  };
}
