import { Alert, Button, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNetworkFailureText } from '@portal/web-kit/list-state';

export function ScheduleLoading() {
  const { t } = useTranslation('common');
  return (
    <Stack role="status" aria-busy="true">
      <VisuallyHidden>{t('loading')}</VisuallyHidden>
      {[0, 1, 2].map((key) => (
        <Skeleton key={key} height={96} radius="md" />
      ))}
    </Stack>
  );
}

/** A load of the schedule that failed, or the network's failure as it is (decision 051). */
export function ScheduleError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('catalogue');
  const network = useNetworkFailureText(error);
  return (
    <Alert color="red" role="alert" title={network?.title ?? t('loadFailed')}>
      {network && (
        <Text size="sm" mb="sm">
          {network.text}
        </Text>
      )}
      <Button size="xs" variant="light" onClick={onRetry}>
        {t('retry', { ns: 'common' })}
      </Button>
    </Alert>
  );
}

export function ScheduleEmpty() {
  const { t } = useTranslation('catalogue');
  return (
    <Text ta="center" c="dimmed" py="xl" role="status">
      {t('empty')}
    </Text>
  );
}
