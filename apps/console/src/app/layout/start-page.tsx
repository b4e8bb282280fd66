import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { useMe } from '../../lib/use-me';
import { navFor } from '../nav';

/** `/ops/`: the first screen of the navigation the member may open. */
export function StartPage() {
  const { t } = useTranslation();
  const { me } = useMe();
  const first = navFor(me.permissions)[0];
  return first ? <Navigate to={first.to} replace /> : <Text>{t('nothingYet')}</Text>;
}
