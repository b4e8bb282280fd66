import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@portal/shared/api';
import { CountriesQuerySchema, CountryListSchema, SiteSettingsSchema } from '@portal/shared/dict';
import type { AppContext } from '../../app-context';
import { findCountries } from '../../modules/dict/dict.service';
import { getSiteFacts } from '../../modules/dict/site.service';
import { ok } from '../envelope';
import { countryListWire } from './dict.wire';

/** Public lists and facts (spec §7 `dict/*`), the same for every visitor of a language. */
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
      return ok(countryListWire(list, request.lang));
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
      const facts = getSiteFacts(ctx.config);
      return ok({
        company_name: facts.companyName[request.lang],
        support_email: facts.supportEmail,
        support_phone: facts.supportPhone,
        app_store_url: facts.appStoreUrl,
        google_play_url: facts.googlePlayUrl,
      });
    },
  );
};
