import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  InviteStaffAnswerSchema,
  StaffDetailSchema,
  StaffListSchema,
  type InviteStaffBody,
  type StaffListQuery,
  type UpdateStaffBody,
} from '@portal/shared/staff';
import { api, OPS_API } from '../../lib/api-client';

/** The filters and page of the staff list, as the URL holds them. */
export type StaffListParams = Partial<Pick<StaffListQuery, 'q' | 'role' | 'status'>> & {
  page: number;
};

export const STAFF_PAGE_SIZE = 20;

const staffKey = ['ops', 'staff'] as const;

/** GET /api/ops/staff — one page of members, filtered by the server. */
export const staffListQuery = (params: StaffListParams) =>
  queryOptions({
    queryKey: [...staffKey, 'list', params],
    queryFn: () =>
      api.get(`${OPS_API}/staff`, {
        query: { ...params, pageSize: STAFF_PAGE_SIZE },
        schema: StaffListSchema,
      }),
    // The table keeps the last page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

/** Every staff query: what a change to a member makes stale. */
export const staffQueriesKey = staffKey;

const detail = { schema: StaffDetailSchema };

export const staffApi = {
  invite: (body: InviteStaffBody) =>
    api.post(`${OPS_API}/staff`, body, { schema: InviteStaffAnswerSchema }),
  update: (id: number, body: UpdateStaffBody) => api.post(`${OPS_API}/staff/${id}`, body, detail),
  disable: (id: number) => api.post(`${OPS_API}/staff/${id}/disable`, {}, detail),
  enable: (id: number) => api.post(`${OPS_API}/staff/${id}/enable`, {}, detail),
  resetSecondFactor: (id: number) =>
    api.post(`${OPS_API}/staff/${id}/reset-second-factor`, {}, detail),
};
