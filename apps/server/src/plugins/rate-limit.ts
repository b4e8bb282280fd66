import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../app-context';
import { AppError } from '../lib/app-error';
import { hitWindow } from '../modules/rate-limit/rate-limit.service';

/**
 * A @fastify/rate-limit store on the shared database, so every instance behind the load balancer
 * counts the same window (no shared state in process memory: docs/architecture.md → Scale-out).
 */
function databaseStore(ctx: AppContext, prefix = 'http') {
  class DatabaseStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      const now = ctx.clock.now();
      hitWindow(ctx.db, `${prefix}:${key}`, timeWindow, now).then(
        (hit) =>
          callback(null, {
            current: hit.count,
            ttl: Math.max(hit.resetAt.getTime() - now.getTime(), 0),
          }),
        (error: Error) => callback(error),
      );
    }
    // @fastify/rate-limit passes the merged route parameters with the route under `routeInfo`:
    // each limited route counts in its own window.
    child(routeOptions: object) {
      // The typings say RouteOptions; at run time the route sits under `routeInfo`.
      const params = routeOptions as { routeInfo?: { method?: unknown; url?: string } };
      const route = `${String(params.routeInfo?.method ?? '*')}:${params.routeInfo?.url ?? '*'}`;
      return new (databaseStore(ctx, `${prefix}:${route}`))();
    }
  }
  return DatabaseStore;
}

/**
 * Rate limiting is available to every route but on only where a route asks for it:
 * `config: { rateLimit: { max: 20, timeWindow: 60_000 } }` (per client IP).
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance, options: { ctx: AppContext }) => {
  await app.register(rateLimit, {
    global: false,
    store: databaseStore(options.ctx),
    // When the database cannot count, let the request through rather than fail it: the
    // database-backed business limits (codes, sign-in) still hold inside their services.
    skipOnError: true,
    errorResponseBuilder: () => new AppError('RATE_LIMITED'),
  });
});
