import { z } from 'zod';
import { TimeDiffSchema } from '../catalogue';

export * from './messages';

/** Spec §9 windows, in milliseconds. */
export const ENTER_BEFORE_START_MS = 5 * 60_000;
export const LEAVE_BEFORE_START_MS = 3 * 3600_000;
export const COUNTDOWN_WITHIN_MS = 48 * 3600_000;

/**
 * Spec §4 lesson status; derived from time unless cancelled (docs/product.md → Lessons and
 * credits).
 */
export const LESSON_STATUS = { notStarted: 0, onAir: 1, completed: 2, cancelled: 3 } as const;
export type LessonStatus = (typeof LESSON_STATUS)[keyof typeof LESSON_STATUS];

/** The facts the window rules need; times in epoch milliseconds. */
export interface LessonTiming {
  startMs: number;
  endMs: number;
  cancelled: boolean;
  onLeave: boolean;
}

export function lessonStatus(lesson: LessonTiming, nowMs: number): LessonStatus {
  if (lesson.cancelled) return LESSON_STATUS.cancelled;
  if (nowMs < lesson.startMs) return LESSON_STATUS.notStarted;
  if (nowMs < lesson.endMs) return LESSON_STATUS.onAir;
  return LESSON_STATUS.completed;
}

/** Why the classroom is closed, as a message key; undefined when the child may enter now. */
export type EnterRefusal = 'enterCancelled' | 'enterCompleted' | 'enterOnLeave' | 'enterNotYet';

/**
 * Spec §4 "Entering a lesson": less than 5 minutes before start, or running; never on leave,
 * cancelled or completed. The server decides; the client mirrors it for the button.
 */
export function enterRefusal(lesson: LessonTiming, nowMs: number): EnterRefusal | undefined {
  const status = lessonStatus(lesson, nowMs);
  if (status === LESSON_STATUS.cancelled) return 'enterCancelled';
  if (status === LESSON_STATUS.completed) return 'enterCompleted';
  if (lesson.onLeave) return 'enterOnLeave';
  if (lesson.startMs - nowMs >= ENTER_BEFORE_START_MS) return 'enterNotYet';
  return undefined;
}

/** Why leave cannot be asked for now, as a message key; undefined when it can. */
export type LeaveRefusal = 'leaveNotAttendable' | 'leaveAlreadyRequested' | 'leaveTooLate';

/**
 * Spec §4 "Leave request": more than 3 hours before start, on a lesson still attendable. The
 * server refuses with this key and the card says it beside the disabled button (issue #19).
 */
export function leaveRefusal(lesson: LessonTiming, nowMs: number): LeaveRefusal | undefined {
  if (lesson.onLeave) return 'leaveAlreadyRequested';
  if (lesson.cancelled || lesson.endMs <= nowMs) return 'leaveNotAttendable';
  if (lesson.startMs - nowMs <= LEAVE_BEFORE_START_MS) return 'leaveTooLate';
  return undefined;
}

export function canRequestLeave(lesson: LessonTiming, nowMs: number): boolean {
  return leaveRefusal(lesson, nowMs) === undefined;
}

/**
 * Feedback rates a lesson the child took part in: an ended lesson, not on leave, that the child
 * entered. A no-show has nothing to rate (issue #19); the card says why instead of a button.
 */
export type FeedbackRefusal = 'feedbackNotCompleted' | 'feedbackNoShow';
export function feedbackRefusal(
  lesson: LessonTiming & { attended: boolean },
  nowMs: number,
): FeedbackRefusal | undefined {
  if (lessonStatus(lesson, nowMs) !== LESSON_STATUS.completed || lesson.onLeave)
    return 'feedbackNotCompleted';
  if (!lesson.attended) return 'feedbackNoShow';
  return undefined;
}

/**
 * Effective attendance (issue #22, decision 047): the teacher's or an admin's mark when there is
 * one, else whether the child entered the room (the settlement's own rule).
 */
export function attendedOf(lesson: {
  attendance: 'attended' | 'absent' | null;
  entered: boolean;
}): boolean {
  return lesson.attendance === null ? lesson.entered : lesson.attendance === 'attended';
}

/** Spec §4 "Countdown": shown only while the start is 0 to under 48 hours away. */
export function countdownMs(startMs: number, nowMs: number): number | undefined {
  const left = startMs - nowMs;
  return left >= 0 && left < COUNTDOWN_WITHIN_MS ? left : undefined;
}

/** Lists that accept "all children": `student_sn` empty or absent means every child. */
const OptionalStudentSn = z
  .string()
  .trim()
  .max(64)
  .optional()
  .transform((value) => value || undefined);

/** Spec §9: lists page by 10; upcoming lessons ask for 30. */
export const LESSON_PAGE_SIZE = 10;
const PageSize = z.coerce.number().int().min(1).max(100).default(LESSON_PAGE_SIZE);
const Page = z.coerce.number().int().min(1).max(100_000).default(1);

/** `GET /api/userSchedukeForStudent(Seven)`; `type` 1001 is what the client sends (upcoming). */
export const ScheduleQuerySchema = z.object({
  type: z.coerce.number().int().optional(),
  student_sn: OptionalStudentSn,
  /** Absent: the parent's stored zone (decision 035). */
  time_diff: TimeDiffSchema.optional(),
  pagesize: PageSize,
  page: Page,
});
export type ScheduleQuery = z.infer<typeof ScheduleQuerySchema>;

export const CompletedQuerySchema = ScheduleQuerySchema.omit({ type: true });
export const CoursesQuerySchema = z.object({
  student_sn: OptionalStudentSn,
  time_diff: TimeDiffSchema.optional(),
});

/** Spec §3 Scheduled lesson. Times: `start_at` is the UTC instant; the rest in `time_diff`. */
export const ScheduledLessonSchema = z.object({
  lesson_sn: z.string(),
  student_sn: z.string(),
  subject_title: z.string(),
  subject_img: z.string(),
  level_title: z.string(),
  lesson_topic: z.string(),
  start_date: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  start_at: z.string(),
  end_at: z.string(),
  duration: z.number().int(),
  status: z.number().int(),
  /** 1: leave requested (spec §4). */
  attends_status: z.number().int(),
  /** 1: the child attended (the teacher's mark, else entering the classroom). */
  is_attends: z.number().int(),
  nickname: z.string(),
  student_avatar: z.string(),
  title: z.string(),
  start_lessons: z.number().int(),
  total_lessons: z.number().int(),
  /** Credits the lesson holds (0 when a plan covers the child). */
  required_credit: z.number().int(),
  /** Why Enter is closed now (message text), empty when it is open. */
  message: z.string(),
  can_leave: z.boolean(),
  /** Why the lesson was cancelled and what happened to its credits; empty unless cancelled. */
  cancel_reason: z.string().optional(),
  /** Who teaches it (a substitute when one covers it), in the request's language; '' when none. */
  teacher_name: z.string().optional(),
  /** The teacher's photo (a path on this site); '' when no teacher. */
  teacher_photo: z.string().optional(),
});
export type ScheduledLesson = z.infer<typeof ScheduledLessonSchema>;

export const LessonPageSchema = z.object({
  data: z.array(ScheduledLessonSchema),
  /** 1 when one of the listed lessons is on air now. */
  now_status: z.number().int(),
  total: z.number().int(),
});

export const LessonGroupSchema = z.object({
  title: z.string(),
  data: z.array(ScheduledLessonSchema),
});
export type LessonGroup = z.infer<typeof LessonGroupSchema>;
export const GroupedLessonPageSchema = z.object({
  data: z.array(LessonGroupSchema),
  now_status: z.number().int(),
  total: z.number().int(),
});

/** Spec §3 Completed lesson. */
export const CompletedLessonSchema = z.object({
  lesson_sn: z.string(),
  student_sn: z.string(),
  subject_title: z.string(),
  subject_img: z.string(),
  start_lessons: z.number().int(),
  total_lessons: z.number().int(),
  level_title: z.string(),
  start_date: z.string(),
  start_time: z.string(),
  duration: z.number().int(),
  lesson_topic: z.string(),
  nickname: z.string(),
  student_avatar: z.string(),
  /** 1 when feedback was given. */
  comments_status: z.number().int(),
  comments_id: z.string(),
  /** 1 when the child attended (the teacher's mark, else entering the classroom); 0 a no-show. */
  is_attends: z.number().int(),
  /** Additions of issue #22: the teacher's name and photo ('' when none) and note for the parent. */
  teacher_name: z.string().optional(),
  teacher_photo: z.string().optional(),
  teacher_note: z.string().optional(),
});
export type CompletedLesson = z.infer<typeof CompletedLessonSchema>;
export const CompletedGroupedPageSchema = z.object({
  data: z.array(z.object({ title: z.string(), data: z.array(CompletedLessonSchema) })),
  total: z.number().int(),
});

/** Spec §3 Enrolled course; `settingFormat` lines and `next_*` in the parent's `time_diff`. */
export const EnrolledCourseSchema = z.object({
  course_sn: z.string(),
  student_sn: z.string(),
  subjects_title: z.string(),
  subject_img: z.string(),
  level_title: z.string(),
  /** The class type label (one-on-one, small group, group). */
  meet: z.string(),
  next_at: z.string(),
  next_start_time: z.string(),
  next_end_time: z.string(),
  next_start_date: z.string(),
  settingFormat: z.array(z.object({ weekday: z.number().int(), start_at: z.string() })),
  student_avatar: z.string(),
  nickname: z.string(),
  /** Spec §4 enrolled-course status: 0 not started, 1 in progress, 2 completed, 3 cancelled. */
  status: z.number().int(),
  completed_lessons: z.number().int(),
  total_lessons: z.number().int(),
});
export type EnrolledCourse = z.infer<typeof EnrolledCourseSchema>;

/** Body of `judeLessonStatus`, `enterRoom` and `edu/lesson-attends`. */
export const LessonRefSchema = z.object({
  lesson_sn: z.string().trim().min(1, 'lessonNotFound').max(64, 'lessonNotFound'),
  student_sn: z.string().trim().min(1, 'selectChild').max(64, 'selectChild'),
});
export type LessonRef = z.infer<typeof LessonRefSchema>;

/** Spec §5 Feedback: 1–5 in half steps. */
export const RATING_STEPS = [1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5] as const;
export const COMMENT_MAX_LENGTH = 500;
export function isRating(value: number): boolean {
  return value >= 1 && value <= 5 && Number.isInteger(value * 2);
}

/**
 * `setComment`. The completed-lesson card needs both comment and rating (spec §5); the
 * mobile-style list sends the rating only, so the server requires the rating alone.
 */
export const SetCommentBodySchema = LessonRefSchema.extend({
  comment: z.string().trim().max(COMMENT_MAX_LENGTH, 'commentTooLong').default(''),
  rating: z.coerce
    .number({ error: 'feedbackEmpty' })
    .refine((value) => value !== 0, { message: 'feedbackEmpty', abort: true })
    .refine(isRating, { message: 'ratingInvalid' }),
});
export type SetCommentBody = z.infer<typeof SetCommentBodySchema>;

/** The card form (spec §5): comment text and a non-zero rating, else "Please give feedback". */
export const FeedbackFormSchema = z.object({
  comment: z.string().trim().min(1, 'feedbackEmpty').max(COMMENT_MAX_LENGTH, 'commentTooLong'),
  rating: z.number().refine((value) => value > 0, { message: 'feedbackEmpty' }),
});

export const CommentQuerySchema = z.object({ comment_id: z.string().trim().min(1).max(64) });
export const CommentSchema = z.object({
  comment_id: z.string(),
  rating: z.number(),
  comment: z.string(),
});

export const JudgeLessonSchema = z.object({ is_class: z.boolean(), message: z.string() });
export const EnterRoomSchema = z.object({ url: z.string() });
export const LeaveResultSchema = z.object({
  lesson_sn: z.string(),
  student_sn: z.string(),
  /** attends_status after the request: 1 leave. */
  status: z.number().int(),
});
