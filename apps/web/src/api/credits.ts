import { queryOptions } from '@tanstack/react-query';
import { api } from '../lib/api-client';

/**
 * `GET /api/accounts?model=lessons`: the credit balances shown in the header, the dashboard and
 * the top-up pages; anything that moves credits (leave, payment) invalidates this key. Prefetched
 * from the start chunk (app/prefetch.ts), so its schema is loaded beside the request.
 */
export const accountQueryOptions = () =>
  queryOptions({
    queryKey: ['account'],
    queryFn: ({ signal }) =>
      api.get('/api/accounts', {
        query: { model: 'lessons' },
        schema: async () => (await import('@portal/shared/credits')).AccountSchema,
        signal,
      }),
  });
