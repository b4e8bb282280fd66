import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AgreementQuerySchema, AgreementSchema } from '@portal/shared/agreements';
import { envelope } from '@portal/shared/api';
import type { AppContext } from '../../app-context';
import { getAgreement } from './agreements.service';

export const agreementsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  app.get(
    '/getAgreement',
    {
      schema: {
        tags: ['agreements'],
        summary: 'Privacy policy (2), service agreement (3) or contract (4) as sanitised HTML',
        querystring: AgreementQuerySchema,
        response: { 200: envelope(AgreementSchema) },
      },
      config: { rateLimit: { max: 120, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const agreement = await getAgreement(ctx, request.query.type, request.lang);
      reply.header('cache-control', 'public, max-age=300').header('vary', 'lang, accept-language');
      return { code: 200 as const, msg: 'ok', data: agreement };
    },
  );
};
