import { Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { homePathFor } from '../../../lib/account';
import { storage } from '../../../lib/storage';

/** The signed-in session a sign-up just opened (use-sign-up.ts), or undefined for a visitor. */
export function useRegisteredSession() {
  return storage.getUserInfo();
}

/**
 * What comes after registering: signed in, onboarding (the first child); a visitor who opened an
 * old link signs in first.
 */
export function RegisteredNext() {
  const { t } = useTranslation('registration');
  const session = useRegisteredSession();
  if (!session)
    return (
      <Button component={Link} to={paths.signIn} variant="light">
        {t('signInNext')}
      </Button>
    );
  return (
    <>
      <Text size="sm">{t('nextStep')}</Text>
      <Button component={Link} to={homePathFor(session.status)}>
        {t('continueOnboarding')}
      </Button>
    </>
  );
}
