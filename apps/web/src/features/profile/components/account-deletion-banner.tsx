import { Alert, Button, Group, Text } from '@mantine/core';
import '@mantine/core/styles/Alert.css';
import { formatDate } from '@portal/web-kit/time';
import { useTranslation } from 'react-i18next';
import { useCancelDeletion } from '../hooks/use-cancel-deletion';

/**
 * The sign-in offer of issue #25: when the sign-in answer said a deletion is pending (14-day grace
 * period), every signed-in screen shows its date and "Cancel deletion" until it is cancelled or
 * the parent signs out. It reads the stored date, so it asks the server nothing itself.
 */
export function AccountDeletionBanner({ dueAt }: { dueAt: string }) {
  const { t } = useTranslation('auth');
  const cancel = useCancelDeletion();
  return (
    <Alert color="red" title={t('deletionPendingTitle')} role="alert" m="md">
      <Group justify="space-between" gap="sm">
        <Text size="sm">{t('deletionPending', { date: formatDate(dueAt) })}</Text>
        <Button size="xs" onClick={() => cancel.mutate()} loading={cancel.isPending}>
          {t('deletionCancel')}
        </Button>
      </Group>
    </Alert>
  );
}

export default AccountDeletionBanner;
