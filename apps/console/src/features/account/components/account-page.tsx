import { Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function AccountPage() {
  const { t } = useTranslation('account');
  return <Title order={1}>{t('nav')}</Title>;
}
