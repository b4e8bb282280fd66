/**
 * The school's timetable (issue #22): enrolments, lesson changes, closures and cover, as the
 * staff edge (`/api/ops/…`) answers them. Times are ISO instants; dates are `YYYY-MM-DD`.
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
