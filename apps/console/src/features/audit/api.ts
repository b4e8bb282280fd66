import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { AuditListSchema, StaffOptionsSchema, type AuditQuery } from '@portal/shared/staff';
import { api, OPS_API } from '../../lib/api-client';

/** GET /api/ops/audit: one page of the log, newest first, filtered by the server. */
export const auditQuery = (query: AuditQuery) =>
  queryOptions({
    queryKey: ['ops', 'audit', query],
    queryFn: ({ signal }) =>
      api.get(`${OPS_API}/audit`, { query: { ...query }, schema: AuditListSchema, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/**
 * GET /api/ops/families/:userSn/audit. Under the family's key prefix (`['ops', 'family', userSn]`,
 * features/families/api.ts), so the family page's writes refresh it.
 */
export const familyAuditQuery = (userSn: string, page: number, pageSize: number) =>
  queryOptions({
    queryKey: ['ops', 'family', userSn, 'audit', { page, pageSize }],
    queryFn: ({ signal }) =>
      api.get(`${OPS_API}/families/${encodeURIComponent(userSn)}/audit`, {
        query: { page, pageSize },
        schema: AuditListSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** GET /api/ops/staff-options: every member, for the "staff member" filter. */
export const staffOptionsQuery = () =>
  queryOptions({
    queryKey: ['ops', 'staff-options'],
    queryFn: ({ signal }) =>
      api.get(`${OPS_API}/staff-options`, { schema: StaffOptionsSchema, signal }),
    staleTime: 5 * 60_000,
  });
