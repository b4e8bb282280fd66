import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@portal/shared/api';
import {
  BuyCreditBodySchema,
  BuyMemberBodySchema,
  CancelOrderBodySchema,
  ChangePlanSchema,
  ChargesPageSchema,
  CheckoutBodySchema,
  CheckoutSessionSchema,
  ConfirmOrderBodySchema,
  CreditGoodSchema,
  CreditLogQuerySchema,
  CreditLogSchema,
  HiddenOfferSchema,
  KidsOptionSchema,
  LessonLogPageSchema,
  LessonLogQuerySchema,
  MyPlanSchema,
  OrderPaymentBodySchema,
  OrderQuerySchema,
  OrderSummarySchema,
  PagedQuerySchema,
  PaymentLogSchema,
  PlanListQuerySchema,
  PlanSchema,
  RechargeListSchema,
  RechargeLogQuerySchema,
} from '@portal/shared/billing';
import { translate } from '@portal/shared/i18n';
import type { AppContext } from '../../app-context';
import { parentIdOf } from '../../plugins/auth';
import {
  cancelOrder,
  checkoutOrder,
  checkoutPackage,
  confirmOrder,
  getChangePlan,
  getCharges,
  getCreditGoods,
  getCreditLog,
  getHiddenOffer,
  getKidsOptions,
  getLessonLog,
  getMyPlans,
  getOrder,
  getPlans,
  getRechargeList,
  getRechargeLog,
  orderGood,
  orderPlan,
} from './billing.service';

const ok = <T>(data: T) => ({ code: 200 as const, msg: 'ok', data });
const page = <T extends z.ZodTypeAny>(item: T) =>
  z.object({ code: z.literal(200), msg: z.string(), data: z.array(item), total: z.number().int() });

/** Spec §7 "Credits, plans, payments" (the legacy names stay as spelled at this edge). */
export const billingRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', app.requireParent);
  const tags = ['billing'];

  for (const url of ['/recharge/quantity', '/recharge/quantityApp']) {
    app.get(
      url,
      {
        schema: {
          tags,
          summary: 'Credit balance and the packages on sale',
          response: { 200: envelope(RechargeListSchema) },
        },
      },
      async (request) => ok(await getRechargeList(ctx, parentIdOf(request), request.lang)),
    );
  }

  app.post(
    '/testStripe',
    {
      schema: {
        tags,
        summary: 'Order a credit package and open its hosted checkout',
        body: CheckoutBodySchema,
        response: { 200: envelope(CheckoutSessionSchema) },
      },
    },
    async (request) =>
      ok(
        await checkoutPackage(
          ctx,
          parentIdOf(request),
          request.body.lessons_goods_id,
          request.lang,
        ),
      ),
  );

  app.post(
    '/stripePayment',
    {
      schema: {
        tags,
        summary: 'Open the hosted checkout of an order (plan or credit good)',
        body: OrderPaymentBodySchema,
        response: { 200: envelope(CheckoutSessionSchema) },
      },
    },
    async (request) =>
      ok(await checkoutOrder(ctx, parentIdOf(request), request.body.order_no, request.lang)),
  );

  app.post(
    '/confirmOrder',
    {
      schema: {
        tags,
        summary: "The payer's name, phone, e-mail and payment method",
        body: ConfirmOrderBodySchema,
        response: { 200: envelope(OrderSummarySchema) },
      },
    },
    async (request) => ({
      code: 200 as const,
      msg: translate(request.lang, 'orderConfirmed'),
      data: await confirmOrder(ctx, parentIdOf(request), request.body, request.lang),
    }),
  );

  app.post(
    '/cancelOrder',
    {
      schema: {
        tags,
        summary: 'Cancel an order waiting for payment (CompletePayment’s Cancel)',
        body: CancelOrderBodySchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await cancelOrder(ctx, parentIdOf(request), request.body.order_no);
      return { code: 200 as const, msg: translate(request.lang, 'orderCancelled'), data: null };
    },
  );

  app.get(
    '/order',
    {
      schema: {
        tags,
        summary: 'One of the parent’s orders (CompletePayment, paySuccess)',
        querystring: OrderQuerySchema,
        response: { 200: envelope(OrderSummarySchema) },
      },
    },
    async (request) =>
      ok(await getOrder(ctx, parentIdOf(request), request.query.order_no, request.lang)),
  );

  app.get(
    '/account-logs/creditPC',
    {
      schema: {
        tags,
        summary: 'Credit history, newest first',
        querystring: CreditLogQuerySchema,
        response: { 200: page(CreditLogSchema) },
      },
    },
    async (request) => ({
      code: 200 as const,
      msg: 'ok',
      ...(await getCreditLog(ctx, parentIdOf(request), request.query, request.lang)),
    }),
  );

  app.get(
    '/account-logs/recharge',
    {
      schema: {
        tags,
        summary: 'Credit purchases, newest first',
        querystring: RechargeLogQuerySchema,
        response: { 200: page(PaymentLogSchema) },
      },
    },
    async (request) => ({
      code: 200 as const,
      msg: 'ok',
      ...(await getRechargeLog(ctx, parentIdOf(request), request.query)),
    }),
  );

  app.get(
    '/getKidsTypeList',
    {
      schema: {
        tags,
        summary: 'Kids counts the plans come in',
        response: { 200: envelope(z.array(KidsOptionSchema)) },
      },
    },
    async () => ok(await getKidsOptions(ctx)),
  );

  app.get(
    '/getCreatPlanList',
    {
      schema: {
        tags,
        summary: 'Plans on sale and the pay-as-you-go credits',
        querystring: PlanListQuerySchema,
        response: {
          200: envelope(z.object({ plans: z.array(PlanSchema), goods: z.array(CreditGoodSchema) })),
        },
      },
    },
    async (request) =>
      ok({
        plans: await getPlans(ctx, request.query.kids, request.lang),
        goods: await getCreditGoods(ctx, request.lang),
      }),
  );

  app.get(
    '/getPlanList',
    {
      schema: {
        tags,
        summary: 'Plans for a kids count',
        querystring: PlanListQuerySchema,
        response: { 200: envelope(z.array(PlanSchema)) },
      },
    },
    async (request) => ok(await getPlans(ctx, request.query.kids, request.lang)),
  );

  app.post(
    '/buyMember',
    {
      schema: {
        tags,
        summary: 'Order a plan (then CompletePayment)',
        body: BuyMemberBodySchema,
        response: { 200: envelope(OrderSummarySchema) },
      },
    },
    async (request) =>
      ok(
        await orderPlan(
          ctx,
          parentIdOf(request),
          request.body.plan_id,
          request.lang,
          request.body.change === 1,
        ),
      ),
  );

  app.post(
    '/buyCredit',
    {
      schema: {
        tags,
        summary: 'Order pay-as-you-go credits (then CompletePayment)',
        body: BuyCreditBodySchema,
        response: { 200: envelope(OrderSummarySchema) },
      },
    },
    async (request) =>
      ok(await orderGood(ctx, parentIdOf(request), request.body.good_id, request.lang)),
  );

  app.get(
    '/getHidePlanList',
    {
      schema: {
        tags,
        summary: 'The time-limited offer, with seconds left',
        response: { 200: envelope(HiddenOfferSchema) },
      },
    },
    async (request) => ok(await getHiddenOffer(ctx, parentIdOf(request), request.lang)),
  );

  app.get(
    '/getChargesList',
    {
      schema: {
        tags,
        summary: 'Charges (paid and cancelled orders), newest first',
        querystring: PagedQuerySchema,
        response: { 200: envelope(ChargesPageSchema) },
      },
    },
    async (request) => ok(await getCharges(ctx, parentIdOf(request), request.query, request.lang)),
  );

  app.get(
    '/getMyPlanList',
    {
      schema: {
        tags,
        summary: 'The active plan (Pass Information)',
        response: { 200: envelope(z.array(MyPlanSchema)) },
      },
    },
    async (request) => ok(await getMyPlans(ctx, parentIdOf(request), request.lang)),
  );

  app.post(
    '/getMyChangePlan',
    {
      schema: {
        tags,
        summary: 'Current and chosen plan side by side',
        body: BuyMemberBodySchema,
        response: { 200: envelope(ChangePlanSchema) },
      },
    },
    async (request) =>
      ok(await getChangePlan(ctx, parentIdOf(request), request.body.plan_id, request.lang)),
  );

  app.get(
    '/getStudentLessonLog',
    {
      schema: {
        tags,
        summary: 'Monthly statement of lessons and credits',
        querystring: LessonLogQuerySchema,
        response: { 200: envelope(LessonLogPageSchema) },
      },
    },
    async (request) =>
      ok(await getLessonLog(ctx, parentIdOf(request), request.query, request.lang)),
  );
};
