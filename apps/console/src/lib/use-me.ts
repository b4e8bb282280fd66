import { queryOptions, useQuery } from '@tanstack/react-query';
import { MeSchema, type Me, type Permission } from '@portal/shared/staff';
import { api, OPS_API } from './api-client';

/** GET /api/ops/me: the signed-in member and their role's permissions. */
export const meQuery = () =>
  queryOptions({
    queryKey: ['ops', 'me'],
    queryFn: () => api.get(`${OPS_API}/me`, { schema: MeSchema }),
    // A role change applies to the next request on the server; the console catches up when
    // the member opens it again or a screen refreshes it.
    staleTime: 60_000,
  });

export interface UseMe {
  me: Me;
  /** Whether the member's role has `permission` (the server enforces it; this hides what it refuses). */
  can: (permission: Permission) => boolean;
}

/**
 * The signed-in member. Only for screens under the signed-in frame, which loads `me` before it
 * renders them (app/layout/require-session.tsx), so `me` is always there.
 */
export function useMe(): UseMe {
  const { data } = useQuery(meQuery());
  if (!data) throw new Error('useMe() outside the signed-in frame');
  return { me: data, can: (permission) => data.permissions.includes(permission) };
}
