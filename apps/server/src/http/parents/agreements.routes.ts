import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AgreementQuerySchema, AgreementSchema } from '@portal/shared/agreements';
import { envelope } from '@portal/shared/api';
import type { AppContext } from '../../app-context';
import { getAgreement } from '../../modules/agreements/agreements.service';
import { ok } from '../envelope';

/** Spec §7 getAgreement: the document in the request's language, public and cacheable. */
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
      return ok({
        type: agreement.type,
        title: agreement.title,
        content: agreement.html,
        updated_at: agreement.updatedAt.toISOString(),
      });
    },
  );
};
