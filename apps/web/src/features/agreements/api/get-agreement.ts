import { queryOptions } from '@tanstack/react-query';
import { AgreementSchema, type AgreementType } from '@portal/shared/agreements';
import type { Language } from '@portal/shared/i18n';
import { api } from '../../../lib/api-client';

/** `GET /api/getAgreement?type=` — the key holds the language because the text depends on it. */
export const agreementQueryOptions = (type: AgreementType, language: Language) =>
  queryOptions({
    queryKey: ['agreement', type, language],
    queryFn: ({ signal }) =>
      api.get('/api/getAgreement', { query: { type }, schema: AgreementSchema, signal }),
    staleTime: 5 * 60_000,
  });
