import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@portal/shared/api';
import {
  PriceGoodBodySchema,
  PriceItemParamsSchema,
  PriceListSchema,
  PricePackageBodySchema,
  PricePlanBodySchema,
  PriceSavedSchema,
  type PricePlan,
} from '@portal/shared/staff';
import type { AppContext } from '../../app-context';
import {
  createGood,
  createPackage,
  createPlan,
  listPrices,
  retireGood,
  retirePackage,
  retirePlan,
  updateGoodById,
  updatePackageById,
  updatePlanById,
  type AdminPlan,
  type PriceActor,
} from '../../modules/billing/prices-admin.service';
import { ok } from '../envelope';
import { staffOf } from './index';

const actorOf = (request: FastifyRequest): PriceActor => ({
  staffId: staffOf(request).staffId,
  ip: request.ip,
});

const planWire = (plan: AdminPlan): PricePlan => ({
  ...plan,
  offerStartsAt: plan.offerStartsAt?.toISOString() ?? null,
  offerEndsAt: plan.offerEndsAt?.toISOString() ?? null,
  retiredAt: plan.retiredAt?.toISOString() ?? null,
});

/**
 * What the portal sells, edited by admins (issue #23, decision 048; `money.manage`): credit
 * packages, plans and time-limited offers, and the offer's credit goods. Create and edit send
 * every field; retire takes an item off sale for good (nothing is deleted). A change applies to
 * orders made afterwards only. Unknown ids are 404; a body failing its schema is 400 and changes
 * nothing; a retired item cannot be edited (409).
 */
export const pricesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const config = { permission: 'money.manage' } as const;
  const tags = ['ops: prices'];
  const saved = { 200: envelope(PriceSavedSchema) };
  const params = PriceItemParamsSchema;

  app.get(
    '/prices',
    {
      config,
      schema: {
        tags,
        summary: 'Packages, plans and offers, and the offer goods, retired included',
        response: { 200: envelope(PriceListSchema) },
      },
    },
    async () => {
      const list = await listPrices(ctx);
      return ok({ ...list, plans: list.plans.map(planWire) });
    },
  );

  // Packages ------------------------------------------------------------------------------------

  app.post(
    '/prices/packages',
    {
      config,
      schema: {
        tags,
        summary: 'Add a credit package',
        body: PricePackageBodySchema,
        response: saved,
      },
    },
    async (request) => ok(await createPackage(ctx, request.body, actorOf(request))),
  );

  app.post(
    '/prices/packages/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Change a credit package (orders already made keep their price)',
        params,
        body: PricePackageBodySchema,
        response: saved,
      },
    },
    async (request) =>
      ok(await updatePackageById(ctx, request.params.id, request.body, actorOf(request))),
  );

  app.post(
    '/prices/packages/:id/retire',
    { config, schema: { tags, summary: 'Stop selling a credit package', params, response: saved } },
    async (request) => ok(await retirePackage(ctx, request.params.id, actorOf(request))),
  );

  // Plans and offers ------------------------------------------------------------------------------

  app.post(
    '/prices/plans',
    {
      config,
      schema: {
        tags,
        summary: 'Add a plan or an offer',
        body: PricePlanBodySchema,
        response: saved,
      },
    },
    async (request) => ok(await createPlan(ctx, request.body, actorOf(request))),
  );

  app.post(
    '/prices/plans/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Change a plan or an offer (orders already made keep their price)',
        params,
        body: PricePlanBodySchema,
        response: saved,
      },
    },
    async (request) =>
      ok(await updatePlanById(ctx, request.params.id, request.body, actorOf(request))),
  );

  app.post(
    '/prices/plans/:id/retire',
    {
      config,
      schema: { tags, summary: 'Stop selling a plan or an offer', params, response: saved },
    },
    async (request) => ok(await retirePlan(ctx, request.params.id, actorOf(request))),
  );

  // The offer's credit goods ------------------------------------------------------------------------

  app.post(
    '/prices/goods',
    {
      config,
      schema: {
        tags,
        summary: 'Add credits to the offer',
        body: PriceGoodBodySchema,
        response: saved,
      },
    },
    async (request) => ok(await createGood(ctx, request.body, actorOf(request))),
  );

  app.post(
    '/prices/goods/:id',
    {
      config,
      schema: {
        tags,
        summary: "Change the offer's credits (orders already made keep their price)",
        params,
        body: PriceGoodBodySchema,
        response: saved,
      },
    },
    async (request) =>
      ok(await updateGoodById(ctx, request.params.id, request.body, actorOf(request))),
  );

  app.post(
    '/prices/goods/:id/retire',
    {
      config,
      schema: { tags, summary: 'Take credits out of the offer', params, response: saved },
    },
    async (request) => ok(await retireGood(ctx, request.params.id, actorOf(request))),
  );
};
