import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';

/** Teachers' profiles, time off and figures (issue #22). */
export const teachersRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async () => {};
