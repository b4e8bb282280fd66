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
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context';
import { localMonthBounds } from '../../lib/time';
import { parentViewpoint } from '../../modules/auth/viewpoint.service';
import { getCreditLog } from '../../modules/credits/credit-log.service';
import { getCharges, getCreditPurchases } from '../../modules/billing/history.service';
import {
  cancelOrder,
  checkoutOrder,
  checkoutPackage,
  confirmOrder,
  getOrder,
  orderGood,
  orderPlan,
} from '../../modules/billing/orders.service';
import { getMyPlans, getPlanChange } from '../../modules/billing/plans.service';
import {
  getCreditPackages,
  getKidsCounts,
  getPayAsYouGo,
  getPlans,
  getTimeLimitedOffer,
} from '../../modules/billing/shop.service';
import { getLessonStatement } from '../../modules/lessons/statement.service';
import { parentIdOf } from '../../plugins/auth';
import { ok, okSaying } from '../envelope';
import { pick, type Localized } from '../localize';
import {
  toChangePlan,
  toChargesPage,
  toCreditGood,
  toHiddenOffer,
  toLessonLogPage,
  toMyPlan,
  toOrderSummary,
  toPaymentLog,
  toPlan,
  toRechargeList,
} from './billing.wire';
import { dayRange } from './calendar';
import { toCreditLogRow } from './credits.wire';

const page = <T extends z.ZodTypeAny>(item: T) =>
  z.object({ code: z.literal(200), msg: z.string(), data: z.array(item), total: z.number().int() });

/** The order's title on the provider's checkout page, in the request's language. */
const titleIn = (request: FastifyRequest) => (title: Localized) => pick(request.lang, title);

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
      async (request) =>
        ok(toRechargeList(await getCreditPackages(ctx, parentIdOf(request)), request.lang)),
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
          titleIn(request),
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
      ok(await checkoutOrder(ctx, parentIdOf(request), request.body.order_no, titleIn(request))),
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
    async (request) => {
      const order = await confirmOrder(ctx, parentIdOf(request), {
        orderNo: request.body.order_no,
        name: request.body.username,
        mobile: request.body.mobile,
        email: request.body.email,
        payMethod: request.body.pay_method,
      });
      return okSaying(request, 'orderConfirmed', toOrderSummary(order, request.lang));
    },
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
      return okSaying(request, 'orderCancelled', null);
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
      ok(
        toOrderSummary(
          await getOrder(ctx, parentIdOf(request), request.query.order_no),
          request.lang,
        ),
      ),
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
    async (request) => {
      const { query } = request;
      const parentId = parentIdOf(request);
      const seen = await parentViewpoint(ctx, parentId, query.time_diff);
      const log = await getCreditLog(
        ctx,
        parentId,
        {
          event: query.type || undefined,
          direction: query.credit_value ? (query.credit_value === 1 ? 'in' : 'out') : undefined,
          ...dayRange(query, seen),
        },
        { page: query.page, pageSize: query.pagesize },
      );
      return {
        ...ok(log.entries.map((entry) => toCreditLogRow(entry, seen, request.lang))),
        total: log.total,
      };
    },
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
    async (request) => {
      const { query } = request;
      const parentId = parentIdOf(request);
      const seen = await parentViewpoint(ctx, parentId, query.time_diff);
      const log = await getCreditPurchases(ctx, parentId, dayRange(query, seen), {
        page: query.page,
        pageSize: query.pagesize,
      });
      return {
        ...ok(log.purchases.map((purchase) => toPaymentLog(purchase, seen))),
        total: log.total,
      };
    },
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
    async () => ok((await getKidsCounts(ctx)).map((kids) => ({ kids }))),
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
        plans: (await getPlans(ctx, request.query.kids)).map((plan) => toPlan(plan, request.lang)),
        goods: (await getPayAsYouGo(ctx)).map((good) => toCreditGood(good, request.lang)),
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
    async (request) =>
      ok((await getPlans(ctx, request.query.kids)).map((plan) => toPlan(plan, request.lang))),
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
        toOrderSummary(
          await orderPlan(
            ctx,
            parentIdOf(request),
            request.body.plan_id,
            request.body.change === 1,
          ),
          request.lang,
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
      ok(
        toOrderSummary(
          await orderGood(ctx, parentIdOf(request), request.body.good_id),
          request.lang,
        ),
      ),
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
    async (request) =>
      ok(toHiddenOffer(await getTimeLimitedOffer(ctx, parentIdOf(request)), request.lang)),
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
    async (request) =>
      ok(
        toChargesPage(
          await getCharges(ctx, parentIdOf(request), {
            page: request.query.page,
            pageSize: request.query.pagesize,
          }),
          request.lang,
        ),
      ),
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
    async (request) => {
      const { plans, timeZone } = await getMyPlans(ctx, parentIdOf(request));
      return ok(plans.map((plan) => toMyPlan(plan, timeZone, request.lang)));
    },
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
      ok(
        toChangePlan(
          await getPlanChange(ctx, parentIdOf(request), request.body.plan_id),
          request.lang,
        ),
      ),
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
    async (request) => {
      const { query } = request;
      const parentId = parentIdOf(request);
      // The month and every time in the parent's viewpoint, as on every other screen (decision
      // 035); the current month until one is chosen.
      const seen = await parentViewpoint(ctx, parentId, query.time_diff);
      const statement = await getLessonStatement(
        ctx,
        parentId,
        { ...localMonthBounds(query.month, ctx.clock.now(), seen), studentSn: query.student_sn },
        { page: query.page, pageSize: query.pagesize },
      );
      return ok(toLessonLogPage(statement, seen, request.lang));
    },
  );
};
