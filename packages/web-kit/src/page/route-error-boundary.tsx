import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/** Shown when a screen throws while rendering or loading its code (e.g. after a deploy). */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  console.error(error);
  return (
    <Container size="sm" py="xl" component="main">
      <Stack align="flex-start">
        <Title order={1}>{t('errorTitle')}</Title>
        <Text>{t('errorText')}</Text>
        <Button onClick={() => window.location.reload()}>{t('reload')}</Button>
      </Stack>
    </Container>
  );
}
