import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@portal/shared/api';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { safeEqual } from '../../lib/tokens';
import { findOutboxMessages } from './outbox.repository';

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
 * Dev outbox (decisions.md → Outside services): only registered while the local SMS and e-mail
 * providers are active, so it cannot exist on a deployment that sends real messages.
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
      const raw = request.query.to;
      const recipient = raw.includes('@') ? raw.toLowerCase() : `+${raw.replace(/\D+/g, '')}`;
      const rows = await findOutboxMessages(ctx.db, recipient, request.query.limit);
      return {
        code: 200 as const,
        msg: 'ok',
        data: rows.map((row) => ({
          id: row.id,
          channel: row.channel,
          to: row.recipient,
          subject: row.subject,
          body: row.body,
          created_at: row.created_at.toISOString(),
        })),
      };
    },
  );
};
