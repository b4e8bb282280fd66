import type { MyPlan, Plan } from '@portal/shared/billing';

/**
 * Whether `plan` is the plan the parent holds (decision 034: marked wherever plans are listed).
 * The plan bought is known by id; a plan held at an offer price (or bought before ids were kept)
 * is the listed plan for as many kids.
 */
export function isCurrentPlan(plan: Plan, held: MyPlan | undefined, listed: Plan[]): boolean {
  if (!held) return false;
  if (held.plan_id > 0 && listed.some((other) => other.id === held.plan_id))
    return plan.id === held.plan_id;
  return plan.kids === held.kids;
}
