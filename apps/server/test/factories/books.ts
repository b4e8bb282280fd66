import type { AppContext } from '../../src/app-context';
import {
  creditLedger,
  memberships,
  orders,
  refunds,
  subscriptionPayments,
} from '../../src/db/schema';
import { createParent } from './parents';

/**
 * Generated books data (issue #23): orders, renewals, refunds, ledger rows and plans spread over
 * 2025-10 … 2026-09 in two currencies, with instants on the school's month boundaries
 * (Asia/Shanghai: a month starts at 16:00Z the day before), rows the books must leave out
 * (pending and stacked-plan orders, refunds not confirmed, reserves). `expectedBooks` computes
 * the figures from the raw rows with its own calendar (Intl), not the server's code.
 */
export const BOOKS_NOW = '2026-09-10T04:00:00.000Z';
const ZONE = 'Asia/Shanghai';

/** A small deterministic generator (mulberry32). */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface RawOrder {
  status: 'paid' | 'pending' | 'refunded' | 'expired';
  refundId: string | null;
  amount: number;
  currency: string;
  paidAt: Date | null;
}
export interface RawMoney {
  amount: number;
  currency: string;
  at: Date;
}
export interface RawRefund extends RawMoney {
  status: 'requested' | 'succeeded' | 'failed';
}
export interface RawLedger {
  event: string;
  key: string;
  paid: number;
  reward: number;
  reserved: number;
  at: Date;
}
export interface RawMembership {
  startsAt: Date;
  endsAt: Date;
  cancelledAt: Date | null;
}
export interface BooksRaw {
  orders: RawOrder[];
  renewals: RawMoney[];
  refunds: RawRefund[];
  ledger: RawLedger[];
  memberships: RawMembership[];
}

const DAY = 24 * 3600_000;
const START = Date.parse('2025-10-01T00:00:00Z');
const SPAN = Date.parse('2026-10-01T00:00:00Z') - START;
/** The first instant of a month in Shanghai (UTC+8, no DST) and the last millisecond before it. */
const BOUNDARIES = [
  '2026-01-31T16:00:00.000Z',
  '2026-02-28T15:59:59.999Z',
  '2026-03-31T16:00:00.000Z',
];

export async function seedBooks(ctx: AppContext, seed = 23): Promise<BooksRaw> {
  const next = random(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const instant = () =>
    next() < 0.15 ? new Date(pick(BOUNDARIES)) : new Date(START + Math.floor(next() * SPAN));
  const parents = [];
  for (let index = 0; index < 4; index += 1) parents.push(await createParent(ctx));
  const raw: BooksRaw = { orders: [], renewals: [], refunds: [], ledger: [], memberships: [] };

  for (let index = 0; index < 60; index += 1) {
    const parent = pick(parents);
    const currency = pick(['USD', 'CNY']);
    const status = pick(['paid', 'paid', 'paid', 'pending', 'refunded', 'expired'] as const);
    // A stacked plan given back at once (decision 029) carries the provider's refund id.
    const refundId = status === 'refunded' && next() < 0.5 ? `re_stack_${index}` : null;
    const paidAt = status === 'paid' || status === 'refunded' ? instant() : null;
    const amount = int(1, 99_999);
    const [order] = await ctx.db
      .insert(orders)
      .values({
        order_no: `B${seed}-${index}`,
        parent_id: parent.id,
        kind: 'package',
        item_id: index + 1,
        title_en: 'Package 读书',
        title_zh: '课时包',
        quantity: 10,
        amount_minor: amount,
        currency,
        status,
        provider: 'local',
        paid_at: paidAt,
        refund_id: refundId,
        refunded_at: status === 'refunded' ? paidAt : null,
        created_at: paidAt ?? instant(),
      })
      .returning({ id: orders.id });
    raw.orders.push({ status, refundId, amount, currency, paidAt });

    if (paidAt && refundId === null && next() < 0.5) {
      const refundStatus = pick(['succeeded', 'succeeded', 'requested', 'failed'] as const);
      const at = instant();
      const refundAmount = int(1, amount);
      await ctx.db.insert(refunds).values({
        refund_no: `R${seed}-${index}`,
        order_id: order!.id,
        parent_id: parent.id,
        amount_minor: refundAmount,
        currency,
        status: refundStatus,
        provider: 'local',
        provider_refund_id: `lre_${seed}_${index}`,
        reason: '退款 test',
        idempotency_key: `books-${seed}-${index}`,
        requested_at: new Date(at.getTime() - DAY),
        confirmed_at: refundStatus === 'succeeded' ? at : null,
      });
      raw.refunds.push({ amount: refundAmount, currency, at, status: refundStatus });
    }
  }

  for (let index = 0; index < 20; index += 1) {
    const parent = pick(parents);
    const startsAt = instant();
    const endsAt = new Date(startsAt.getTime() + int(20, 70) * DAY);
    const cancelledAt = next() < 0.3 ? new Date(startsAt.getTime() + int(1, 80) * DAY) : null;
    const [membership] = await ctx.db
      .insert(memberships)
      .values({
        parent_id: parent.id,
        title_en: 'Monthly pass',
        title_zh: '月卡',
        kids: 1,
        price_minor: 34_900,
        currency: 'CNY',
        starts_at: startsAt,
        ends_at: endsAt,
        cancelled_at: cancelledAt,
      })
      .returning({ id: memberships.id });
    raw.memberships.push({ startsAt, endsAt, cancelledAt });
    for (let renewal = 0; renewal < int(0, 2); renewal += 1) {
      const currency = pick(['USD', 'CNY']);
      const at = instant();
      const amount = int(100, 50_000);
      await ctx.db.insert(subscriptionPayments).values({
        provider: 'stripe',
        invoice_id: `in_${seed}_${index}_${renewal}`,
        subscription_id: `sub_${seed}_${index}`,
        membership_id: membership!.id,
        parent_id: parent.id,
        amount_minor: amount,
        currency,
        period_end: new Date(at.getTime() + 30 * DAY),
        paid_at: at,
      });
      raw.renewals.push({ amount, currency, at });
    }
  }

  const moves = [
    { event: 'purchase', key: 'order:X:credits', paid: () => int(1, 40), reward: () => 0 },
    { event: 'reward', key: 'order:X:extra', paid: () => 0, reward: () => int(1, 5) },
    { event: 'reward', key: 'invite:X', paid: () => 0, reward: () => int(1, 5) },
    { event: 'consume', key: 'lesson:X:consume', paid: () => -int(0, 2), reward: () => -int(0, 1) },
    { event: 'reserve', key: 'lesson:X:reserve', paid: () => 0, reward: () => 0 },
    { event: 'refund', key: 'refund:X:credits', paid: () => -int(0, 6), reward: () => -int(0, 2) },
    {
      event: 'refund_reversed',
      key: 'refund:X:restore',
      paid: () => int(0, 6),
      reward: () => int(0, 2),
    },
    { event: 'staff_correction', key: 'correction:X', paid: () => int(-3, 3), reward: () => 0 },
  ];
  for (let index = 0; index < 150; index += 1) {
    const move = pick(moves);
    const entry: RawLedger = {
      event: move.event,
      key: move.key.replace('X', `${seed}-${index}`),
      paid: move.paid(),
      reward: move.reward(),
      reserved: move.event === 'reserve' ? 1 : 0,
      at: instant(),
    };
    await ctx.db.insert(creditLedger).values({
      parent_id: pick(parents).id,
      event: entry.event,
      paid_delta: entry.paid,
      reward_delta: entry.reward,
      reserved_delta: entry.reserved,
      title_en: 'Books row',
      title_zh: '账目记录',
      idempotency_key: entry.key,
      created_at: entry.at,
    });
    raw.ledger.push(entry);
  }
  return raw;
}

const monthFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: ZONE,
  year: 'numeric',
  month: '2-digit',
});
/** "YYYY-MM" of an instant on the school's calendar (Intl, independent of the server's code). */
export const monthOf = (at: Date) => monthFormat.format(at).slice(0, 7);

/** The books' figures computed in plain code from the raw rows. */
export function expectedBooks(raw: BooksRaw, months: string[], now: Date) {
  const inRange = (at: Date | null) => at !== null && months.includes(monthOf(at));
  const currencies = [
    ...new Set([
      ...raw.orders
        .filter(
          (order) =>
            inRange(order.paidAt) &&
            (order.status === 'paid' || (order.status === 'refunded' && !order.refundId)),
        )
        .map((order) => order.currency),
      ...raw.renewals.filter((renewal) => inRange(renewal.at)).map((renewal) => renewal.currency),
      ...raw.refunds
        .filter((refund) => refund.status === 'succeeded' && inRange(refund.at))
        .map((refund) => refund.currency),
    ]),
  ].sort();
  const money = months.flatMap((month) =>
    currencies.map((currency) => {
      const paid = raw.orders.filter(
        (order) =>
          order.paidAt !== null &&
          monthOf(order.paidAt) === month &&
          order.currency === currency &&
          (order.status === 'paid' || (order.status === 'refunded' && order.refundId === null)),
      );
      const renewals = raw.renewals.filter(
        (renewal) => monthOf(renewal.at) === month && renewal.currency === currency,
      );
      const refunded = raw.refunds.filter(
        (refund) =>
          refund.status === 'succeeded' &&
          monthOf(refund.at) === month &&
          refund.currency === currency,
      );
      const sum = (rows: { amount: number }[]) =>
        rows.reduce((total, row) => total + row.amount, 0);
      return {
        month,
        currency,
        ordersCount: paid.length,
        ordersMinor: sum(paid),
        renewalsCount: renewals.length,
        renewalsMinor: sum(renewals),
        refundsCount: refunded.length,
        refundsMinor: sum(refunded),
        revenueMinor: sum(paid) + sum(renewals) - sum(refunded),
      };
    }),
  );
  const credits = months.map((month) => {
    const rows = raw.ledger.filter((row) => monthOf(row.at) === month);
    const total = (filter: (row: RawLedger) => boolean) =>
      rows.filter(filter).reduce((sum, row) => sum + row.paid + row.reward, 0);
    const ended = raw.memberships.filter((membership) => {
      const end = new Date(
        Math.min(
          membership.endsAt.getTime(),
          (membership.cancelledAt ?? membership.endsAt).getTime(),
        ),
      );
      return monthOf(end) === month && end.getTime() <= now.getTime();
    });
    return {
      month,
      sold:
        rows.filter((row) => row.event === 'purchase').reduce((sum, row) => sum + row.paid, 0) +
        rows
          .filter((row) => row.event === 'reward' && /^order:.*:extra$/.test(row.key))
          .reduce((sum, row) => sum + row.reward, 0),
      consumed: 0 - total((row) => row.event === 'consume'),
      takenBack: 0 - total((row) => row.event === 'refund'),
      restored: total((row) => row.event === 'refund_reversed'),
      outstanding: raw.ledger
        .filter((row) => monthOf(row.at) <= month)
        .reduce((sum, row) => sum + row.paid + row.reward, 0),
      membershipsStarted: raw.memberships.filter(
        (membership) => monthOf(membership.startsAt) === month,
      ).length,
      membershipsEnded: ended.length,
    };
  });
  const totals = currencies.map((currency) => {
    const rows = money.filter((row) => row.currency === currency);
    const sum = (field: Exclude<keyof (typeof money)[number], 'month' | 'currency'>) =>
      rows.reduce((total, row) => total + row[field], 0);
    return {
      currency,
      ordersCount: sum('ordersCount'),
      ordersMinor: sum('ordersMinor'),
      renewalsCount: sum('renewalsCount'),
      renewalsMinor: sum('renewalsMinor'),
      refundsCount: sum('refundsCount'),
      refundsMinor: sum('refundsMinor'),
      revenueMinor: sum('revenueMinor'),
    };
  });
  return { months, currencies, money, credits, totals };
}
