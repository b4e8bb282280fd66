import { Button, Container, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';

/** The catalogue pages' sign-in button in the header, on wider screens (app/layouts). */
export function SignInButton() {
  const { t } = useTranslation('catalogue');
  return (
    <Button component={Link} to={paths.signIn} size="xs" visibleFrom="xs">
      {t('signIn')}
    </Button>
  );
}

/** The same offer under the content on phones, for a visitor without a session. */
export function SignInCallout() {
  const { t } = useTranslation('catalogue');
  return (
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
  );
}
