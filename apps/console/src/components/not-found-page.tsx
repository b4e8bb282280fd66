import { Button, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@portal/web-kit/page';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../config/paths';

export function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('notFoundTitle'));
  return (
    <Stack align="flex-start" maw={560}>
      <Title order={1}>{t('notFoundTitle')}</Title>
      <Text>{t('notFoundText')}</Text>
      <Button component={Link} to={paths.home} variant="light">
        {t('backHome')}
      </Button>
    </Stack>
  );
}
