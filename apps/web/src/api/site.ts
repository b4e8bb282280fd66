import { queryOptions } from '@tanstack/react-query';
import type { Language } from '@portal/shared/i18n';
import { api } from '../lib/api-client';

/**
 * `GET /api/dict/site`: the school's public facts (company, support contact, the app's store
 * pages) as the server is configured; a fact that is not configured is null and not shown.
 */
export const siteSettingsQueryOptions = (language: Language) =>
  queryOptions({
    queryKey: ['site', language],
    queryFn: ({ signal }) =>
      api.get('/api/dict/site', {
        schema: () => import('@portal/shared/dict').then((m) => m.SiteSettingsSchema),
        signal,
        silent: true,
      }),
    staleTime: 60 * 60_000,
  });
