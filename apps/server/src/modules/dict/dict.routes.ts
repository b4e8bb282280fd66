import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@portal/shared/api';
import { CountriesQuerySchema, CountryListSchema, SiteSettingsSchema } from '@portal/shared/dict';
import type { AppContext } from '../../app-context';
import { findCountries } from './dict.service';
import { getSiteSettings } from './site.service';

export const dictRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/dict/countries',
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

  app.get(
    '/dict/site',
    {
      schema: {
        tags: ['dict'],
        summary: "The school's public facts: company, support contact, the app's store pages",
        response: { 200: envelope(SiteSettingsSchema) },
      },
      config: { rateLimit: { max: 120, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=300').header('vary', 'lang, accept-language');
      return { code: 200 as const, msg: 'ok', data: getSiteSettings(ctx.config, request.lang) };
    },
  );
};
