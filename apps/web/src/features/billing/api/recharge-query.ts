import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';

/**
 * Every billing query's key (billing-api.ts uses it too; it lives here, in the start chunk's
 * module). Titles come translated from the server, so the language is part of every key.
 */
export const billingKey = (...parts: (string | number | undefined)[]) => [
  'billing',
  currentLanguage(),
  ...parts.map((part) => part ?? ''),
];

/**
 * The credit packages, which `/recharge` prefetches from its route. This is in the start chunk
 * (app/prefetch.ts), so the billing schemas are loaded beside the request (api-client
 * `schema`), not built when the sign-in page starts.
 */
export const rechargeQueryOptions = () =>
  queryOptions({
    queryKey: billingKey('recharge'),
    queryFn: ({ signal }) =>
      api.get('/api/recharge/quantity', {
        schema: async () => (await import('@portal/shared/billing')).RechargeListSchema,
        signal,
      }),
  });
