import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@portal/shared/api';
import { CountryListSchema } from '@portal/shared/dict';
import { translate } from '@portal/shared/i18n';
import {
  CaptchaChallengeSchema,
  CheckpointBodySchema,
  ShareImagesSchema,
  SignUpBodySchema,
  SignUpDataSchema,
} from '@portal/shared/onboarding';
import type { AppContext } from '../../app-context';
import { findCountries } from '../dict/dict.service';
import { countryListWire } from '../../http/parents/dict.wire';
import { shareImagesFor } from './landing';
import { recordCheckpoint, signUp } from './registration.service';

const HOUR_MS = 3_600_000;

/** Public routes of the landing and registration pages (spec §2 Landing and registration). */
export const registrationRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  app.get(
    '/captcha',
    {
      schema: {
        tags: ['registration'],
        summary: 'A proof-of-work challenge for the registration captcha',
        response: { 200: envelope(CaptchaChallengeSchema) },
      },
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return {
        code: 200 as const,
        msg: 'ok',
        data: await ctx.providers.captcha.issue(ctx.clock.now()),
      };
    },
  );

  app.post(
    '/signUpUser',
    {
      schema: {
        tags: ['registration'],
        summary: 'Register a parent (SMS code of scene "register", solved captcha)',
        body: SignUpBodySchema,
        response: { 200: envelope(SignUpDataSchema) },
      },
      // Decision 020: 10 registrations an hour per IP (a family or a school shares one address).
      config: { rateLimit: { max: 10, timeWindow: HOUR_MS } },
    },
    async (request) => {
      const data = await signUp(ctx, request.body, request.lang);
      request.log.info(
        { user_sn: data.user_sn, landingpage_id: request.body.landingpage_id },
        'parent registered',
      );
      return { code: 200 as const, msg: translate(request.lang, 'registered'), data };
    },
  );

  app.post(
    '/addCheckPointsLog',
    {
      schema: {
        tags: ['registration'],
        summary: 'Record a landing-page checkpoint; answers the country list (spec §7)',
        body: CheckpointBodySchema,
        response: { 200: envelope(CountryListSchema) },
      },
      config: { rateLimit: { max: 60, timeWindow: 60_000 } },
    },
    async (request) => {
      await recordCheckpoint(ctx, request.body);
      const { list } = findCountries({ page: 1, pagesize: 999 }, request.lang);
      return { code: 200 as const, msg: 'ok', data: countryListWire(list, request.lang) };
    },
  );

  app.get(
    '/getShareImg',
    {
      schema: {
        tags: ['registration'],
        summary: "The share landing page's pictures and colour",
        response: { 200: envelope(ShareImagesSchema) },
      },
      config: { rateLimit: { max: 120, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=600').header('vary', 'lang, accept-language');
      return { code: 200 as const, msg: 'ok', data: shareImagesFor(request.lang) };
    },
  );
};
