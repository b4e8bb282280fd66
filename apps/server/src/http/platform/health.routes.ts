import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@portal/shared/api';
import { HealthSchema, ReadySchema } from '@portal/shared/health';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { ok } from '../envelope';

/** Liveness and readiness for the load balancer. */
export const healthRoutes: FastifyPluginAsyncZod<{
  ctx: AppContext;
  databaseKind: string;
  ping: () => Promise<void>;
}> = async (app, { databaseKind, ping }) => {
  app.get(
    '/api/health',
    { schema: { tags: ['health'], response: { 200: envelope(HealthSchema) } } },
    async () => ok({ status: 'ok' as const }),
  );

  app.get(
    '/api/ready',
    { schema: { tags: ['health'], response: { 200: envelope(ReadySchema) } } },
    async () => {
      try {
        await ping();
      } catch (error) {
        throw new AppError('UNAVAILABLE', 'serviceUnavailable', {}, null, { cause: error });
      }
      return ok({ status: 'ready' as const, database: databaseKind });
    },
  );
};
