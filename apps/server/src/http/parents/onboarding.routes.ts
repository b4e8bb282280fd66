import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@portal/shared/api';
import { MessageDataSchema } from '@portal/shared/auth';
import { translate } from '../../lib/catalogue';
import {
  SaveEmailBodySchema,
  UserStatusDataSchema,
  VerifyInvitationCodeBodySchema,
  VerifyInvitationCodeDataSchema,
} from '@portal/shared/onboarding';
import type { AppContext } from '../../app-context';
import { parentIdOf } from '../../plugins/auth';
import {
  completeOnboarding,
  isValidReferralCode,
  saveOnboardingDetails,
} from '../../modules/onboarding/onboarding.service';
import { ok, okSaying } from '../envelope';

/** Onboarding of a signed-in parent with status 0 (spec §2 Onboarding, §7). */
export const onboardingRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  app.addHook('onRequest', app.requireParent);

  // Spec §7 names /api/parent/saveEmail; /api/saveEmail is the same call under a shorter name.
  for (const url of ['/parent/saveEmail', '/saveEmail']) {
    app.post(
      url,
      {
        schema: {
          tags: ['onboarding'],
          summary: 'Save name, e-mail, chat ID and a verified referral code (onboarding)',
          body: SaveEmailBodySchema,
          response: { 200: envelope(MessageDataSchema) },
        },
        config: { rateLimit: { max: 20, timeWindow: 60_000 } },
      },
      async (request) => {
        await saveOnboardingDetails(ctx, parentIdOf(request), request.body);
        const message = translate(request.lang, 'accountDetailsSaved');
        return ok({ message }, message);
      },
    );
  }

  app.post(
    '/verifyInvitationCode',
    {
      schema: {
        tags: ['onboarding'],
        summary: 'Whether a referral code is valid (data.result)',
        body: VerifyInvitationCodeBodySchema,
        response: { 200: envelope(VerifyInvitationCodeDataSchema) },
      },
      // Codes are short: limit guessing per IP.
      config: { rateLimit: { max: 20, timeWindow: 60_000 } },
    },
    async (request) => {
      const result = await isValidReferralCode(ctx, request.body.code);
      return okSaying(request, result ? 'referralVerified' : 'referralFailed', { result });
    },
  );

  app.post(
    '/setUserStatus',
    {
      schema: {
        tags: ['onboarding'],
        summary: 'Mark onboarding done (needs the account form and one child)',
        response: { 200: envelope(UserStatusDataSchema) },
      },
    },
    async (request) => ok(await completeOnboarding(ctx, parentIdOf(request))),
  );
};
