import { Container, List, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/List.css';
import { useTranslation } from 'react-i18next';
import { AppBadges } from '../../../components/app-badges';
import { CatalogueLayout } from './catalogue-layout';

/** `/download`: the app for phones and tablets, with store badges (spec §2). */
export function DownloadPage() {
  const { t } = useTranslation('catalogue');
  return (
    <CatalogueLayout title={t('downloadTitle')} description={t('downloadDescription')}>
      <Container size="sm" py={60}>
        <Stack align="center" ta="center" gap="lg">
          <Title order={1}>{t('downloadTitle')}</Title>
          <Text c="dimmed" maw={480}>
            {t('downloadDescription')}
          </Text>
          <AppBadges />
          <List ta="left" spacing={6}>
            <List.Item>{t('downloadPoint1')}</List.Item>
            <List.Item>{t('downloadPoint2')}</List.Item>
            <List.Item>{t('downloadPoint3')}</List.Item>
          </List>
        </Stack>
      </Container>
    </CatalogueLayout>
  );
}
