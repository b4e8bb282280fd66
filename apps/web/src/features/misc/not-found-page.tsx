import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '@portal/web-kit/page';
import { paths } from '../../config/paths';

/** Spec §2: an unknown path goes to a fallback page. */
export function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('notFoundTitle'));
  return (
    <Container size="sm" py={80}>
      <Stack align="center" ta="center" gap="md">
        <Text fz={64} fw={800} c="brand.7" aria-hidden="true">
          404
        </Text>
        <Title order={1}>{t('notFoundTitle')}</Title>
        <Text c="gray.7">{t('notFoundText')}</Text>
        <Button component={Link} to={paths.signIn} size="md">
          {t('backToSignIn')}
        </Button>
      </Stack>
    </Container>
  );
}
