import { Alert, Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useLanguageChoice } from '../hooks/use-language-choice';
import { useSignedInRedirect } from '../hooks/use-signed-in-redirect';
import { isSupportedBrowser } from '../utils/browser';
import { AuthCard } from './auth-card';
import { PasswordSignInForm } from './password-sign-in-form';

/** `/loginPassword`: password sign-in with any calling code (spec §2). */
export function PasswordSignInPage() {
  const { t } = useTranslation('auth');
  useSignedInRedirect();
  useLanguageChoice();
  return (
    <AuthCard title={t('passwordSignInTitle')}>
      {!isSupportedBrowser(navigator) && (
        <Alert color="yellow" title={t('browserHintTitle')}>
          {t('browserHint')}
        </Alert>
      )}
      <PasswordSignInForm selectableCountry />
      <Text size="sm" ta="center">
        <Anchor component={Link} to={paths.signIn}>
          {t('useCodeInstead')}
        </Anchor>
      </Text>
    </AuthCard>
  );
}
