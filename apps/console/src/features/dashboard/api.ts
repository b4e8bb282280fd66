import { queryOptions } from '@tanstack/react-query';
import { DashboardSchema } from '@portal/shared/staff';
import { api, OPS_API } from '../../lib/api-client';

/** GET /api/ops/dashboard — the school's figures over the last `weeks` weeks. */
export const dashboardQuery = (weeks: number) =>
  queryOptions({
    queryKey: ['ops', 'dashboard', weeks],
    queryFn: () => api.get(`${OPS_API}/dashboard`, { query: { weeks }, schema: DashboardSchema }),
    // Today's lessons move by the minute; the screen stays open on a desk.
    refetchInterval: 60_000,
  });
