import { CREDIT_EVENTS } from '@portal/shared/credits';
import type { AppContext } from '../../app-context';
import { badRequest } from '../../lib/app-error';
import { countLedger, findBalancesAfter, findLedgerPage } from './credit-log.repository';

/** One row of the credit history (decision 034: with what it does to free and held credits). */
export interface CreditLogEntry {
  id: number;
  createdAt: Date;
  /** Shown in the history, in both languages. */
  title: { en: string; zh: string };
  /** The ledger event as recorded (purchase, reward, reserve, release, consume, …). */
  event: string;
  /** Change of the balance (paid + reward); reservations change none. */
  change: number;
  /** Of that change, paid and reward credit (the school's console shows both). */
  paidChange: number;
  rewardChange: number;
  /** Change of the credits free to book: a reservation moves credits from free to held. */
  availableChange: number;
  /** Change of the credits held for booked lessons. */
  heldChange: number;
  /** Credits held after the row (paid + reward), as the header's balance counts them. */
  balanceAfter: number;
  /** Of those, free to book after the row. */
  availableAfter: number;
}

export interface CreditLogQuery {
  /** One of the history's transaction types (`CREDIT_EVENTS`); another is refused. */
  event?: string | undefined;
  /** Credits added (`in`) or spent (`out`). */
  direction?: 'in' | 'out' | undefined;
  /** Rows created in [from, to). */
  from?: Date | undefined;
  to?: Date | undefined;
}

/** The parent's credit ledger, newest first, with the history's filters (`account-logs/creditPC`). */
export async function getCreditLog(
  ctx: Pick<AppContext, 'db'>,
  parentId: number,
  query: CreditLogQuery,
  page: { page: number; pageSize: number },
): Promise<{ entries: CreditLogEntry[]; total: number }> {
  if (query.event !== undefined && !(query.event in CREDIT_EVENTS))
    throw badRequest('invalidRequest');
  const filter = {
    ...(query.event === undefined ? {} : { event: query.event }),
    ...(query.direction ? { direction: query.direction } : {}),
    ...(query.from ? { from: query.from } : {}),
    ...(query.to ? { to: query.to } : {}),
  };
  const [rows, total] = await Promise.all([
    findLedgerPage(ctx.db, parentId, filter, {
      limit: page.pageSize,
      offset: (page.page - 1) * page.pageSize,
    }),
    countLedger(ctx.db, parentId, filter),
  ]);
  const after = await findBalancesAfter(
    ctx.db,
    parentId,
    rows.map((row) => row.id),
  );
  return {
    entries: rows.map((row) => {
      const balances = after.get(row.id) ?? { balance: 0, held: 0 };
      const change = row.paid_delta + row.reward_delta;
      return {
        id: row.id,
        createdAt: row.created_at,
        title: { en: row.title_en, zh: row.title_zh },
        event: row.event,
        change,
        paidChange: row.paid_delta,
        rewardChange: row.reward_delta,
        availableChange: change - row.reserved_delta,
        heldChange: row.reserved_delta,
        balanceAfter: balances.balance,
        availableAfter: balances.balance - balances.held,
      };
    }),
    total,
  };
}
