import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AccountDeletionBodySchema,
  AccountDeletionStatusSchema,
  type AccountDeletionStatus,
} from '@portal/shared/account-deletion';
import { envelope } from '@portal/shared/api';
import type { AppContext } from '../../app-context';
import { translate } from '../../lib/catalogue';
import { parentIdOf } from '../../plugins/auth';
import {
  cancelDeletion,
  getDeletionStatus,
  requestDeletion,
  sendDeletionCode,
  type DeletionStatus,
} from '../../modules/account-deletion/account-deletion.service';
import { ok, okSaying } from '../envelope';

const StatusData = envelope(AccountDeletionStatusSchema);

function statusWire(status: DeletionStatus): AccountDeletionStatus {
  return {
    pending: status.pending,
    requested_at: status.requestedAt?.toISOString() ?? null,
    due_at: status.dueAt?.toISOString() ?? null,
    grace_days: status.graceDays,
    would_erase_at: status.wouldEraseAt.toISOString(),
    has_password: status.hasPassword,
    phone_masked: status.phoneMasked,
    credits: status.credits,
    children: status.children,
    plan: status.plan && {
      title_en: status.plan.titleEn,
      title_zh: status.plan.titleZh,
      ends_at: status.plan.endsAt.toISOString(),
      renews: status.plan.renews,
    },
  };
}

/** Per-IP limits: the confirmation takes a password or a code. */
const PER_IP = (max: number) => ({ rateLimit: { max, timeWindow: 60_000 } });

/**
 * Account deletion (issue #25): the preview and pending request, the SMS code that confirms it,
 * the request, and its cancel during the 14-day grace period (the sign-in banner calls it).
 */
export const accountDeletionRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  app.addHook('onRequest', app.requireParent);

  app.get(
    '/accountDeletion',
    {
      schema: {
        tags: ['profile'],
        summary: 'A pending account deletion, and what deleting the account would mean now',
        response: { 200: StatusData },
      },
    },
    async (request) => ok(statusWire(await getDeletionStatus(ctx, parentIdOf(request)))),
  );

  app.post(
    '/accountDeletion/code',
    {
      schema: {
        tags: ['profile'],
        summary: "Send a code to the account's own phone to confirm the deletion",
        response: { 200: envelope(z.null()) },
      },
      config: PER_IP(10),
    },
    async (request) => {
      await sendDeletionCode(ctx, parentIdOf(request), request.ip, request.lang, {
        warn: (details, message) => request.log.warn(details, message),
      });
      return okSaying(request, 'codeSent', null);
    },
  );

  app.post(
    '/accountDeletion',
    {
      schema: {
        tags: ['profile'],
        summary: 'Delete the account after the grace period (password or SMS code)',
        body: AccountDeletionBodySchema,
        response: { 200: StatusData },
      },
      config: PER_IP(10),
    },
    async (request) => {
      const status = await requestDeletion(ctx, parentIdOf(request), request.body, request.ip);
      const date = status.dueAt?.toISOString().slice(0, 10) ?? '';
      return ok(statusWire(status), translate(request.lang, 'deletionRequested', { date }));
    },
  );

  app.post(
    '/accountDeletion/cancel',
    {
      schema: {
        tags: ['profile'],
        summary: 'Cancel a pending account deletion (grace period)',
        response: { 200: StatusData },
      },
    },
    async (request) =>
      okSaying(
        request,
        'deletionCancelled',
        statusWire(await cancelDeletion(ctx, parentIdOf(request), request.ip)),
      ),
  );
};
