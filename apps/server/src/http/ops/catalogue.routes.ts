import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';

/** The catalogue as the school edits it (issue #22). */
export const catalogueRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async () => {};
