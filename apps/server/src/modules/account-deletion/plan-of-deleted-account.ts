import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../app-context';
import { cancelMembership, getFamilyMembership } from '../billing/plan-cancel.service';

/*
 * The plan of an account being deleted, through billing's one plan cancel (the function staff and
 * parents use): renewals stop at once when the deletion is asked for, so nothing more is charged,
 * and the plan stays usable during the grace period; the erasure ends what is left of it.
 */

export interface RunningPlan {
  titleEn: string;
  titleZh: string;
  endsAt: Date;
  renews: boolean;
}

export async function findRunningPlan(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  parentId: number,
): Promise<RunningPlan | null> {
  const plan = await getFamilyMembership(ctx, parentId);
  if (!plan) return null;
  return {
    titleEn: plan.name.en,
    titleZh: plan.name.zh,
    endsAt: new Date(plan.endsAt),
    renews: plan.renews,
  };
}

/** Renewals stop now; a plan already ending at its period's end is left as it is. */
export async function stopPlanRenewal(ctx: AppContext, parentId: number): Promise<void> {
  const plan = await getFamilyMembership(ctx, parentId);
  if (!plan || plan.cancelAtPeriodEnd) return;
  await cancelMembership(ctx, { parentId }, parentId, {
    mode: 'period-end',
    reason: 'account-deletion',
    idempotencyKey: randomUUID(),
  });
}
