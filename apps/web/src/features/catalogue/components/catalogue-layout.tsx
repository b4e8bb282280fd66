import { Button, Container, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PublicLayout, useHasSession } from '../../../components/layout/public-layout';
import { useDocumentTitle } from '@portal/web-kit/page';
import { paths } from '../../../config/paths';

/**
 * Public catalogue pages: a call to action to sign in (in the header on wider screens, under the
 * content on phones) — or, for a parent with a session, the account menu (PublicLayout) — and a
 * title and description for sharing.
 */
export function CatalogueLayout({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('catalogue');
  useDocumentTitle(title, description);
  const signedIn = useHasSession();
  return (
    <PublicLayout
      actions={
        <Button component={Link} to={paths.signIn} size="xs" visibleFrom="xs">
          {t('signIn')}
        </Button>
      }
    >
      {children}
      {!signedIn && (
        <Container size="xs" pb="xl" hiddenFrom="xs">
          <Paper withBorder p="md" radius="md" ta="center">
            <Text size="sm" mb="sm">
              {t('ctaText')}
            </Text>
            <Button component={Link} to={paths.signIn} fullWidth>
              {t('signIn')}
            </Button>
          </Paper>
        </Container>
      )}
    </PublicLayout>
  );
}
