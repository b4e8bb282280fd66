import { Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useDocumentTitle } from '@portal/web-kit/page';
import { paths } from '../../../config/paths';
import { useInviteAdviser } from '../hooks/use-invite-adviser';
import { AdviserInvite } from './adviser-invite';
import { RegisteredNext, useRegisteredSession } from './registered-next';

/**
 * `/salecard?invite_code=` (spec §2): the adviser invite page a share registration ends on —
 * what was claimed, who will book the trial lesson, how to reach them, and onboarding next. A
 * link without a valid code says that once and leads to the registration form instead.
 */
export function SaleCardPage() {
  const { t } = useTranslation('registration');
  const [params] = useSearchParams();
  const inviteCode = params.get('invite_code');
  const { adviser, isInvalid } = useInviteAdviser(inviteCode);
  const signedIn = Boolean(useRegisteredSession());
  const invalid = !inviteCode || isInvalid;
  // No adviser to meet on a bad link: a visitor is offered the free lesson instead.
  const title = invalid && !signedIn ? t('shareTitle') : t('saleCardTitle');
  useDocumentTitle(title);
  return (
    <Container size={480} py={{ base: 'lg', sm: 60 }}>
      <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 32 }}>
        <Stack gap="lg">
          <div>
            <Title order={1} size="h2">
              {title}
            </Title>
            <Text c="dimmed" size="sm" mt={4}>
              {signedIn
                ? t(invalid ? 'claimedText' : 'saleCardClaimedText')
                : t(invalid ? 'inviteInvalidRegister' : 'saleCardText')}
            </Text>
          </div>
          {invalid ? (
            !signedIn && (
              <Button component={Link} to={paths.shareRegister}>
                {t('claim')}
              </Button>
            )
          ) : (
            <AdviserInvite adviser={adviser} />
          )}
          <RegisteredNext />
        </Stack>
      </Paper>
    </Container>
  );
}
