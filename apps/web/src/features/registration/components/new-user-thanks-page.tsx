import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '@portal/web-kit/page';
import { useInviteAdviser } from '../hooks/use-invite-adviser';
import { AdviserInvite } from './adviser-invite';
import { RegisteredNext, useRegisteredSession } from './registered-next';

/**
 * `/nuinfo?invite_code=` (spec §2): thank-you page after registering. It says what the parent
 * claimed, shows their adviser and leads on to onboarding, signed in (docs/product.md →
 * Registration and onboarding).
 */
export function NewUserThanksPage() {
  const { t } = useTranslation('registration');
  useDocumentTitle(t('thanksTitle'));
  const [params] = useSearchParams();
  const inviteCode = params.get('invite_code');
  const { adviser, isInvalid } = useInviteAdviser(inviteCode);
  const signedIn = Boolean(useRegisteredSession());
  return (
    <Container size={480} py={{ base: 'lg', sm: 60 }}>
      <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 32 }}>
        <Stack gap="lg">
          <div>
            <Title order={1} size="h2">
              {t('thanksTitle')}
            </Title>
            <Text c="dimmed" size="sm" mt={4}>
              {signedIn ? t('claimedText') : t('thanksText')}
            </Text>
          </div>
          {inviteCode && !isInvalid && <AdviserInvite adviser={adviser} />}
          <RegisteredNext />
        </Stack>
      </Paper>
    </Container>
  );
}
