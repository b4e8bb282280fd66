import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../app-context';
import { auditRoutes } from './audit.routes';
import { catalogueRoutes } from './catalogue.routes';
import { dashboardRoutes } from './dashboard.routes';
import { familiesRoutes } from './families.routes';
import { staffAuthRoutes } from './staff-auth.routes';
import { staffRoutes } from './staff.routes';
import { teachersRoutes } from './teachers.routes';
import { teachingRoutes } from './teaching.routes';
import { timetableRoutes } from './timetable.routes';
import { booksRoutes } from './books.routes';
import { moneyRoutes } from './money.routes';
import { ordersRoutes } from './orders.routes';
import { pricesRoutes } from './prices.routes';

/**
 * The staff edge's route plugins, one per feature (`<feature>.routes.ts` in this folder); app.ts
 * registers them behind `requireStaff`. Each route declares `config.permission`.
 */
export const OPS_ROUTES: readonly FastifyPluginAsync<{ ctx: AppContext }>[] = [
  staffAuthRoutes,
  staffRoutes,
  dashboardRoutes,
  familiesRoutes,
  auditRoutes,
  catalogueRoutes,
  teachersRoutes,
  teachingRoutes,
  timetableRoutes,
  ordersRoutes,
  moneyRoutes,
  pricesRoutes,
  booksRoutes,
];
