import { queryOptions } from '@tanstack/react-query';
import { AccountSchema } from '@portal/shared/credits';
import { api } from './api-client';

/**
 * `GET /api/accounts?model=lessons`: the credit balances shown in the header, the dashboard and
 * the top-up pages; anything that moves credits (leave, payment) invalidates this key.
 */
export const accountQueryOptions = () =>
  queryOptions({
    queryKey: ['account'],
    queryFn: ({ signal }) =>
      api.get('/api/accounts', { query: { model: 'lessons' }, schema: AccountSchema, signal }),
  });
