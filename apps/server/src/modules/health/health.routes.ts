import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@portal/shared/api';
import { HealthSchema, ReadySchema } from '@portal/shared/health';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';

/** Liveness and readiness for the load balancer. */
export const healthRoutes: FastifyPluginAsyncZod<{
  ctx: AppContext;
  databaseKind: string;
  ping: () => Promise<void>;
}> = async (app, { databaseKind, ping }) => {
  app.get(
    '/api/health',
    { schema: { tags: ['health'], response: { 200: envelope(HealthSchema) } } },
    async () => ({ code: 200 as const, msg: 'ok', data: { status: 'ok' as const } }),
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
      return {
        code: 200 as const,
        msg: 'ok',
        data: { status: 'ready' as const, database: databaseKind },
      };
    },
  );
};
