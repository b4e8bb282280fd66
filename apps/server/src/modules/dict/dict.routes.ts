import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@portal/shared/api';
import { CountriesQuerySchema, CountryListSchema } from '@portal/shared/dict';
import { findCountries } from './dict.service';

export const dictRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/dict/countries',
    {
      schema: {
        tags: ['dict'],
        summary: 'Countries and regions with calling codes, named in the request language',
        querystring: CountriesQuerySchema,
        response: { 200: envelope(CountryListSchema) },
      },
      config: { rateLimit: { max: 120, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const { list } = findCountries(request.query, request.lang);
      // Public, identical for everyone in a language: let browsers and proxies keep it.
      reply.header('cache-control', 'public, max-age=3600').header('vary', 'lang, accept-language');
      return { code: 200 as const, msg: 'ok', data: list };
    },
  );
};
