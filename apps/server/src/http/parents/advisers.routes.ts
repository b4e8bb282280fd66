import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@portal/shared/api';
import { SalespersonSchema } from '@portal/shared/auth';
import type { AppContext } from '../../app-context';
import { getAdviserByInvite } from '../../modules/advisers/advisers.service';
import { ok } from '../envelope';
import { adviserCardWire } from './advisers.wire';

const InviteQuerySchema = z.object({
  invite_code: z.string().trim().min(1, 'inviteCodeInvalid').max(40, 'inviteCodeInvalid'),
});

/** The public adviser card behind an invitation link (spec §7 getSaleInfo); no session. */
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
    async (request) =>
      ok(adviserCardWire(await getAdviserByInvite(ctx, request.query.invite_code), request.lang)),
  );
};
