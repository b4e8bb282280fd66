import { notify } from '@portal/web-kit/notify';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { storage } from '../../../lib/storage';
import { accountDeletionApi, accountDeletionQueryOptions } from '../api/account-deletion-api';
import { deletionOfferChanged } from './use-deletion-offer';

/** "Cancel deletion" while the grace period runs: the profile section and the sign-in banner. */
export function useCancelDeletion() {
  const { t } = useTranslation('auth');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: accountDeletionApi.cancel,
    onSuccess: (status) => {
      notify('green', t('deletionCancelled'));
      storage.setDeletionDueAt(undefined);
      deletionOfferChanged();
      queryClient.setQueryData(accountDeletionQueryOptions().queryKey, status);
    },
  });
}
