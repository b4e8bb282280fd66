import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@portal/shared/api';
import type { AppContext } from '../../app-context';
import { ok } from '../envelope';

/** Bounds of the download test, in KiB: 1 MiB at most keeps one check cheap for us. */
export const DEVICE_CHECK_PAYLOAD_MAX_KB = 1024;
export const DEVICE_CHECK_PAYLOAD_DEFAULT_KB = 256;

const PayloadQuerySchema = z.object({
  kb: z.coerce
    .number()
    .int()
    .min(1)
    .max(DEVICE_CHECK_PAYLOAD_MAX_KB)
    .default(DEVICE_CHECK_PAYLOAD_DEFAULT_KB),
});

const PingSchema = z.object({ t: z.number().int() });

/**
 * The device check's network measurements (issue #24), against our own server rather than a
 * third party. Both need a parent's session, so the download test cannot be used by anyone as
 * free bandwidth, and both are rate-limited per IP: one check makes 5 pings and 1 download.
 * Neither the page nor these routes record anything about the family.
 */
export const deviceCheckRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  app.addHook('onRequest', app.requireParent);

  app.get(
    '/deviceCheck/ping',
    {
      schema: {
        tags: ['device-check'],
        summary: 'A tiny answer for measuring the round-trip time (t: the server clock, ms)',
        response: { 200: envelope(PingSchema) },
      },
      config: { rateLimit: { max: 60, timeWindow: 60_000 } },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok({ t: ctx.clock.now().getTime() });
    },
  );

  app.get(
    '/deviceCheck/payload',
    {
      schema: {
        tags: ['device-check'],
        summary: 'Random bytes (kb KiB, 1–1024, default 256) for measuring the download speed',
        querystring: PayloadQuerySchema,
      },
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
    },
    // Random bytes, so no compression on the way can make the line look faster than it is.
    async (request, reply) =>
      reply
        .header('content-type', 'application/octet-stream')
        .header('cache-control', 'no-store')
        .send(randomBytes(request.query.kb * 1024)),
  );
};
