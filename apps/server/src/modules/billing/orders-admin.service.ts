import type { OrderListQuery, OrderStatus, RefundStatus } from '@portal/shared/staff';
import type { AppContext } from '../../app-context';
import { likePattern } from '../../db/like';
import { notFound } from '../../lib/app-error';
import { zonedTimeToUtc } from '../../lib/time';
import {
  findAttentionPage,
  findEventsOfOrder,
  findLedgerOfOrder,
  findOrderByNo,
  findOrderPage,
  findRefundsOfOrder,
  findSessionsOfOrder,
  type OrderListFilter,
} from './orders-admin.repository';

/**
 * The school's view of orders and payments (issue #23): the orders list with its filters, one
 * order with everything that happened to it, and the paid notifications that need a person
 * (docs/decisions/048-money-console.md). Read only; the writes are refunds.service.ts's.
 */

type Bilingual = { en: string; zh: string };
type OrderKind = 'package' | 'good' | 'plan';

export interface OrderSummary {
  orderNo: string;
  createdAt: Date;
  paidAt: Date | null;
  parent: { userSn: string; name: string };
  kind: OrderKind;
  title: Bilingual;
  amount: number;
  refunded: number;
  currency: string;
  status: OrderStatus;
  provider: string;
}

export interface OrderDetailView extends OrderSummary {
  quantity: number;
  extraQuantity: number;
  kids: number;
  payMethod: number;
  expiresAt: Date;
  sessions: {
    sessionId: string;
    provider: string;
    payMethod: number;
    createdAt: Date;
    accepted: boolean;
  }[];
  events: {
    id: number;
    eventId: string;
    provider: string;
    type: string;
    receivedAt: Date;
    outcome: string;
    detail: Record<string, unknown> | null;
  }[];
  ledger: {
    id: number;
    createdAt: Date;
    event: string;
    title: Bilingual;
    paidDelta: number;
    rewardDelta: number;
    reservedDelta: number;
  }[];
  refunds: {
    refundNo: string;
    amount: number;
    currency: string;
    credits: number;
    status: RefundStatus;
    reason: string;
    requestedAt: Date;
    confirmedAt: Date | null;
    failureReason: string | null;
    staff: { id: number; name: string } | null;
    isPlanCancellation: boolean;
  }[];
  refundable: number;
}

export type AttentionAction = 'fulfil' | 'refund';

export interface AttentionEntry {
  id: number;
  eventId: string;
  provider: string;
  receivedAt: Date;
  reason: 'mismatch' | 'unknown_session';
  sessionId: string;
  amount: number;
  currency: string;
  order: {
    orderNo: string;
    amount: number;
    currency: string;
    status: OrderStatus;
    parent: { userSn: string; name: string };
  } | null;
  actions: AttentionAction[];
}

/** Characters a phone number is typed with; anything else makes the search a text search only. */
const PHONE_LIKE = /^[\d\s+()\-.]+$/;

/** The first instant of a day of the school's calendar (the day may overflow its month). */
function schoolDayStart(ctx: Pick<AppContext, 'config'>, iso: string, plusDays = 0): Date {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  return zonedTimeToUtc(
    { year, month, day: day + plusDays, hour: 0, minute: 0 },
    ctx.config.schoolTimeZone,
  );
}

/** The list's query as SQL filters: days in the school's zone, the parent box as patterns. */
export function orderFilterOf(
  ctx: Pick<AppContext, 'config'>,
  query: Omit<OrderListQuery, 'page' | 'pageSize'>,
): OrderListFilter {
  const text = query.parent?.trim();
  const digits = text?.replace(/\D/g, '') ?? '';
  return {
    ...(query.status ? { status: query.status } : {}),
    ...(query.provider ? { provider: query.provider } : {}),
    ...(query.from ? { createdFrom: schoolDayStart(ctx, query.from) } : {}),
    ...(query.to ? { createdBefore: schoolDayStart(ctx, query.to, 1) } : {}),
    ...(query.minAmount === undefined ? {} : { minAmount: query.minAmount }),
    ...(query.maxAmount === undefined ? {} : { maxAmount: query.maxAmount }),
    ...(text ? { textPattern: likePattern(text) } : {}),
    ...(text && PHONE_LIKE.test(text) && digits.length >= 3
      ? { digitsPattern: `%${digits}%` }
      : {}),
  };
}

type OrderRowLike = Awaited<ReturnType<typeof findOrderPage>>['rows'][number];

function summaryOf(row: OrderRowLike): OrderSummary {
  return {
    orderNo: row.orderNo,
    createdAt: row.createdAt,
    paidAt: row.paidAt,
    parent: { userSn: row.userSn, name: row.parentName ?? '' },
    kind: row.kind,
    title: { en: row.titleEn, zh: row.titleZh },
    amount: row.amount,
    refunded: row.refunded,
    currency: row.currency,
    status: row.status,
    provider: row.provider,
  };
}

/** GET /api/ops/orders: newest first. */
export async function listOrders(
  ctx: Pick<AppContext, 'db' | 'config'>,
  query: OrderListQuery,
): Promise<{ items: OrderSummary[]; total: number }> {
  const { rows, total } = await findOrderPage(ctx.db, orderFilterOf(ctx, query), {
    offset: (query.page - 1) * query.pageSize,
    limit: query.pageSize,
  });
  return { items: rows.map(summaryOf), total };
}

/** GET /api/ops/orders/:orderNo, or 404 `orderNotFound`. */
export async function getOrderDetail(
  ctx: Pick<AppContext, 'db'>,
  orderNo: string,
): Promise<OrderDetailView> {
  const order = await findOrderByNo(ctx.db, orderNo);
  if (!order) throw notFound('orderNotFound');
  const refundRows = await findRefundsOfOrder(ctx.db, order.id);
  const refundNos = refundRows.map(({ refund }) => refund.refund_no);
  const [sessions, events, ledger] = await Promise.all([
    findSessionsOfOrder(ctx.db, order.id),
    findEventsOfOrder(ctx.db, order.id, refundNos),
    findLedgerOfOrder(ctx.db, order.parentId, order.orderNo, refundNos),
  ]);
  const refundedOrAsked = refundRows
    .filter(({ refund }) => refund.status !== 'failed')
    .reduce((sum, { refund }) => sum + refund.amount_minor, 0);
  return {
    ...summaryOf(order),
    quantity: order.quantity,
    extraQuantity: order.extraQuantity,
    kids: order.kids,
    payMethod: order.payMethod,
    expiresAt: order.expiresAt,
    sessions: sessions.map((session) => ({
      sessionId: session.session_id,
      provider: session.provider,
      payMethod: session.pay_method,
      createdAt: session.created_at,
      accepted: session.session_id === order.acceptedSessionId,
    })),
    events: events.map((event) => ({
      id: event.id,
      eventId: event.event_id,
      provider: event.provider,
      type: event.type,
      receivedAt: event.received_at,
      outcome: event.outcome,
      detail: event.detail ?? null,
    })),
    ledger: ledger.map((row) => ({
      id: row.id,
      createdAt: row.created_at,
      event: row.event,
      title: { en: row.title_en, zh: row.title_zh },
      paidDelta: row.paid_delta,
      rewardDelta: row.reward_delta,
      reservedDelta: row.reserved_delta,
    })),
    refunds: refundRows.map(({ refund, staffName }) => ({
      refundNo: refund.refund_no,
      amount: refund.amount_minor,
      currency: refund.currency,
      credits: refund.credits_taken_back,
      status: refund.status,
      reason: refund.reason,
      requestedAt: refund.requested_at,
      confirmedAt: refund.confirmed_at,
      failureReason: refund.failure_reason,
      staff: refund.staff_id === null ? null : { id: refund.staff_id, name: staffName ?? '' },
      isPlanCancellation: refund.membership_id !== null,
    })),
    refundable: order.status === 'paid' ? Math.max(0, order.amount - refundedOrAsked) : 0,
  };
}

/** A number from the notification's detail, or 0. */
const numberOf = (value: unknown) => (typeof value === 'number' ? value : 0);
const stringOf = (value: unknown) => (typeof value === 'string' ? value : '');

/** Orders a payment may still be put to (decision 048 §5). */
const FULFILLABLE: readonly OrderStatus[] = ['pending', 'cancelled', 'expired'];

/** GET /api/ops/payment-attention: oldest first, with the actions each allows. */
export async function listAttention(
  ctx: Pick<AppContext, 'db'>,
  page: { page: number; pageSize: number },
): Promise<{ items: AttentionEntry[]; total: number }> {
  const { rows, total } = await findAttentionPage(ctx.db, {
    offset: (page.page - 1) * page.pageSize,
    limit: page.pageSize,
  });
  return {
    items: rows.map(({ event, order, userSn, parentName }) => {
      const detail = event.detail ?? {};
      const reason = event.outcome === 'mismatch' ? 'mismatch' : 'unknown_session';
      const sessionId = stringOf(detail.sessionId);
      const actions: AttentionAction[] = [];
      if (reason === 'mismatch' && order && FULFILLABLE.includes(order.status))
        actions.push('fulfil');
      if (sessionId) actions.push('refund');
      return {
        id: event.id,
        eventId: event.event_id,
        provider: event.provider,
        receivedAt: event.received_at,
        reason,
        sessionId,
        amount: numberOf(detail.amountMinor),
        currency: stringOf(detail.currency).toUpperCase(),
        order: order
          ? { ...order, parent: { userSn: userSn ?? '', name: parentName ?? '' } }
          : null,
        actions,
      };
    }),
    total,
  };
}
