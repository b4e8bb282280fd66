import { Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { env } from '../config/env';

/** Store badges (download page, empty lesson lists). Links come from the build configuration. */
export function AppBadges() {
  const { t } = useTranslation('catalogue');
  return (
    <Group gap="sm" justify="center">
      <a
        href={env.appStoreUrl}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={t('appStore')}
      >
        <img src="/img/badges/app-store.svg" alt="" width={150} height={45} />
      </a>
      <a
        href={env.googlePlayUrl}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={t('googlePlay')}
      >
        <img src="/img/badges/google-play.svg" alt="" width={150} height={45} />
      </a>
    </Group>
  );
}
