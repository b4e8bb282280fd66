import { Group } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../lib/i18n';
import { siteSettingsQueryOptions } from '../api/site';

const BADGE_STYLE = {
  display: 'inline-flex',
  alignItems: 'center',
  gap: 10,
  minWidth: 160,
  height: 48,
  padding: '0 14px',
  borderRadius: 10,
  background: '#111',
  color: '#fff',
  textDecoration: 'none',
  lineHeight: 1.1,
} as const;

function AppleIcon() {
  return (
    <svg viewBox="14 12 26 30" width={22} height={26} aria-hidden="true">
      <path
        d="M36 28c0-4 3-6 3-6-2-3-5-3-6-3-2 0-4 1-5 1s-3-1-4-1c-3 0-6 3-6 8 0 6 4 12 6 12 1 0 2-1 4-1s3 1 4 1c2 0 5-5 5-6 0 0-1 0-1-5zm-4-11c1-1 2-3 2-4-1 0-3 1-4 2s-2 3-2 4c2 0 3-1 4-2z"
        fill="#fff"
      />
    </svg>
  );
}

function PlayIcon() {
  return (
    <svg viewBox="16 12 24 30" width={20} height={24} aria-hidden="true">
      <path d="M18 14l20 13-20 13z" fill="#34a853" />
      <path d="M18 14l13 13-13 13z" fill="#4285f4" />
      <path d="M31 27l7-4v8z" fill="#fbbc04" />
    </svg>
  );
}

/**
 * Store badges (download page, empty lesson lists), in the interface language. A badge links the
 * lesson app's own page in its store, as configured on the server (decision 033); a store without
 * a configured page gets no badge, and without any the component shows nothing.
 */
export function AppBadges() {
  const { t } = useTranslation('catalogue');
  const site = useQuery(siteSettingsQueryOptions(currentLanguage()));
  const stores = [
    {
      url: site.data?.app_store_url,
      label: t('appStore'),
      small: t('appStoreLead'),
      name: 'App Store',
      icon: <AppleIcon />,
    },
    {
      url: site.data?.google_play_url,
      label: t('googlePlay'),
      small: t('googlePlayLead'),
      name: 'Google Play',
      icon: <PlayIcon />,
    },
  ].filter((store): store is typeof store & { url: string } => Boolean(store.url));
  if (stores.length === 0) return null;
  return (
    <Group gap="sm" justify="center">
      {stores.map((store) => (
        <a
          key={store.name}
          href={store.url}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={store.label}
          style={BADGE_STYLE}
        >
          {store.icon}
          <span style={{ display: 'flex', flexDirection: 'column', textAlign: 'left' }}>
            <span style={{ fontSize: 11 }}>{store.small}</span>
            <span style={{ fontSize: 18, fontWeight: 600 }}>{store.name}</span>
          </span>
        </a>
      ))}
    </Group>
  );
}
