import { Alert, Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';

/** Spec §4: after a password is saved the form hides and this confirmation links to sign-in. */
export function SavedNotice() {
  const { t } = useTranslation('auth');
  return (
    <Stack>
      <Alert color="green" title={t('savedTitle')} role="status">
        {t('savedText')}
      </Alert>
      <Button component={Link} to={paths.signIn} variant="light">
        {t('goToSignIn')}
      </Button>
    </Stack>
  );
}
