import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@portal/shared/api';
import {
  AccountQuerySchema,
  AccountSchema,
  CREDIT_EVENTS,
  RewardSettingSchema,
} from '@portal/shared/credits';
import { translate } from '../../lib/catalogue';
import type { AppContext } from '../../app-context';
import { getAccount } from '../../modules/credits/credits.service';
import { getMembership } from '../../modules/membership/membership.service';
import { parentIdOf } from '../../plugins/auth';
import { ok } from '../envelope';
import { toAccount } from './credits.wire';

/** Spec §7: the account header's credits, and the credit history's transaction types. */
export const creditsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/accounts',
    {
      onRequest: app.requireParent,
      schema: {
        tags: ['credits'],
        summary: 'Credit balances of the parent',
        querystring: AccountQuerySchema,
        response: { 200: envelope(AccountSchema) },
      },
    },
    async (request) => {
      const parentId = parentIdOf(request);
      // The plan's expiry shows beside the credits; credits do not know plans (the edge composes).
      const membership = await getMembership(ctx, parentId);
      return ok(toAccount(await getAccount(ctx, parentId), membership));
    },
  );

  app.post(
    '/reward-setting',
    {
      onRequest: app.requireParent,
      schema: {
        tags: ['credits'],
        summary: 'Transaction types of the credit history (filter options)',
        response: { 200: envelope(z.array(RewardSettingSchema)) },
      },
    },
    async (request) =>
      ok(
        Object.entries(CREDIT_EVENTS).map(([id, key]) => ({
          id,
          title: translate(request.lang, key),
        })),
      ),
  );
};
