import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';

/** Enrolments, lesson changes, closures, cover, leave and feedback (issue #22). */
export const timetableRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async () => {};
