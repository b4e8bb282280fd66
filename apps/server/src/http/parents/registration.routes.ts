import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@portal/shared/api';
import { CountryListSchema } from '@portal/shared/dict';
import {
  CaptchaChallengeSchema,
  CheckpointBodySchema,
  ShareImagesSchema,
  SignUpBodySchema,
  SignUpDataSchema,
} from '@portal/shared/onboarding';
import type { AppContext } from '../../app-context';
import { issueCaptcha } from '../../modules/captcha/captcha.service';
import { findCountries } from '../../modules/dict/dict.service';
import { SHARE_PAGE } from '../../modules/registration/landing';
import { recordCheckpoint, signUp } from '../../modules/registration/registration.service';
import { ok, okSaying } from '../envelope';
import { countryListWire } from './dict.wire';
import { signUpWire } from './registration.wire';

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
        summary: 'A signed ALTCHA challenge for the human check (decision 041)',
        response: { 200: envelope(CaptchaChallengeSchema) },
      },
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await issueCaptcha(ctx));
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
      const registered = await signUp(ctx, request.body, request.lang);
      request.log.info(
        { user_sn: registered.userSn, landingpage_id: request.body.landingpage_id },
        'parent registered',
      );
      return okSaying(request, 'registered', signUpWire(registered));
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
      return ok(countryListWire(list, request.lang));
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
      return ok(SHARE_PAGE[request.lang]);
    },
  );
};
