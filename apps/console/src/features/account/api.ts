import { queryOptions } from '@tanstack/react-query';
import { StaffSessionListSchema } from '@portal/shared/staff';
import { api, OPS_API } from '../../lib/api-client';

/** GET /api/ops/me/sessions — the member's live sessions. */
export const mySessionsQuery = () =>
  queryOptions({
    queryKey: ['ops', 'me', 'sessions'],
    queryFn: () => api.get(`${OPS_API}/me/sessions`, { schema: StaffSessionListSchema }),
  });

/** POST /api/ops/me/sessions/:id/revoke */
export const revokeMySession = (id: number) =>
  api.post<null>(`${OPS_API}/me/sessions/${id}/revoke`, {});
