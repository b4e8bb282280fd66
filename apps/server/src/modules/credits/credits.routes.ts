import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@portal/shared/api';
import { z } from 'zod';
import {
  AccountQuerySchema,
  AccountSchema,
  CREDIT_EVENTS,
  RewardSettingSchema,
} from '@portal/shared/credits';
import { translate } from '@portal/shared/i18n';
import type { AppContext } from '../../app-context';
import { parentIdOf } from '../../plugins/auth';
import { getMemberExpiry } from '../billing/billing.service';
import { getAccount } from './credits.service';

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
    async (request) => ({
      code: 200 as const,
      msg: 'ok',
      data: await getAccount(
        ctx,
        parentIdOf(request),
        await getMemberExpiry(ctx, parentIdOf(request)),
      ),
    }),
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
    async (request) => ({
      code: 200 as const,
      msg: 'ok',
      data: Object.entries(CREDIT_EVENTS).map(([id, key]) => ({
        id,
        title: translate(request.lang, key),
      })),
    }),
  );
};
