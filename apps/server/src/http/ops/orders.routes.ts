import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@portal/shared/api';
import {
  AttentionListSchema,
  OpsPageQuerySchema,
  OrderDetailSchema,
  OrderListQuerySchema,
  OrderListSchema,
  OrderParamsSchema,
  type AttentionItem,
  type OpsOrder,
  type OrderDetail,
} from '@portal/shared/staff';
import type { AppContext } from '../../app-context';
import {
  getOrderDetail,
  listAttention,
  listOrders,
  type AttentionEntry,
  type OrderDetailView,
  type OrderSummary,
} from '../../modules/billing/orders-admin.service';
import { ok } from '../envelope';

const iso = (date: Date) => date.toISOString();
const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);

const orderWire = (order: OrderSummary): OpsOrder => ({
  ...order,
  createdAt: iso(order.createdAt),
  paidAt: isoOrNull(order.paidAt),
});

const orderDetailWire = (order: OrderDetailView): OrderDetail => ({
  ...order,
  ...orderWire(order),
  expiresAt: iso(order.expiresAt),
  sessions: order.sessions.map((session) => ({ ...session, createdAt: iso(session.createdAt) })),
  // Only verified notifications are recorded (a bad signature is refused with no row).
  events: order.events.map((event) => ({
    ...event,
    receivedAt: iso(event.receivedAt),
    verified: true as const,
  })),
  ledger: order.ledger.map((row) => ({ ...row, createdAt: iso(row.createdAt) })),
  refunds: order.refunds.map((refund) => ({
    ...refund,
    requestedAt: iso(refund.requestedAt),
    confirmedAt: isoOrNull(refund.confirmedAt),
  })),
});

const attentionWire = (item: AttentionEntry): AttentionItem => ({
  ...item,
  receivedAt: iso(item.receivedAt),
});

/**
 * Orders and payments that need attention (issue #23, `orders.read`: admin and adviser): the
 * list with its filters, one order with its sessions, notifications, ledger rows and refunds,
 * and the paid notifications nobody has handled. The writes are in money.routes.ts.
 */
export const ordersRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const config = { permission: 'orders.read' } as const;
  const tags = ['ops: orders'];

  app.get(
    '/orders',
    {
      config,
      schema: {
        tags,
        summary: 'Orders, newest first, by status, provider, day, amount and parent',
        querystring: OrderListQuerySchema,
        response: { 200: envelope(OrderListSchema) },
      },
    },
    async (request) => {
      const { items, total } = await listOrders(ctx, request.query);
      return ok({ items: items.map(orderWire), total });
    },
  );

  app.get(
    '/orders/:orderNo',
    {
      config,
      schema: {
        tags,
        summary: 'One order: sessions, notifications as received, ledger rows, refunds',
        params: OrderParamsSchema,
        response: { 200: envelope(OrderDetailSchema) },
      },
    },
    async (request) => ok(orderDetailWire(await getOrderDetail(ctx, request.params.orderNo))),
  );

  app.get(
    '/payment-attention',
    {
      config,
      schema: {
        tags,
        summary: 'Paid notifications not fulfilled and not yet handled, oldest first',
        querystring: OpsPageQuerySchema,
        response: { 200: envelope(AttentionListSchema) },
      },
    },
    async (request) => {
      const { items, total } = await listAttention(ctx, request.query);
      return ok({ items: items.map(attentionWire), total });
    },
  );
};
