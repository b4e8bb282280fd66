import { Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PublicLayout } from '../../../components/layout/public-layout';
import { useDocumentTitle } from '../../../components/use-document-title';
import { paths } from '../../../config/paths';
import { AdviserInvite } from './adviser-invite';

/**
 * `/salecard?invite_code=` (spec §2): the adviser invite page a share registration ends on —
 * who will book the trial lesson, and how to reach them.
 */
export function SaleCardPage() {
  const { t } = useTranslation('registration');
  useDocumentTitle(t('saleCardTitle'));
  const [params] = useSearchParams();
  return (
    <PublicLayout>
      <Container size={480} py={{ base: 'lg', sm: 60 }}>
        <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 32 }}>
          <Stack gap="lg">
            <div>
              <Title order={1} size="h2">
                {t('saleCardTitle')}
              </Title>
              <Text c="dimmed" size="sm" mt={4}>
                {t('saleCardText')}
              </Text>
            </div>
            <AdviserInvite inviteCode={params.get('invite_code')} />
            <Button component={Link} to={paths.signIn} variant="light">
              {t('signInNext')}
            </Button>
          </Stack>
        </Paper>
      </Container>
    </PublicLayout>
  );
}
