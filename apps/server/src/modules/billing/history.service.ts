import type { AppContext } from '../../app-context';
import { unauthenticated } from '../../lib/app-error';
import { findParentById } from '../parents/parents.service';
import {
  countChargeOrders,
  countRechargeOrders,
  findChargeOrders,
  findRechargeOrders,
} from './history.repository';
import type { OrderRow } from './orders.repository';
import type { Bilingual } from './shop.service';

/** One page of a history: which rows, how many in all. */
export interface PageRequest {
  page: number;
  pageSize: number;
}

const window = (page: PageRequest) => ({
  limit: page.pageSize,
  offset: (page.page - 1) * page.pageSize,
});

/** An order that charged (or was to charge) the parent: paid, refunded or cancelled. */
export interface Charge {
  orderNo: string;
  /** When it was paid, or made. */
  date: Date;
  title: Bilingual;
  amountMinor: number;
  currency: string;
  status: OrderRow['status'];
  /** Refunded so far, confirmed by the provider (issue #23). */
  refundedMinor: number;
}

/** A paid credit purchase (a package or a credit good). */
export interface CreditPurchaseReceipt {
  orderNo: string;
  paidAt: Date;
  amountMinor: number;
  currency: string;
  /** Every credit it gave, the free extra included. */
  credits: number;
}

/** `getChargesList`: orders that were paid, refunded or cancelled, newest first. */
export async function getCharges(
  ctx: AppContext,
  parentId: number,
  page: PageRequest,
): Promise<{ charges: Charge[]; total: number; timeZone: string | null }> {
  const parent = await findParentById(ctx.db, parentId);
  if (!parent) throw unauthenticated();
  const [rows, total] = await Promise.all([
    findChargeOrders(ctx.db, parentId, window(page)),
    countChargeOrders(ctx.db, parentId),
  ]);
  return {
    charges: rows.map((row) => ({
      orderNo: row.order_no,
      date: row.paid_at ?? row.created_at,
      title: { en: row.title_en, zh: row.title_zh },
      amountMinor: row.amount_minor,
      currency: row.currency,
      status: row.status,
      refundedMinor: row.refunded_minor,
    })),
    total,
    timeZone: parent.time_zone,
  };
}

/** `account-logs/recharge`: paid credit purchases in [from, to), newest first. */
export async function getCreditPurchases(
  ctx: AppContext,
  parentId: number,
  range: { from?: Date | undefined; to?: Date | undefined },
  page: PageRequest,
): Promise<{ purchases: CreditPurchaseReceipt[]; total: number }> {
  const [rows, total] = await Promise.all([
    findRechargeOrders(ctx.db, parentId, range, window(page)),
    countRechargeOrders(ctx.db, parentId, range),
  ]);
  return {
    purchases: rows.map((row) => ({
      orderNo: row.order_no,
      paidAt: row.paid_at ?? row.created_at,
      amountMinor: row.amount_minor,
      currency: row.currency,
      credits: row.quantity + row.extra_quantity,
    })),
    total,
  };
}
