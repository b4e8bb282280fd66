import { z } from 'zod';
import { DB_ID_MAX, isIsoDateInRange, optionalIsoDate } from '../api';
import { OpsPageQuerySchema } from './accounts';
import { FAMILY_LESSON_STATUSES } from './families';

/**
 * The school's timetable (issue #22): enrolments, lesson changes, closures and cover, as the
 * staff edge (`/api/ops/…`) answers them. Times are ISO instants; dates are `YYYY-MM-DD`.
 * Messages are keys of `timetable-messages.ts`. Permission `schedule.manage` throughout.
 */

/** Why the school cancelled a lesson (lessons.cancel_reason); the first four are a staff choice. */
export const LESSON_CANCEL_REASONS = [
  'teacher-ill',
  'public-holiday',
  'school-decision',
  'family-request',
  'closure',
  'teacher-absent',
  'enrollment-ended',
  'child-deleted',
] as const;
export type LessonCancelReason = (typeof LESSON_CANCEL_REASONS)[number];

/** The reasons a member picks when cancelling one lesson by hand. */
export const MANUAL_CANCEL_REASONS = [
  'teacher-ill',
  'public-holiday',
  'school-decision',
  'family-request',
] as const satisfies readonly LessonCancelReason[];
export type ManualCancelReason = (typeof MANUAL_CANCEL_REASONS)[number];

/** The longest span the class lists read at once (a two-month view), in days. */
export const TIMETABLE_RANGE_MAX_DAYS = 62;
/** A closure's reason, per language. */
export const CLOSURE_REASON_MAX_LENGTH = 200;
/** The most lessons one cover request may name. */
export const COVER_LESSONS_MAX = 500;

/** Days from `from` to `to` ("YYYY-MM-DD"), both included. */
export function daysInRange(from: string, to: string): number {
  return (
    Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1
  );
}

// ---------------------------------------------------------------------------------------------
// Fields and ids

/** A public id in a URL or body (`lesson_sn`, `enrollment_sn`, …): anything else is not found. */
const publicId = (message: string) =>
  z.string({ error: message }).trim().min(1, message).max(40, message);

/** A course is named by its numeric id (courses have no public id). */
const courseIdField = (message: string) =>
  z.coerce.number({ error: message }).int(message).positive(message).max(DB_ID_MAX, message);

/** A required "YYYY-MM-DD" in the years the product knows (1970–2100). */
const isoDate = (message: string) =>
  z.string({ error: message }).refine(isIsoDateInRange, { message });

/** An optional query value that an empty string leaves out (forms send `?teacherSn=`). */
const optionalQueryId = (message: string) =>
  publicId(message)
    .optional()
    .or(z.literal('').transform(() => undefined));

const optionalCourseId = z.preprocess(
  (value) => (value === '' ? undefined : value),
  courseIdField('timetableCourseNotFound').optional(),
);

/** A day range of a query: both ends optional, in order, at most TIMETABLE_RANGE_MAX_DAYS. */
const rangeRefinements = <T extends { from?: string; to?: string }>(schema: z.ZodType<T>) =>
  schema
    .refine((query) => !query.from || !query.to || query.from <= query.to, {
      message: 'timetableDateRangeInvalid',
      path: ['to'],
    })
    .refine(
      (query) =>
        !query.from || !query.to || daysInRange(query.from, query.to) <= TIMETABLE_RANGE_MAX_DAYS,
      { message: 'timetableRangeTooLong', path: ['to'] },
    );

export const LessonParamsSchema = z.object({ lessonSn: publicId('timetableLessonNotFound') });
export type LessonParams = z.infer<typeof LessonParamsSchema>;

export const EnrollmentParamsSchema = z.object({
  enrollmentSn: publicId('timetableEnrollmentNotFound'),
});
export type EnrollmentParams = z.infer<typeof EnrollmentParamsSchema>;

export const CourseParamsSchema = z.object({ courseId: courseIdField('timetableCourseNotFound') });
export type CourseParams = z.infer<typeof CourseParamsSchema>;

/** A teacher as lists show them: the public id and the name in the request's language. */
export const TeacherRefSchema = z.object({ teacherSn: z.string(), name: z.string() });
export type TeacherRef = z.infer<typeof TeacherRefSchema>;

// ---------------------------------------------------------------------------------------------
// Classes (the lesson rows of one course at one start instant)

/** One child's lesson row in a class. `lessonSn` names that row (attendance acts on it). */
export const ClassChildSchema = z.object({
  lessonSn: z.string(),
  studentSn: z.string(),
  nickname: z.string(),
  userSn: z.string(),
  status: z.enum(FAMILY_LESSON_STATUSES),
  /** The teacher's or an admin's mark; null when the child's entry decides. */
  attendance: z.enum(['attended', 'absent']).nullable(),
  /** The child entered the classroom. */
  entered: z.boolean(),
  /** The lesson's credits were settled (consumed, released or moved): marks are refused. */
  settled: z.boolean(),
});
export type ClassChild = z.infer<typeof ClassChildSchema>;

export const ClassRowSchema = z.object({
  /** One row of the class: cancel, move and substitute act on its whole class. */
  lessonSn: z.string(),
  courseId: z.number().int(),
  /** Subject · level in the request's language. */
  courseTitle: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  teacher: TeacherRefSchema.nullable(),
  /** The course's teacher a substitute covers for. */
  substituteFor: TeacherRefSchema.nullable(),
  children: z.array(ClassChildSchema),
  /** Every row of the class is cancelled. */
  cancelled: z.boolean(),
  /** LESSON_CANCEL_REASONS; null when not cancelled or cancelled without a recorded reason. */
  cancelReason: z.string().nullable(),
});
export type ClassRow = z.infer<typeof ClassRowSchema>;

/**
 * GET /api/ops/timetable/classes: classes starting on days `from`…`to` of the school's calendar
 * (default: today and the 6 days after), optionally of one course or one teacher (the class's
 * teacher or the one a substitute covers for).
 */
export const ClassListQuerySchema = rangeRefinements(
  z.object({
    from: optionalIsoDate('timetableDateInvalid'),
    to: optionalIsoDate('timetableDateInvalid'),
    courseId: optionalCourseId,
    teacherSn: optionalQueryId('timetableTeacherNotFound'),
  }),
);
export type ClassListQuery = z.infer<typeof ClassListQuerySchema>;
export type ClassListQueryInput = z.input<typeof ClassListQuerySchema>;

export const ClassListSchema = z.object({ classes: z.array(ClassRowSchema) });
export type ClassList = z.infer<typeof ClassListSchema>;

/** GET /api/ops/today: today's classes (school zone), with the teacher's entry. */
export const TodayClassSchema = ClassRowSchema.extend({
  teacherEnteredAt: z.string().nullable(),
  /** No teacher entry 3 minutes after the start (LATE_START_AFTER_MS in teachers.ts). */
  late: z.boolean(),
});
export type TodayClass = z.infer<typeof TodayClassSchema>;

export const TodaySchema = z.object({
  /** "YYYY-MM-DD" in the school's zone. */
  date: z.string(),
  timeZone: z.string(),
  classes: z.array(TodayClassSchema),
});
export type Today = z.infer<typeof TodaySchema>;

// ---------------------------------------------------------------------------------------------
// Enrolments

export const CourseEnrollmentSchema = z.object({
  enrollmentSn: z.string(),
  studentSn: z.string(),
  nickname: z.string(),
  userSn: z.string(),
  parentName: z.string(),
  startsAt: z.string(),
  /** When the enrolment was ended; null while it runs. */
  endedAt: z.string().nullable(),
  /** Lessons held so far (ended, not cancelled, not on leave). */
  lessonsDone: z.number().int(),
  /** The course's total lessons. */
  lessonsTotal: z.number().int(),
});
export type CourseEnrollment = z.infer<typeof CourseEnrollmentSchema>;

/** GET /api/ops/courses/:courseId/enrollments: running first, then ended; newest first. */
export const CourseEnrollmentListSchema = z.object({
  enrollments: z.array(CourseEnrollmentSchema),
  capacity: z.number().int(),
  /** Running enrolments (the capacity counts these). */
  running: z.number().int(),
  retired: z.boolean(),
});
export type CourseEnrollmentList = z.infer<typeof CourseEnrollmentListSchema>;

/**
 * POST /api/ops/enrollments/preview and POST /api/ops/enrollments: a child of the family
 * (`userSn`) in a course from `startWeek`, a date in the parent's zone (the first slot on or
 * after that day).
 */
export const EnrollmentBodySchema = z.object({
  userSn: publicId('timetableFamilyNotFound'),
  studentSn: publicId('timetableChildNotFound'),
  courseId: courseIdField('timetableCourseNotFound'),
  startWeek: isoDate('timetableStartWeekInvalid'),
});
export type EnrollmentBody = z.infer<typeof EnrollmentBodySchema>;
export type EnrollmentBodyInput = z.input<typeof EnrollmentBodySchema>;

export const ENROLLMENT_CONFLICT_KINDS = ['child-busy', 'teacher-busy', 'teacher-off'] as const;
export type EnrollmentConflictKind = (typeof ENROLLMENT_CONFLICT_KINDS)[number];

export const PreviewLessonSchema = z.object({
  lessonNumber: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string(),
  /** "YYYY-MM-DD" and "HH:mm" in the parent's zone. */
  localDate: z.string(),
  localTime: z.string(),
  /** Credits it reserves (0 when the parent's plan covers the child). */
  credits: z.number().int(),
  teacherName: z.string().nullable(),
});
export type PreviewLesson = z.infer<typeof PreviewLessonSchema>;

export const EnrollmentPreviewSchema = z.object({
  /** The lessons generated in the coming LESSON_WEEKS_AHEAD weeks (the generator's own rule). */
  lessons: z.array(PreviewLessonSchema),
  creditsNeeded: z.number().int(),
  /** Credits free to book now. */
  available: z.number().int(),
  /** A plan covers the child: no credits reserved. */
  coveredByPlan: z.boolean(),
  /** Credits missing to reserve every lesson (0 when covered). */
  shortBy: z.number().int(),
  /** The course has no free place. */
  full: z.boolean(),
  /** The course is retired. */
  retired: z.boolean(),
  conflicts: z.array(z.object({ startsAt: z.string(), kind: z.enum(ENROLLMENT_CONFLICT_KINDS) })),
  parentTimeZone: z.string(),
});
export type EnrollmentPreview = z.infer<typeof EnrollmentPreviewSchema>;

export const EnrollmentCreatedSchema = z.object({ enrollmentSn: z.string() });
export type EnrollmentCreated = z.infer<typeof EnrollmentCreatedSchema>;

/** GET /api/ops/enrollments/:enrollmentSn/end-preview: the future lessons ending would cancel. */
export const EndEnrollmentPreviewSchema = z.object({
  lessons: z.array(z.object({ lessonSn: z.string(), startsAt: z.string() })),
  /** Reserved credits released. */
  credits: z.number().int(),
});
export type EndEnrollmentPreview = z.infer<typeof EndEnrollmentPreviewSchema>;

/** Lessons called off and the credits given back (end, cancel). */
export const CancelledAnswerSchema = z.object({
  lessonsCancelled: z.number().int(),
  creditsReleased: z.number().int(),
});
export type CancelledAnswer = z.infer<typeof CancelledAnswerSchema>;

// ---------------------------------------------------------------------------------------------
// Lesson changes (each acts on the class of the lesson named, except move-following)

/** POST /api/ops/lessons/:lessonSn/cancel. */
export const CancelClassBodySchema = z.object({
  reason: z.enum(MANUAL_CANCEL_REASONS, { error: 'timetableCancelReasonInvalid' }),
});
export type CancelClassBody = z.infer<typeof CancelClassBodySchema>;

/** POST /api/ops/lessons/:lessonSn/move: one class to a new start (and teacher). */
export const MoveClassBodySchema = z.object({
  startsAt: z.iso.datetime({ offset: true, error: 'timetableStartsAtInvalid' }),
  teacherSn: publicId('timetableTeacherNotFound').optional(),
});
export type MoveClassBody = z.infer<typeof MoveClassBodySchema>;
export type MoveClassBodyInput = z.input<typeof MoveClassBodySchema>;

/** "HH:mm" on a 24-hour clock. */
export const TIME_OF_DAY_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * POST /api/ops/lessons/:lessonSn/move-following: the lesson's enrolment from this lesson on
 * to a new weekly slot (local weekday, Sun 0, and "HH:mm" in the course's zone).
 */
export const MoveFollowingBodySchema = z.object({
  weekday: z
    .number({ error: 'timetableWeekdayInvalid' })
    .int('timetableWeekdayInvalid')
    .min(0, 'timetableWeekdayInvalid')
    .max(6, 'timetableWeekdayInvalid'),
  time: z
    .string({ error: 'timetableTimeInvalid' })
    .regex(TIME_OF_DAY_PATTERN, 'timetableTimeInvalid'),
  teacherSn: publicId('timetableTeacherNotFound').optional(),
});
export type MoveFollowingBody = z.infer<typeof MoveFollowingBodySchema>;
export type MoveFollowingBodyInput = z.input<typeof MoveFollowingBodySchema>;

export const MovedAnswerSchema = z.object({ lessonsMoved: z.number().int() });
export type MovedAnswer = z.infer<typeof MovedAnswerSchema>;

/** POST /api/ops/lessons/:lessonSn/substitute: one class taught by another teacher. */
export const SubstituteBodySchema = z.object({ teacherSn: publicId('timetableTeacherNotFound') });
export type SubstituteBody = z.infer<typeof SubstituteBodySchema>;

export const CoveredAnswerSchema = z.object({ lessonsCovered: z.number().int() });
export type CoveredAnswer = z.infer<typeof CoveredAnswerSchema>;

/**
 * POST /api/ops/lessons/:lessonSn/attendance takes the teacher's own body and answer
 * (AttendanceBodySchema, AttendanceAnswerSchema in teachers.ts): one service function for both.
 */

// ---------------------------------------------------------------------------------------------
// Cover (a teacher's time off)

/** GET /api/ops/cover?teacherSn=: classes in the teacher's time off still without a substitute. */
export const CoverQuerySchema = z.object({ teacherSn: publicId('timetableTeacherNotFound') });
export type CoverQuery = z.infer<typeof CoverQuerySchema>;

export const CoverClassSchema = ClassRowSchema.extend({
  /** Teachers who teach the subject, are available, not off and not busy then. */
  candidates: z.array(TeacherRefSchema),
});
export type CoverClass = z.infer<typeof CoverClassSchema>;

export const CoverListSchema = z.object({ classes: z.array(CoverClassSchema) });
export type CoverList = z.infer<typeof CoverListSchema>;

/** POST /api/ops/cover: the named classes (all of the time off when `lessonSns` is absent). */
export const CoverBodySchema = z.object({
  teacherSn: publicId('timetableTeacherNotFound'),
  substituteSn: publicId('timetableTeacherNotFound'),
  lessonSns: z
    .array(publicId('timetableLessonNotFound'), { error: 'timetableLessonsInvalid' })
    .min(1, 'timetableLessonsInvalid')
    .max(COVER_LESSONS_MAX, 'timetableLessonsInvalid')
    .optional(),
});
export type CoverBody = z.infer<typeof CoverBodySchema>;
export type CoverBodyInput = z.input<typeof CoverBodySchema>;

// ---------------------------------------------------------------------------------------------
// Closures (dates in the school's zone, both ends included; course null = school-wide)

const closureReason = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(CLOSURE_REASON_MAX_LENGTH, 'timetableClosureReasonTooLong');

/** POST /api/ops/closures/preview and POST /api/ops/closures. */
export const ClosureBodySchema = z
  .object({
    courseId: courseIdField('timetableCourseNotFound').nullable(),
    startsOn: isoDate('timetableDateInvalid'),
    endsOn: isoDate('timetableDateInvalid'),
    reasonEn: closureReason('timetableClosureReasonRequired'),
    reasonZh: closureReason('timetableClosureReasonRequired'),
  })
  .refine((body) => body.startsOn <= body.endsOn, {
    message: 'timetableDateRangeInvalid',
    path: ['endsOn'],
  });
export type ClosureBody = z.infer<typeof ClosureBodySchema>;
export type ClosureBodyInput = z.input<typeof ClosureBodySchema>;

export const ClosurePreviewSchema = z.object({
  lessons: z.number().int(),
  families: z.number().int(),
  /** Reserved credits released. */
  credits: z.number().int(),
});
export type ClosurePreview = z.infer<typeof ClosurePreviewSchema>;

export const ClosureCreatedSchema = z.object({
  closureSn: z.string(),
  lessonsCancelled: z.number().int(),
  familiesNotified: z.number().int(),
});
export type ClosureCreated = z.infer<typeof ClosureCreatedSchema>;

export const ClosureSchema = z.object({
  closureSn: z.string(),
  courseId: z.number().int().nullable(),
  courseTitle: z.string().nullable(),
  startsOn: z.string(),
  endsOn: z.string(),
  reasonEn: z.string(),
  reasonZh: z.string(),
  lessonsCancelled: z.number().int(),
});
export type Closure = z.infer<typeof ClosureSchema>;

/** GET /api/ops/closures: latest first. */
export const ClosureListSchema = z.object({ closures: z.array(ClosureSchema) });
export type ClosureList = z.infer<typeof ClosureListSchema>;

// ---------------------------------------------------------------------------------------------
// Leave requests and feedback

/**
 * GET /api/ops/leave-requests: parents' leave, newest request first; `from`/`to` are days of the
 * request (school zone).
 */
export const LeaveRequestQuerySchema = rangeRefinements(
  OpsPageQuerySchema.extend({
    from: optionalIsoDate('timetableDateInvalid'),
    to: optionalIsoDate('timetableDateInvalid'),
  }),
);
export type LeaveRequestQuery = z.infer<typeof LeaveRequestQuerySchema>;
export type LeaveRequestQueryInput = z.input<typeof LeaveRequestQuerySchema>;

export const LeaveRequestSchema = z.object({
  lessonSn: z.string(),
  startsAt: z.string(),
  courseTitle: z.string(),
  studentSn: z.string(),
  nickname: z.string(),
  userSn: z.string(),
  parentName: z.string(),
  requestedAt: z.string(),
  /** Reserved credits given back by the leave (0: a plan covered it, or nothing was held). */
  creditsReturned: z.number().int(),
});
export type LeaveRequest = z.infer<typeof LeaveRequestSchema>;

export const LeaveRequestListSchema = z.object({
  items: z.array(LeaveRequestSchema),
  total: z.number().int(),
});
export type LeaveRequestList = z.infer<typeof LeaveRequestListSchema>;

/**
 * GET /api/ops/feedback: parents' ratings of lessons that started on days `from`…`to` (school
 * zone; any span), of one teacher (who taught the lesson) and/or one course. Items are paged,
 * newest lesson first; the averages cover every match.
 */
export const FeedbackQuerySchema = OpsPageQuerySchema.extend({
  teacherSn: optionalQueryId('timetableTeacherNotFound'),
  courseId: optionalCourseId,
  from: optionalIsoDate('timetableDateInvalid'),
  to: optionalIsoDate('timetableDateInvalid'),
}).refine((query) => !query.from || !query.to || query.from <= query.to, {
  message: 'timetableDateRangeInvalid',
  path: ['to'],
});
export type FeedbackQuery = z.infer<typeof FeedbackQuerySchema>;
export type FeedbackQueryInput = z.input<typeof FeedbackQuerySchema>;

export const FeedbackItemSchema = z.object({
  lessonSn: z.string(),
  startsAt: z.string(),
  courseTitle: z.string(),
  teacherName: z.string().nullable(),
  /** Stars in half steps, 1 to 5. */
  rating: z.number(),
  comment: z.string(),
  nickname: z.string(),
  createdAt: z.string(),
});
export type FeedbackItem = z.infer<typeof FeedbackItemSchema>;

export const FeedbackSummarySchema = z.object({
  /** Mean stars over every match, rounded to 2 decimals; null when there is none. */
  average: z.number().nullable(),
  count: z.number().int(),
  /** Per month of the lesson's start (school zone), oldest first; months without any left out. */
  byMonth: z.array(z.object({ month: z.string(), average: z.number(), count: z.number().int() })),
  items: z.array(FeedbackItemSchema),
  /** Items matching (= count); `items` is one page of them. */
  total: z.number().int(),
});
export type FeedbackSummary = z.infer<typeof FeedbackSummarySchema>;
