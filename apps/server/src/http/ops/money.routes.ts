import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AttentionActionAnswerSchema,
  AttentionActionBodySchema,
  FamilyParamsSchema,
  MembershipAnswerSchema,
  MembershipCancelBodySchema,
  MembershipCancelPreviewSchema,
  OrderParamsSchema,
  PaymentEventParamsSchema,
  RefundAnswerSchema,
  RefundBodySchema,
  RefundPreviewQuerySchema,
  RefundPreviewSchema,
} from '@portal/shared/staff';
import { envelope } from '@portal/shared/api';
import type { AppContext } from '../../app-context';
import { notFound } from '../../lib/app-error';
import { handleAttention, previewRefund, refundOrder } from '../../modules/billing/refunds.service';
import {
  cancelMembership,
  getFamilyMembership,
  previewMembershipCancel,
} from '../../modules/billing/plan-cancel.service';
import { findParentByUserSn } from '../../modules/parents/parents.service';
import { ok } from '../envelope';
import { actorOf } from './families.routes';

/**
 * Money writes of the console (issue #23, decision 048): refunds of an order, payments that need
 * attention fulfilled or refunded by hand, and a family's plan read and cancelled. Writes are
 * `money.manage` (admins), audited in their transaction and exact under retries (idempotency
 * keys, row locks); reading a family's plan is `orders.read`.
 */
export const moneyRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const read = { permission: 'orders.read' } as const;
  const manage = { permission: 'money.manage' } as const;
  const tags = ['ops: money'];

  const parentIdOf = async (userSn: string) => {
    const parent = await findParentByUserSn(ctx.db, userSn);
    if (!parent) throw notFound();
    return parent.id;
  };
  const moneyActor = (request: Parameters<typeof actorOf>[0]) => {
    const { staffId, ip } = actorOf(request);
    return { staffId, ip };
  };

  app.get(
    '/orders/:orderNo/refund-preview',
    {
      config: manage,
      schema: {
        tags,
        summary: 'What a refund of an amount would give back and take back',
        params: OrderParamsSchema,
        querystring: RefundPreviewQuerySchema,
        response: { 200: envelope(RefundPreviewSchema) },
      },
    },
    async (request) => ok(await previewRefund(ctx, request.params.orderNo, request.query.amount)),
  );

  app.post(
    '/orders/:orderNo/refunds',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Refund an order and take back credits (exactly once per idempotency key)',
        params: OrderParamsSchema,
        body: RefundBodySchema,
        response: { 200: envelope(RefundAnswerSchema) },
      },
    },
    async (request) => {
      const { refund } = await refundOrder(ctx, moneyActor(request), {
        orderNo: request.params.orderNo,
        ...request.body,
      });
      return ok({ refund });
    },
  );

  for (const action of ['fulfil', 'refund'] as const)
    app.post(
      `/payment-events/:id/${action}`,
      {
        config: manage,
        schema: {
          tags,
          summary:
            action === 'fulfil'
              ? 'Fulfil by hand a paid payment that needs attention'
              : 'Give back a paid payment that needs attention',
          params: PaymentEventParamsSchema,
          body: AttentionActionBodySchema,
          response: { 200: envelope(AttentionActionAnswerSchema) },
        },
      },
      async (request) =>
        ok(
          await handleAttention(
            ctx,
            moneyActor(request),
            request.params.id,
            action,
            request.body.reason,
          ),
        ),
    );

  app.get(
    '/families/:userSn/membership',
    {
      config: read,
      schema: {
        tags,
        summary: "A family's plan running now",
        params: FamilyParamsSchema,
        response: { 200: envelope(MembershipAnswerSchema) },
      },
    },
    async (request) =>
      ok({
        membership: await getFamilyMembership(ctx, await parentIdOf(request.params.userSn)),
      }),
  );

  app.get(
    '/families/:userSn/membership/cancel-preview',
    {
      config: manage,
      schema: {
        tags,
        summary: "What cancelling a family's plan now would refund",
        params: FamilyParamsSchema,
        response: { 200: envelope(MembershipCancelPreviewSchema) },
      },
    },
    async (request) =>
      ok(await previewMembershipCancel(ctx, await parentIdOf(request.params.userSn))),
  );

  app.post(
    '/families/:userSn/membership/cancel',
    {
      config: manage,
      schema: {
        tags,
        summary: "Cancel a family's plan at the period's end or at once (prorated refund)",
        params: FamilyParamsSchema,
        body: MembershipCancelBodySchema,
        response: { 200: envelope(MembershipAnswerSchema) },
      },
    },
    async (request) => {
      const parentId = await parentIdOf(request.params.userSn);
      return ok({
        membership: await cancelMembership(ctx, moneyActor(request), parentId, request.body),
      });
    },
  );
};
