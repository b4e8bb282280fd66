import { Alert, Button, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';

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

export function ScheduleError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('catalogue');
  return (
    <Alert color="red" title={t('loadFailed')}>
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
