import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  AdviserListSchema,
  AvatarOptionListSchema,
  CreditCorrectionAnswerSchema,
  FamilyChildSchema,
  FamilyDetailSchema,
  FamilyListSchema,
  FamilyParentSchema,
  LedgerListSchema,
  RevealPhoneAnswerSchema,
  type CreditCorrectionBodyInput,
  type FamilyDetail,
  type FamilySearchQuery,
  type UpdateFamilyBodyInput,
  type UpdateFamilyChildBodyInput,
} from '@portal/shared/staff';
import { z } from 'zod';
import { api, OPS_API } from '../../lib/api-client';

const family = (userSn: string) => `${OPS_API}/families/${encodeURIComponent(userSn)}`;

/**
 * The keys of this feature's queries. A family's queries start with `['ops', 'family', userSn]`;
 * its audit entries (features/audit, composed into the family page) live under
 * `['ops', 'family', userSn, 'audit']`, so a write here refreshes them by that prefix.
 */
export const familyKeys = {
  all: ['ops', 'families'] as const,
  one: (userSn: string) => ['ops', 'family', userSn] as const,
};

/**
 * After a write: its answer goes into the family's page without asking again (a load is
 * audited, `change`), and the ledger and the audit entries of the family, and the search, are
 * stale (refetched in the background).
 */
export function applyFamilyWrite(
  client: QueryClient,
  userSn: string,
  change: (detail: FamilyDetail) => FamilyDetail,
): void {
  client.setQueryData(familyQuery(userSn).queryKey, (detail) => detail && change(detail));
  void Promise.all([
    client.invalidateQueries({ queryKey: [...familyKeys.one(userSn), 'ledger'] }),
    client.invalidateQueries({ queryKey: [...familyKeys.one(userSn), 'audit'] }),
    client.invalidateQueries({ queryKey: familyKeys.all }),
  ]);
}

/** GET /api/ops/advisers: the advisers filter and the parent's edit dialog. */
export const advisersQuery = () =>
  queryOptions({
    queryKey: ['ops', 'advisers'],
    queryFn: ({ signal }) => api.get(`${OPS_API}/advisers`, { schema: AdviserListSchema, signal }),
    staleTime: 5 * 60_000,
  });

/** GET /api/ops/avatars: the parents' avatar choices, for the child edit dialog. */
export const avatarsQuery = () =>
  queryOptions({
    queryKey: ['ops', 'avatars'],
    queryFn: ({ signal }) =>
      api.get(`${OPS_API}/avatars`, { schema: AvatarOptionListSchema, signal }),
    staleTime: 30 * 60_000,
  });

/** GET /api/ops/families: one page of the search, filtered and sorted by the server. */
export const familiesQuery = (query: FamilySearchQuery) =>
  queryOptions({
    queryKey: [...familyKeys.all, query],
    queryFn: ({ signal }) =>
      api.get(`${OPS_API}/families`, { query: { ...query }, schema: FamilyListSchema, signal }),
    // The table keeps the last page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

/**
 * GET /api/ops/families/:userSn. Every load is recorded as `family.viewed`, so edits write their
 * answer into this cache instead of asking again. Silent: the page says "not found" itself.
 */
export const familyQuery = (userSn: string) =>
  queryOptions({
    queryKey: [...familyKeys.one(userSn), 'detail'],
    queryFn: ({ signal }) =>
      api.get(family(userSn), { schema: FamilyDetailSchema, signal, silent: true }),
    staleTime: 5 * 60_000,
  });

/** GET /api/ops/families/:userSn/ledger, newest first. */
export const ledgerQuery = (userSn: string, page: number, pageSize: number) =>
  queryOptions({
    queryKey: [...familyKeys.one(userSn), 'ledger', { page, pageSize }],
    queryFn: ({ signal }) =>
      api.get(`${family(userSn)}/ledger`, {
        query: { page, pageSize },
        schema: LedgerListSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const familiesApi = {
  revealPhone: (userSn: string) =>
    api.post(`${family(userSn)}/reveal-phone`, {}, { schema: RevealPhoneAnswerSchema }),
  updateParent: (userSn: string, body: UpdateFamilyBodyInput) =>
    api.post(family(userSn), body, { schema: FamilyParentSchema }),
  updateChild: (userSn: string, studentSn: string, body: UpdateFamilyChildBodyInput) =>
    api.post(`${family(userSn)}/children/${encodeURIComponent(studentSn)}`, body, {
      schema: FamilyChildSchema,
    }),
  signOutEverywhere: (userSn: string) =>
    api.post(`${family(userSn)}/sign-out-everywhere`, {}, { schema: z.null() }),
  correctCredits: (userSn: string, body: CreditCorrectionBodyInput) =>
    api.post(`${family(userSn)}/credits`, body, { schema: CreditCorrectionAnswerSchema }),
};
