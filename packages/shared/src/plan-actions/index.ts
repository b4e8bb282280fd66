import { z } from 'zod';

/**
 * A member parent cancels their plan at the period's end or pauses it (issue #25): the wire of
 * `/api/planCancelPreview`, `/api/planCancel`, `/api/planPausePreview` and `/api/planPause`.
 * Messages live with billing's (`planCancel…` / `planPause…` keys in billing/messages.ts).
 */

/** A pause lasts whole weeks, 1 to 4, once per period of the plan. */
export const PLAN_PAUSE_MIN_WEEKS = 1;
export const PLAN_PAUSE_MAX_WEEKS = 4;

const weeks = z.coerce
  .number({ error: 'planPauseWeeksInvalid' })
  .int({ error: 'planPauseWeeksInvalid' })
  .min(PLAN_PAUSE_MIN_WEEKS, { error: 'planPauseWeeksInvalid' })
  .max(PLAN_PAUSE_MAX_WEEKS, { error: 'planPauseWeeksInvalid' });

export const PlanPauseQuerySchema = z.object({ weeks });
export const PlanPauseBodySchema = z.object({ weeks });
export type PlanPauseBody = z.infer<typeof PlanPauseBodySchema>;

/** One lesson a cancellation or a pause touches, as the parent sees it. */
export const PlanLessonSchema = z.object({
  lesson_sn: z.string(),
  child: z.string(),
  course: z.string(),
  /** "YYYY-MM-DD HH:mm" in the parent's zone. */
  starts_at: z.string(),
  /** Credits the lesson holds now. */
  credits: z.number().int(),
});
export type PlanLesson = z.infer<typeof PlanLessonSchema>;

/** The plan's state after a cancellation or a pause (days in the parent's zone). */
export const PlanStateSchema = z.object({
  ends_at: z.string(),
  cancel_at_period_end: z.boolean(),
  paused_from: z.string(),
  paused_until: z.string(),
});
export type PlanState = z.infer<typeof PlanStateSchema>;

/**
 * What cancelling at the period's end does: renewals stop, the plan runs to `ends_at`; the
 * lessons after it are not covered and use credits (they hold `credits` each already); the
 * balance is untouched.
 */
export const PlanCancelPreviewSchema = z.object({
  ends_at: z.string(),
  already_cancelled: z.boolean(),
  renews: z.boolean(),
  lessons_after: z.array(PlanLessonSchema),
  credits_after: z.number().int(),
  balance: z.number().int(),
});
export type PlanCancelPreview = z.infer<typeof PlanCancelPreviewSchema>;

/**
 * What pausing for `weeks` does: from now to `resumes_at` the plan's lessons go on leave with
 * nothing charged (`credits_back`: what they held comes back), and the plan ends on
 * `new_ends_at` instead of `ends_at`. `can_pause` false with the translated `reason`.
 */
export const PlanPausePreviewSchema = z.object({
  weeks: z.number().int(),
  paused_from: z.string(),
  resumes_at: z.string(),
  ends_at: z.string(),
  new_ends_at: z.string(),
  lessons: z.array(PlanLessonSchema),
  credits_back: z.number().int(),
  can_pause: z.boolean(),
  reason: z.string(),
});
export type PlanPausePreview = z.infer<typeof PlanPausePreviewSchema>;
