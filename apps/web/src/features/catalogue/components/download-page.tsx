import { Container, List, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/List.css';
import { useQuery } from '@tanstack/react-query';
import { useDocumentTitle } from '@portal/web-kit/page';
import { useTranslation } from 'react-i18next';
import { AppBadges } from '../../../components/app-badges';
import { currentLanguage } from '../../../lib/i18n';
import { siteSettingsQueryOptions } from '../../../api/site';

/**
 * `/download`: the app for phones and tablets, with store badges (spec §2) for the stores the
 * school has configured; without any, how to take lessons in the phone's browser meanwhile.
 */
export function DownloadPage() {
  const { t } = useTranslation('catalogue');
  useDocumentTitle(t('downloadTitle'), t('downloadDescription'));
  const site = useQuery(siteSettingsQueryOptions(currentLanguage()));
  const noStore = site.data && !site.data.app_store_url && !site.data.google_play_url;
  return (
    <Container size="sm" py={60}>
      <Stack align="center" ta="center" gap="lg">
        <Title order={1}>{t('downloadTitle')}</Title>
        <Text c="dimmed" maw={480}>
          {t('downloadDescription')}
        </Text>
        <AppBadges />
        {noStore && (
          <Text maw={480} role="status">
            {t('downloadNoStore')}
          </Text>
        )}
        <List ta="left" spacing={6}>
          <List.Item>{t('downloadPoint1')}</List.Item>
          <List.Item>{t('downloadPoint2')}</List.Item>
          <List.Item>{t('downloadPoint3')}</List.Item>
        </List>
      </Stack>
    </Container>
  );
}
