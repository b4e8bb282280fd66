import { canRequestLeave, type LeaveRefusal } from '@portal/shared/lessons';
import { PLAN_PAUSE_MAX_WEEKS, PLAN_PAUSE_MIN_WEEKS } from '@portal/shared/plan-actions';
import type { AppContext } from '../../app-context';
import type { DbOrTx } from '../../db/client';
import { AppError, badRequest, conflict, notFound } from '../../lib/app-error';
import {
  activePlansAt,
  updateMembershipRow,
  type MembershipRow,
} from '../membership/membership.service';
import { cancelLesson, lessonTiming } from '../scheduling/scheduling.service';
import {
  findCoveredStudentIds,
  findOpenLessonsBetween,
  type PlanLessonRow,
} from './plan-pause.repository';
import { lockParentForMoney } from './refunds.service';

export type { PlanLessonRow } from './plan-pause.repository';

/*
 * A member parent pauses their plan for 1–4 weeks, once per period (issue #25): from now to the
 * pause's end the plan's lessons (its covered children's) go on leave through the scheduling
 * engine's one call-off rule — nothing is charged, what they held comes back — and the plan's
 * expiry moves by the pause. At the provider the invoices in the pause are voided and the
 * renewal moves to the new expiry. Under the parent's lock, in one transaction: two requests at
 * once pause once.
 */

type Ctx = Pick<AppContext, 'db' | 'clock' | 'providers'>;
const WEEK_MS = 7 * 86_400_000;

export type PauseRefusal = 'planPauseUsed' | 'planPauseActive';

export interface PausePlan {
  plan: MembershipRow;
  weeks: number;
  from: Date;
  until: Date;
  newEndsAt: Date;
  /** The plan's lessons in the pause that go on leave (those still open to leave). */
  lessons: PlanLessonRow[];
  creditsBack: number;
  refusal: PauseRefusal | null;
}

function checkWeeks(weeks: number) {
  if (!Number.isInteger(weeks) || weeks < PLAN_PAUSE_MIN_WEEKS || weeks > PLAN_PAUSE_MAX_WEEKS)
    throw badRequest('planPauseWeeksInvalid');
}

/** Why this plan cannot be paused now, if it cannot. */
export function pauseRefusalOf(
  plan: Pick<MembershipRow, 'paused_until' | 'pause_period_ends_at' | 'ends_at'>,
  now: Date,
): PauseRefusal | null {
  if (plan.paused_until && plan.paused_until > now) return 'planPauseActive';
  // The last pause's period: the expiry it set. A renewal moves `ends_at` past it.
  if (plan.pause_period_ends_at && plan.pause_period_ends_at >= plan.ends_at)
    return 'planPauseUsed';
  return null;
}

async function planOf(db: DbOrTx, parentId: number, now: Date) {
  const [plan] = await activePlansAt(db, parentId, now);
  if (!plan) throw notFound('planCancelNoPlan');
  return plan;
}

async function pauseOf(db: DbOrTx, plan: MembershipRow, weeks: number, now: Date) {
  const until = new Date(now.getTime() + weeks * WEEK_MS);
  const covered = await findCoveredStudentIds(db, plan.parent_id, plan.kids);
  const inSpan = await findOpenLessonsBetween(db, plan.parent_id, {
    from: now,
    to: until,
    studentIds: covered,
  });
  // A lesson too close to its start for leave (3 h, spec §4) takes place as planned.
  const lessons = inSpan.filter((lesson) => canRequestLeave(lessonTiming(lesson), now.getTime()));
  return {
    plan,
    weeks,
    from: now,
    until,
    newEndsAt: new Date(plan.ends_at.getTime() + weeks * WEEK_MS),
    lessons,
    creditsBack: lessons.reduce((sum, lesson) => sum + lesson.required_credit, 0),
    refusal: pauseRefusalOf(plan, now),
  } satisfies PausePlan;
}

/** What pausing for `weeks` from now would do (the screen shows it before confirming). */
export async function previewPlanPause(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  parentId: number,
  weeks: number,
): Promise<PausePlan> {
  checkWeeks(weeks);
  const now = ctx.clock.now();
  return pauseOf(ctx.db, await planOf(ctx.db, parentId, now), weeks, now);
}

/**
 * Pauses the parent's plan for `weeks` from now. Refused (409, nothing changed) while paused or
 * when this period had its pause. The provider is asked first inside the transaction: if it is
 * down, everything rolls back and the parent reads why. Answers the plan after.
 */
export async function pausePlan(ctx: Ctx, parentId: number, weeks: number): Promise<PausePlan> {
  checkWeeks(weeks);
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    await lockParentForMoney(tx, parentId);
    const pause = await pauseOf(tx, await planOf(tx, parentId, now), weeks, now);
    if (pause.refusal) throw conflict(pause.refusal);
    const { plan } = pause;
    if (plan.subscription_id)
      await ctx.providers.payments.pauseSubscription(plan.subscription_id, {
        resumesAt: pause.until,
        renewsAt: pause.newEndsAt,
      });
    const updated = await updateMembershipRow(tx, plan.id, {
      paused_from: pause.from,
      paused_until: pause.until,
      ends_at: pause.newEndsAt,
      pause_period_ends_at: pause.newEndsAt,
      updated_at: now,
    });
    const onLeave: PlanLessonRow[] = [];
    for (const lesson of pause.lessons) {
      try {
        // The parent's own leave (a savepoint inside this transaction).
        await cancelLesson({ db: tx }, lesson.id, now, 'parent');
        onLeave.push(lesson);
      } catch (error) {
        // Taken on leave or called off meanwhile: it is not the pause's to change.
        if (error instanceof AppError && isLeaveRefusal(error.messageKey)) continue;
        throw error;
      }
    }
    return {
      ...pause,
      plan: updated,
      lessons: onLeave,
      creditsBack: onLeave.reduce((sum, lesson) => sum + lesson.required_credit, 0),
    };
  });
}

const LEAVE_REFUSALS: readonly string[] = [
  'leaveAlreadyRequested',
  'leaveNotAttendable',
  'leaveTooLate',
  'lessonNotFound',
] satisfies (LeaveRefusal | 'lessonNotFound')[];
const isLeaveRefusal = (key: string) => LEAVE_REFUSALS.includes(key);
