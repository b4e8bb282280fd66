import type { AppContext } from '../../app-context';
import type { DbOrTx } from '../../db/client';
import { findActiveMemberships, type MembershipRow } from './membership.repository';

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

/** Every plan active at `at`, the longest first (normally one: decision 029). */
export function activePlansAt(db: DbOrTx, parentId: number, at: Date): Promise<MembershipRow[]> {
  return findActiveMemberships(db, parentId, at);
}
