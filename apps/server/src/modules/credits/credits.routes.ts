import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@portal/shared/api';
import { AccountQuerySchema, AccountSchema } from '@portal/shared/credits';
import type { AppContext } from '../../app-context';
import { parentIdOf } from '../../plugins/auth';
import { getAccount } from './credits.service';

export const creditsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/accounts',
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
      data: await getAccount(ctx, parentIdOf(request)),
    }),
  );
};
