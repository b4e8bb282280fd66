import { Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PublicLayout } from '../../../components/layout/public-layout';
import { useDocumentTitle } from '../../../components/use-document-title';
import { paths } from '../../../config/paths';
import { AdviserInvite } from './adviser-invite';

/** `/nuinfo?invite_code=` (spec §2): thank-you page after registering, with the adviser card. */
export function NewUserThanksPage() {
  const { t } = useTranslation('registration');
  useDocumentTitle(t('thanksTitle'));
  const [params] = useSearchParams();
  const inviteCode = params.get('invite_code');
  return (
    <PublicLayout>
      <Container size={480} py={{ base: 'lg', sm: 60 }}>
        <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 32 }}>
          <Stack gap="lg">
            <div>
              <Title order={1} size="h2">
                {t('thanksTitle')}
              </Title>
              <Text c="dimmed" size="sm" mt={4}>
                {t('thanksText')}
              </Text>
            </div>
            {inviteCode && <AdviserInvite inviteCode={inviteCode} />}
            <Button component={Link} to={paths.signIn}>
              {t('signInNext')}
            </Button>
          </Stack>
        </Paper>
      </Container>
    </PublicLayout>
  );
}
