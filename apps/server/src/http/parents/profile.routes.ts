import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ProfileSchema,
  SetLanguageBodySchema,
  UpdateEmailBodySchema,
  UserInfoSchema,
} from '@portal/shared/auth';
import { envelope } from '@portal/shared/api';
import { TimeDiffSchema } from '@portal/shared/catalogue';
import { translate } from '../../lib/catalogue';
import type { AppContext } from '../../app-context';
import { parentIdOf } from '../../plugins/auth';
import { setLanguage, updateEmail } from '../../modules/auth/auth.service';
import { getAdviserForParent } from '../../modules/advisers/advisers.service';
import { getProfile, setTimeZone } from '../../modules/profile/profile.service';
import { ok, okSaying } from '../envelope';
import { adviserCardWire } from './advisers.wire';
import { profileWire } from './profile.wire';

/** Decision 035: `time_diff` when sent, else the stored zone (this month's lesson counts). */
const ViewpointQuerySchema = z.object({ time_diff: TimeDiffSchema.optional() });

export const profileRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', app.requireParent);

  app.get(
    '/user/profile',
    {
      schema: {
        tags: ['profile'],
        summary: "The signed-in parent's profile",
        querystring: ViewpointQuerySchema,
        response: { 200: envelope(ProfileSchema) },
      },
    },
    async (request) =>
      ok(profileWire(await getProfile(ctx, parentIdOf(request), request.query.time_diff))),
  );

  app.get(
    '/getUserInfo',
    {
      schema: {
        tags: ['profile'],
        summary: 'Profile and the course adviser card',
        querystring: ViewpointQuerySchema,
        response: { 200: envelope(UserInfoSchema) },
      },
    },
    async (request) =>
      ok({
        user_info: profileWire(await getProfile(ctx, parentIdOf(request), request.query.time_diff)),
        salesperson_info: await getAdviserForParent(ctx, parentIdOf(request)).then(
          (adviser) => adviser && adviserCardWire(adviser, request.lang),
        ),
      }),
  );

  app.post(
    '/user/timeZone',
    {
      schema: {
        tags: ['profile'],
        summary: "Keep the parent's stored IANA time zone current (decision 035)",
        body: z.object({
          time_zone: z.string({ error: 'timeZoneInvalid' }).trim().max(64, 'timeZoneInvalid'),
        }),
        response: { 200: envelope(z.object({ time_zone: z.string() })) },
      },
    },
    async (request) =>
      ok({ time_zone: await setTimeZone(ctx, parentIdOf(request), request.body.time_zone) }),
  );

  app.post(
    '/updateEmail',
    {
      schema: {
        tags: ['profile'],
        summary: 'Change the e-mail address',
        body: UpdateEmailBodySchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await updateEmail(ctx, parentIdOf(request), request.body.email);
      return okSaying(request, 'emailSaved', null);
    },
  );

  app.post(
    '/setUserLanguage',
    {
      schema: {
        tags: ['profile'],
        summary: 'Save the interface language on the account',
        body: SetLanguageBodySchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await setLanguage(ctx, parentIdOf(request), request.body.language);
      // Answered in the language just chosen, not the one the request was sent in.
      return ok(null, translate(request.body.language, 'languageSaved'));
    },
  );
};
