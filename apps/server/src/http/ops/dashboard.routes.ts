import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@portal/shared/api';
import { DashboardQuerySchema, DashboardSchema, type Dashboard } from '@portal/shared/staff';
import type { AppContext } from '../../app-context';
import { getDashboard, type DashboardFigures } from '../../modules/dashboard/dashboard.service';
import { ok } from '../envelope';

function dashboardWire(figures: DashboardFigures): Dashboard {
  return { ...figures, asOf: figures.asOf.toISOString() };
}

/** The school's figures at a glance (issue #21, decision 045). Reads only: nothing is audited. */
export const dashboardRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/dashboard',
    {
      config: { permission: 'dashboard.read' },
      schema: {
        tags: ['ops'],
        summary:
          "Today's lessons, weekly registrations, first purchases and credits, members, leave rate, credits outstanding",
        querystring: DashboardQuerySchema,
        response: { 200: envelope(DashboardSchema) },
      },
    },
    async (request) => ok(dashboardWire(await getDashboard(ctx, request.query.weeks))),
  );
};
