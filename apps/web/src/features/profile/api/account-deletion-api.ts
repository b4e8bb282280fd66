import { queryOptions } from '@tanstack/react-query';
import {
  AccountDeletionStatusSchema,
  type AccountDeletionBody,
} from '@portal/shared/account-deletion';
import { api } from '../../../lib/api-client';

/**
 * `GET /api/accountDeletion` (issue #25): a pending deletion (the banner's "Cancel deletion")
 * and the preview the confirmation shows. The request and the cancel refresh it.
 */
export const accountDeletionQueryOptions = () =>
  queryOptions({
    queryKey: ['account-deletion'],
    // No abort signal: the signed-in frame remounts on each screen (its key is the path), and an
    // aborted first request would be asked again by the next screen's banner (one call a screen).
    queryFn: () => api.get('/api/accountDeletion', { schema: AccountDeletionStatusSchema }),
    staleTime: 60_000,
  });

export const accountDeletionApi = {
  sendCode: () => api.post<null>('/api/accountDeletion/code'),
  request: (body: AccountDeletionBody) =>
    api.post('/api/accountDeletion', body, { schema: AccountDeletionStatusSchema }),
  cancel: () =>
    api.post('/api/accountDeletion/cancel', {}, { schema: AccountDeletionStatusSchema }),
};
