import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import type { JobQueue } from './jobs/queue';
import type { AppContext, Clock } from './app-context';
import { systemClock } from './app-context';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { loggerOptions } from './lib/logger';
import { fixturesRoutes } from './http/platform/fixtures.routes';
import { localCheckoutRoutes, paymentsWebhookRoutes } from './http/platform/payments.routes';
import { healthRoutes } from './http/platform/health.routes';
import { outboxRoutes } from './http/platform/outbox.routes';
import { teacherPhotosRoutes } from './http/platform/teacher-photos.routes';
import { opsEdge, type StaffAuthenticator } from './http/ops';
import { OPS_ROUTES } from './http/ops/routes';
import { parentsEdge } from './http/parents';
import { authenticateStaff } from './modules/staff/staff-sessions.service';
import { authPlugin } from './plugins/auth';
import { docsPlugin } from './plugins/docs';
import { consolePlugin } from './plugins/console';
import { clientErrorHandler, errorsPlugin, frameworkErrors } from './plugins/errors';
import { languagePlugin } from './plugins/language';
import { rateLimitPlugin } from './plugins/rate-limit';
import { securityPlugin } from './plugins/security';
import { webPlugin } from './plugins/web';
import { createProviders, usesLocalOutbox, type Providers } from './providers';

/** Spec issue #2 §4: a request body larger than 64 KB is refused. */
export const BODY_LIMIT_BYTES = 64 * 1024;

export interface BuildAppOptions {
  config: Config;
  database: DatabaseHandle;
  providers?: Providers;
  clock?: Clock;
  /** Override the pino options (tests write the log to a stream they read back). */
  logger?: FastifyServerOptions['logger'] | false;
  /** Tests: who a staff token names (default: the staff sessions, `authenticateStaff`). */
  staffAuthenticator?: StaffAuthenticator;
  /** Tests: extra ops route plugins (the staff edge's own routes are listed in http/ops). */
  opsRoutes?: readonly FastifyPluginAsync<{ ctx: AppContext }>[];
  /** The job queue requests may send work to (the server's; tests run without one). */
  queue?: JobQueue;
}

/**
 * One log line per request, written when it is answered, with the method and path (no query
 * string) of the request: half the logging cost of Fastify's "incoming" plus "completed" pair
 * (issue #8, docs/performance.md → App overhead).
 */
class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

/** Registers everything and answers the app; never listens (fastify/demo's buildApp). */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const providers = options.providers ?? createProviders(config, database.db);
  const ctx: AppContext = {
    config,
    db: database.db,
    providers,
    clock: options.clock ?? systemClock,
    ...(options.queue ? { queue: options.queue } : {}),
  };

  const app = Fastify({
    logger: options.logger === undefined ? loggerOptions(config) : options.logger,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    logController: new OneLinePerRequest(),
    // Parser and router errors answer the envelope too (issue #18 item 9).
    frameworkErrors,
    clientErrorHandler,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming)
        ? incoming
        : randomUUID();
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    done(null, payload);
  });

  // Before the language: a page's language may come from a cookie (plugins/language.ts).
  await app.register(fastifyCookie);
  await app.register(languagePlugin);
  await app.register(errorsPlugin);
  await app.register(securityPlugin);
  await app.register(rateLimitPlugin, { ctx });
  await app.register(authPlugin, { ctx });
  await app.register(docsPlugin);

  await app.register(healthRoutes, { ctx, databaseKind: database.kind, ping: database.ping });
  await app.register(paymentsWebhookRoutes, { ctx });
  await app.register(teacherPhotosRoutes, { ctx });
  if (providers.payments.kind === 'local') await app.register(localCheckoutRoutes, { ctx });
  // The two audiences' edges (docs/architecture.md): the parents' and the school's staff's.
  await app.register(parentsEdge, { ctx, prefix: '/api' });
  await app.register(opsEdge, {
    ctx,
    prefix: '/api/ops',
    authenticate: options.staffAuthenticator ?? authenticateStaff,
    routes: options.opsRoutes ?? OPS_ROUTES,
  });

  if (usesLocalOutbox(providers)) await app.register(outboxRoutes, { ctx });
  if (config.testFixtures) await app.register(fixturesRoutes, { ctx });

  await app.register(consolePlugin, { prefix: '/ops', distDir: config.consoleDistDir });
  await app.register(webPlugin, { distDir: config.webDistDir });
  return app;
}
