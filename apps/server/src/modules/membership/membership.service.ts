import type { AppContext } from '../../app-context';
import type { DbOrTx, Transaction } from '../../db/client';
import {
  cancelActiveMemberships,
  findActiveMemberships,
  insertMembership,
  updateMembership,
  updateMembershipsOfSubscription,
  type MembershipRow,
} from './membership.repository';

export type { MembershipRow } from './membership.repository';

/** A parent's plan: `member_status` 1 while one is active (docs/product.md → Plans). */
export interface Membership {
  member_status: 0 | 1;
  member_kids: number;
  member_type: number;
  expires_at: Date | null;
  plan: MembershipRow | null;
}

export function getMembership(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  parentId: number,
): Promise<Membership> {
  return getMembershipAt(ctx.db, parentId, ctx.clock.now());
}

/** The plan active at `at` (lessons ask at each lesson's start), inside the caller's transaction. */
export async function getMembershipAt(db: DbOrTx, parentId: number, at: Date): Promise<Membership> {
  const [plan] = await findActiveMemberships(db, parentId, at);
  if (!plan)
    return { member_status: 0, member_kids: 0, member_type: 0, expires_at: null, plan: null };
  return {
    member_status: 1,
    member_kids: plan.kids,
    member_type: plan.member_type,
    expires_at: plan.ends_at,
    plan,
  };
}

/**
 * Changes one plan held (staff cancel it at the period's end or at once: billing's
 * plan-cancel.service), inside the caller's transaction.
 */
export function updateMembershipRow(db: DbOrTx, id: number, patch: Partial<MembershipRow>) {
  return updateMembership(db, id, patch);
}

/** Every plan active at `at`, the longest first (normally one: decision 029). */
export function activePlansAt(db: DbOrTx, parentId: number, at: Date): Promise<MembershipRow[]> {
  return findActiveMemberships(db, parentId, at);
}

/** One calendar month later (a monthly plan's period), keeping the wall-clock day where it can. */
export function addMonth(from: Date): Date {
  const next = new Date(from);
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const last = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, last));
  return next;
}

/** A month of a plan, bought by a paid order. */
export interface NewMembership {
  parentId: number;
  title: { en: string; zh: string };
  kids: number;
  memberType: number;
  /** The plan's monthly price (what a renewal costs), in minor units. */
  priceMinor: number;
  currency: string;
  /** 1 card, 2 mobile wallet (spec §9). */
  payMethodType: number;
  payMethodName: string;
  orderId: number;
  /** The provider's subscription that renews it monthly, if any. */
  subscriptionId: string | null;
}

/**
 * Starts a plan's first month now, inside the caller's transaction (the order's fulfilment).
 * One plan at a time (decision 029): a change of plan takes effect at once, so the plan running
 * now stops now.
 */
export async function startMembership(tx: Transaction, plan: NewMembership, now: Date) {
  await cancelActiveMemberships(tx, plan.parentId, now);
  await insertMembership(tx, {
    parent_id: plan.parentId,
    title_en: plan.title.en,
    title_zh: plan.title.zh,
    kids: plan.kids,
    member_type: plan.memberType,
    price_minor: plan.priceMinor,
    currency: plan.currency,
    starts_at: now,
    ends_at: addMonth(now),
    pay_method_type: plan.payMethodType,
    pay_method_name: plan.payMethodName,
    order_id: plan.orderId,
    subscription_id: plan.subscriptionId,
  });
}

/**
 * A renewal paid at the provider: the subscription's plan runs to `periodEnd`. Answers the plans
 * renewed (none: not ours, or ended).
 */
export function renewSubscription(
  tx: Transaction,
  subscriptionId: string,
  periodEnd: Date,
  now: Date,
): Promise<MembershipRow[]> {
  return updateMembershipsOfSubscription(tx, subscriptionId, {
    ends_at: periodEnd,
    updated_at: now,
  });
}

/**
 * The provider ended the subscription (when the paid month is over): its plan stops now.
 * Answers whether one did.
 */
export async function endSubscription(
  tx: Transaction,
  subscriptionId: string,
  now: Date,
): Promise<boolean> {
  const ended = await updateMembershipsOfSubscription(tx, subscriptionId, {
    cancelled_at: now,
    updated_at: now,
  });
  return ended.length > 0;
}
