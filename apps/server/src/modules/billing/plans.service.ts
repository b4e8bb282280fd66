import { quotePlanChange } from '@portal/shared/billing';
import type { AppContext } from '../../app-context';
import type { DbOrTx } from '../../db/client';
import { unauthenticated, notFound } from '../../lib/app-error';
import { activePlansAt, addMonth, type MembershipRow } from '../membership/membership.service';
import { findParentById } from '../parents/parents.service';
import { findOrderById } from './orders.repository';
import { findBuyablePlan, type PlanRow } from './shop.repository';
import { toPlanForSale, type Bilingual, type PlanForSale } from './shop.service';

/** A plan the parent holds (spec §3 My plan, "Pass Information"). */
export interface HeldPlan {
  /** Decision 034: the plan it was bought as (0 when unknown), so plan lists can mark it. */
  planId: number;
  title: Bilingual;
  kids: number;
  priceMinor: number;
  currency: string;
  endsAt: Date;
  /** A subscription renews it at its end. */
  renews: boolean;
  payMethodType: number;
  payMethodName: string;
}

/** Why a change of plan cannot be made now (a message key), or null when it can. */
export type PlanChangeRefusal = 'planSameAsCurrent' | 'planChangeCovered' | null;

/** `getMyChangePlan`: the current and the chosen plan side by side, and the price of changing. */
export interface PlanChange {
  current: HeldPlan | null;
  chosen: PlanForSale;
  /** A change takes effect now (decision 029). */
  startsAt: Date;
  unusedDays: number;
  periodDays: number;
  /** The unused whole days of the current plan, credited against the new one. */
  creditMinor: number;
  amountDueMinor: number;
  /** The new plan's first month ends then. */
  newEndsAt: Date;
  refusal: PlanChangeRefusal;
  /** The parent's calendar, in which the days are shown. */
  timeZone: string | null;
}

/** What changing from `current` to `chosen` costs at `now` (decision 029: prorated to the day). */
export async function quoteChange(db: DbOrTx, current: MembershipRow, chosen: PlanRow, now: Date) {
  const bought = current.order_id ? await findOrderById(db, current.order_id) : undefined;
  const isSamePlan = bought?.kind === 'plan' && bought.item_id === chosen.id;
  // A plan in another currency cannot be offset against this one: no credit.
  const quote = quotePlanChange(
    {
      priceMinor: current.currency === chosen.currency ? current.price_minor : 0,
      startsAt: current.starts_at,
      endsAt: current.ends_at,
    },
    chosen.price_minor,
    now,
  );
  return { ...quote, isSamePlan };
}

async function requireParent(ctx: AppContext, parentId: number) {
  const parent = await findParentById(ctx.db, parentId);
  if (!parent) throw unauthenticated();
  return parent;
}

/** The plan a membership was bought as (decision 034: plan lists mark it), 0 when unknown. */
async function boughtPlanId(db: DbOrTx, row: MembershipRow) {
  const order = row.order_id ? await findOrderById(db, row.order_id) : undefined;
  return order?.kind === 'plan' ? order.item_id : 0;
}

async function toHeldPlan(db: DbOrTx, row: MembershipRow): Promise<HeldPlan> {
  return {
    planId: await boughtPlanId(db, row),
    title: { en: row.title_en, zh: row.title_zh },
    kids: row.kids,
    priceMinor: row.price_minor,
    currency: row.currency,
    endsAt: row.ends_at,
    renews: Boolean(row.subscription_id),
    payMethodType: row.pay_method_type,
    payMethodName: row.pay_method_name,
  };
}

/** `getMyPlanList`: the plans active now (normally one, decision 029), empty for non-members. */
export async function getMyPlans(
  ctx: AppContext,
  parentId: number,
): Promise<{ plans: HeldPlan[]; timeZone: string | null }> {
  const parent = await requireParent(ctx, parentId);
  const rows = await activePlansAt(ctx.db, parentId, ctx.clock.now());
  return {
    plans: await Promise.all(rows.map((row) => toHeldPlan(ctx.db, row))),
    timeZone: parent.time_zone,
  };
}

/**
 * `getMyChangePlan`: current and chosen plan side by side, with what the change costs today —
 * the new plan's price less the unused whole days of the current one (decision 029) — or why it
 * cannot be made now.
 */
export async function getPlanChange(
  ctx: AppContext,
  parentId: number,
  planId: number,
): Promise<PlanChange> {
  const parent = await requireParent(ctx, parentId);
  const now = ctx.clock.now();
  const chosen = await findBuyablePlan(ctx.db, planId, now);
  if (!chosen) throw notFound('planNotFound');
  const [current] = await activePlansAt(ctx.db, parentId, now);
  const quote = current
    ? await quoteChange(ctx.db, current, chosen, now)
    : {
        periodDays: 0,
        unusedDays: 0,
        creditMinor: 0,
        amountMinor: chosen.price_minor,
        isPayable: true,
        isSamePlan: false,
      };
  return {
    current: current ? await toHeldPlan(ctx.db, current) : null,
    chosen: toPlanForSale(chosen),
    startsAt: now,
    unusedDays: quote.unusedDays,
    periodDays: quote.periodDays,
    creditMinor: quote.creditMinor,
    amountDueMinor: Math.max(0, quote.amountMinor),
    newEndsAt: addMonth(now),
    refusal: quote.isSamePlan
      ? 'planSameAsCurrent'
      : !quote.isPayable && current
        ? 'planChangeCovered'
        : null,
    timeZone: parent.time_zone,
  };
}
