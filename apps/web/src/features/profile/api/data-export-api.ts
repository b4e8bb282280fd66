import { queryOptions } from '@tanstack/react-query';
import { DataExportSchema } from '@portal/shared/profile';
import { api } from '../../../lib/api-client';

/** While an export is being built its status is asked again this often. */
const BUILDING_POLL_MS = 5_000;

/** `GET /api/dataExport`: the parent's latest "Download my data" export (null when none). */
export const dataExportQueryOptions = () =>
  queryOptions({
    queryKey: ['data-export'],
    queryFn: ({ signal }) =>
      api.get('/api/dataExport', { schema: DataExportSchema.nullable(), signal }),
    refetchInterval: (query) =>
      query.state.data?.status === 'queued' || query.state.data?.status === 'building'
        ? BUILDING_POLL_MS
        : false,
  });

export const dataExportApi = {
  /** Asks for an export; while one is being built the server answers that one. */
  request: () => api.post('/api/dataExport', {}, { schema: DataExportSchema }),
};
