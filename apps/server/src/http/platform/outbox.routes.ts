import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@portal/shared/api';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { safeEqual } from '../../lib/tokens';
import { findOutboxMessagesTo } from '../../modules/outbox/outbox.service';
import { ok } from '../envelope';

const OutboxQuerySchema = z.object({
  /** E.164 phone (+8613800138000, or 8613800138000) or e-mail address. */
  to: z.string().trim().min(3).max(100),
  limit: z.coerce.number().int().min(1).max(50).default(10),
  /** DEV_OUTBOX_TOKEN, when the server listens beyond loopback. */
  token: z.string().max(200).optional(),
});

export const OUTBOX_TOKEN_HEADER = 'x-dev-outbox-token';

const OutboxMessageSchema = z.object({
  id: z.number(),
  channel: z.enum(['sms', 'email']),
  to: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  created_at: z.string(),
});

/**
 * Dev outbox (decision 004): only registered while the local SMS and e-mail providers are
 * active, so it cannot exist on a deployment that sends real messages.
 */
export const outboxRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const token = ctx.config.devOutbox?.token;
  app.get(
    '/api/dev/outbox',
    {
      // Beyond loopback anyone on the network could read every parent's sign-in code: the token
      // printed at start is asked for (header or `token` query), issue #18 item 11.
      onRequest: async (request) => {
        if (token === undefined) return;
        const given =
          request.headers[OUTBOX_TOKEN_HEADER] ?? (request.query as { token?: unknown }).token;
        if (typeof given !== 'string' || !safeEqual(given, token))
          throw new AppError('FORBIDDEN', 'outboxTokenRequired');
      },
      schema: {
        tags: ['dev'],
        summary:
          'Latest messages the local providers stored for a phone or e-mail (offline mode only)',
        querystring: OutboxQuerySchema,
        response: { 200: envelope(z.array(OutboxMessageSchema)) },
      },
    },
    async (request) => {
      const messages = await findOutboxMessagesTo(ctx, request.query.to, request.query.limit);
      return ok(
        messages.map((message) => ({
          id: message.id,
          channel: message.channel,
          to: message.recipient,
          subject: message.subject,
          body: message.body,
          created_at: message.createdAt.toISOString(),
        })),
      );
    },
  );
};
