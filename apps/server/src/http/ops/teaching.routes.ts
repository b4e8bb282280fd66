import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';

/** A teacher's own week: roster, classroom, attendance and notes (issue #22). */
export const teachingRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async () => {};
