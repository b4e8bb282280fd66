import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AppBadges } from '../../../components/app-badges';

/** Spec §2: the empty lesson list says so and offers the apps. */
export function LessonsEmpty({ text }: { text?: string }) {
  const { t } = useTranslation('lessons');
  return (
    <Stack align="center" py="xl" gap="md">
      <Text c="dimmed" role="status">
        {text ?? t('noLesson')}
      </Text>
      <AppBadges />
    </Stack>
  );
}
