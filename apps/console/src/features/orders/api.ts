import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  AttentionActionAnswerSchema,
  AttentionListSchema,
  MembershipAnswerSchema,
  MembershipCancelPreviewSchema,
  OrderDetailSchema,
  OrderListSchema,
  RefundAnswerSchema,
  RefundPreviewSchema,
  type AttentionActionBody,
  type MembershipCancelBody,
  type OrderListQuery,
  type RefundBody,
} from '@portal/shared/staff';
import { api, OPS_API } from '../../lib/api-client';

const order = (orderNo: string) => `${OPS_API}/orders/${encodeURIComponent(orderNo)}`;
const membership = (userSn: string) =>
  `${OPS_API}/families/${encodeURIComponent(userSn)}/membership`;

/** The keys of this feature's queries: a write refreshes what it changed by these prefixes. */
export const orderKeys = {
  all: ['ops', 'orders'] as const,
  one: (orderNo: string) => ['ops', 'order', orderNo] as const,
  attention: ['ops', 'payment-attention'] as const,
  membership: (userSn: string) => ['ops', 'family', userSn, 'membership'] as const,
};

/** GET /api/ops/orders: one page, filtered by the server. */
export const ordersQuery = (query: OrderListQuery) =>
  queryOptions({
    queryKey: [...orderKeys.all, query],
    queryFn: ({ signal }) =>
      api.get(`${OPS_API}/orders`, { query: { ...query }, schema: OrderListSchema, signal }),
    placeholderData: keepPreviousData,
  });

/** GET /api/ops/orders/:orderNo. Silent: the page says "not found" itself. */
export const orderQuery = (orderNo: string) =>
  queryOptions({
    queryKey: [...orderKeys.one(orderNo), 'detail'],
    queryFn: ({ signal }) =>
      api.get(order(orderNo), { schema: OrderDetailSchema, signal, silent: true }),
  });

/** GET /api/ops/orders/:orderNo/refund-preview?amount=. */
export const refundPreviewQuery = (orderNo: string, amount: number) =>
  queryOptions({
    queryKey: [...orderKeys.one(orderNo), 'refund-preview', amount],
    queryFn: ({ signal }) =>
      api.get(`${order(orderNo)}/refund-preview`, {
        query: { amount },
        schema: RefundPreviewSchema,
        signal,
        silent: true,
      }),
    placeholderData: keepPreviousData,
  });

/** GET /api/ops/payment-attention. */
export const attentionQuery = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: [...orderKeys.attention, { page, pageSize }],
    queryFn: ({ signal }) =>
      api.get(`${OPS_API}/payment-attention`, {
        query: { page, pageSize },
        schema: AttentionListSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** GET /api/ops/families/:userSn/membership. */
export const membershipQuery = (userSn: string) =>
  queryOptions({
    queryKey: [...orderKeys.membership(userSn), 'current'],
    queryFn: ({ signal }) =>
      api.get(membership(userSn), { schema: MembershipAnswerSchema, signal, silent: true }),
  });

/** GET /api/ops/families/:userSn/membership/cancel-preview. */
export const cancelPreviewQuery = (userSn: string) =>
  queryOptions({
    queryKey: [...orderKeys.membership(userSn), 'cancel-preview'],
    queryFn: ({ signal }) =>
      api.get(`${membership(userSn)}/cancel-preview`, {
        schema: MembershipCancelPreviewSchema,
        signal,
        silent: true,
      }),
    staleTime: 0,
  });

/** Writes answer their errors in the dialog (silent: no toast besides). */
export const ordersApi = {
  refund: (orderNo: string, body: RefundBody) =>
    api.post(`${order(orderNo)}/refunds`, body, { schema: RefundAnswerSchema, silent: true }),
  fulfil: (id: number, body: AttentionActionBody) =>
    api.post(`${OPS_API}/payment-events/${id}/fulfil`, body, {
      schema: AttentionActionAnswerSchema,
      silent: true,
    }),
  refundPayment: (id: number, body: AttentionActionBody) =>
    api.post(`${OPS_API}/payment-events/${id}/refund`, body, {
      schema: AttentionActionAnswerSchema,
      silent: true,
    }),
  cancelMembership: (userSn: string, body: MembershipCancelBody) =>
    api.post(`${membership(userSn)}/cancel`, body, {
      schema: MembershipAnswerSchema,
      silent: true,
    }),
};

/** After a money write: the orders, the attention list and the family's figures are stale. */
export function refreshAfterMoneyWrite(client: QueryClient, keys: readonly (readonly string[])[]) {
  void Promise.all(
    [orderKeys.all, orderKeys.attention, ...keys].map((queryKey) =>
      client.invalidateQueries({ queryKey }),
    ),
  );
}
