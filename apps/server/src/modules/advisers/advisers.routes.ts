import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@portal/shared/api';
import { SalespersonSchema } from '@portal/shared/auth';
import type { AppContext } from '../../app-context';
import { getAdviserByInvite } from './advisers.service';

const InviteQuerySchema = z.object({
  invite_code: z.string().trim().min(1, 'inviteCodeInvalid').max(40, 'inviteCodeInvalid'),
});

export const advisersRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/getSaleInfo',
    {
      schema: {
        tags: ['advisers'],
        summary: 'The adviser behind an invitation code (public)',
        querystring: InviteQuerySchema,
        response: { 200: envelope(SalespersonSchema) },
      },
      config: { rateLimit: { max: 60, timeWindow: 60_000 } },
    },
    async (request) => ({
      code: 200 as const,
      msg: 'ok',
      data: await getAdviserByInvite(ctx, request.query.invite_code, request.lang),
    }),
  );
};
