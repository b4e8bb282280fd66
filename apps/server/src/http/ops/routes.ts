import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../app-context';
import { dashboardRoutes } from './dashboard.routes';

/**
 * The staff edge's route plugins, one per feature (`<feature>.routes.ts` in this folder); app.ts
 * registers them behind `requireStaff`. Each route declares `config.permission`.
 */
export const OPS_ROUTES: readonly FastifyPluginAsync<{ ctx: AppContext }>[] = [dashboardRoutes];
