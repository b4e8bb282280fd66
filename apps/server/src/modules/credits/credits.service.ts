import type { AppContext } from '../../app-context';
import { unauthenticated } from '../../lib/app-error';
import { findParentById } from '../parents/parents.service';
import { sumCredits } from './credits.repository';

export interface Account {
  /** Credits held: paid + reward (decisions.md). */
  balance: number;
  /** What is left after reservations for scheduled lessons. */
  balance_valid: number;
  purchased_credit: number;
  reward_credit: number;
  member_expire_show: string;
  member_type: number;
  language: string;
}

/**
 * `GET /api/accounts?model=lessons` (spec §3 Account): balances derived from the ledger.
 * The membership fields come from billing (the route composes them; credits does not know plans).
 */
export async function getAccount(
  ctx: Pick<AppContext, 'db'>,
  parentId: number,
  membership: { member_expire_show: string; member_type: number } = {
    member_expire_show: '',
    member_type: 0,
  },
): Promise<Account> {
  const parent = await findParentById(ctx.db, parentId);
  if (!parent) throw unauthenticated();
  const totals = await sumCredits(ctx.db, parentId);
  const balance = totals.paid + totals.reward;
  return {
    balance,
    balance_valid: balance - totals.reserved,
    purchased_credit: totals.paid,
    reward_credit: totals.reward,
    member_expire_show: membership.member_expire_show,
    member_type: membership.member_type,
    language: parent.language ?? '',
  };
}
