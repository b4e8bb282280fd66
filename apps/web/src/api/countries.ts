import { queryOptions } from '@tanstack/react-query';
import { CountryListSchema } from '@portal/shared/dict';
import type { Language } from '@portal/shared/i18n';
import { api } from '../lib/api-client';

/** `GET /api/dict/countries` in the current language (spec §7; page size 999). */
export const countriesQueryOptions = (language: Language) =>
  queryOptions({
    queryKey: ['countries', language],
    queryFn: ({ signal }) =>
      api.get('/api/dict/countries', {
        query: { page: 1, pagesize: 999 },
        schema: CountryListSchema,
        signal,
      }),
    staleTime: 60 * 60_000,
  });
