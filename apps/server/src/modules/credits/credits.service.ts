import type { AppContext } from '../../app-context';
import { unauthenticated } from '../../lib/app-error';
import { findParentById } from '../parents/parents.service';
import { sumCredits } from './credits.repository';
import { availableOf } from './ledger.service';

/** A parent's credits, derived from the ledger (docs/product.md → Lessons and credits). */
export interface CreditAccount {
  /** Credits held: paid + reward. */
  balance: number;
  /** What is left after reservations for scheduled lessons. */
  available: number;
  purchased: number;
  reward: number;
  /** The holder's language and calendar, which the account header shows beside the credits. */
  holder: { language: string | null; timeZone: string | null };
}

/** The signed-in parent's credits (spec §3 Account); an unknown parent is signed out. */
export async function getAccount(
  ctx: Pick<AppContext, 'db'>,
  parentId: number,
): Promise<CreditAccount> {
  const parent = await findParentById(ctx.db, parentId);
  if (!parent) throw unauthenticated();
  const totals = await sumCredits(ctx.db, parentId);
  const balance = totals.paid + totals.reward;
  return {
    balance,
    available: availableOf(totals),
    purchased: totals.paid,
    reward: totals.reward,
    holder: { language: parent.language, timeZone: parent.time_zone },
  };
}
