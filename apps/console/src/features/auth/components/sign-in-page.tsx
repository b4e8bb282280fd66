import { Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function SignInPage() {
  const { t } = useTranslation('auth');
  return <Title order={1}>{t('signInTitle')}</Title>;
}
