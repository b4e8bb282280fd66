import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../lib/api-client';

/**
 * `GET /api/students`: the parent's children. Shared by the children screens and the dashboard,
 * so it lives here; adding, editing or deleting a child invalidates this key. Prefetched from the
 * start chunk (app/prefetch.ts), so its schema is loaded beside the request.
 */
export const childrenQueryOptions = () =>
  queryOptions({
    queryKey: ['children'],
    queryFn: ({ signal }) =>
      api.get('/api/students', {
        schema: async () => z.array((await import('@portal/shared/children')).ChildSchema),
        signal,
      }),
  });
