import { Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function StaffPage() {
  const { t } = useTranslation('staff');
  return <Title order={1}>{t('nav')}</Title>;
}
