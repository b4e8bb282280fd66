import { Alert, Button, Group, Text } from '@mantine/core';
import '@mantine/core/styles/Alert.css';
import { formatDate } from '@portal/web-kit/time';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { accountDeletionQueryOptions } from '../api/account-deletion-api';
import { useCancelDeletion } from '../hooks/use-cancel-deletion';

/**
 * The sign-in offer of issue #25: while a deletion is pending (14-day grace period), every
 * signed-in screen shows its date and "Cancel deletion". Nothing otherwise.
 */
export function AccountDeletionBanner() {
  const { t } = useTranslation('auth');
  const status = useQuery({ ...accountDeletionQueryOptions(), staleTime: 60_000 });
  const cancel = useCancelDeletion();
  if (!status.data?.pending) return null;
  return (
    <Alert color="red" title={t('deletionPendingTitle')} role="alert" m="md">
      <Group justify="space-between" gap="sm">
        <Text size="sm">{t('deletionPending', { date: formatDate(status.data.due_at) })}</Text>
        <Button size="xs" onClick={() => cancel.mutate()} loading={cancel.isPending}>
          {t('deletionCancel')}
        </Button>
      </Group>
    </Alert>
  );
}

export default AccountDeletionBanner;
