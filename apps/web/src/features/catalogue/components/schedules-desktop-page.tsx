import { Container, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CatalogueLayout } from './catalogue-layout';
import { ScheduleBrowser } from './schedule-browser';

/** `/schedules_pc`: the public Courses Schedule for desktop, 10 a page (spec §2). */
export function SchedulesDesktopPage() {
  const { t } = useTranslation('catalogue');
  return (
    <CatalogueLayout title={t('scheduleTitle')} description={t('scheduleDescription')}>
      <Container size="lg" py="xl">
        <Title order={1} mb={4}>
          {t('scheduleTitle')}
        </Title>
        <ScheduleBrowser />
      </Container>
    </CatalogueLayout>
  );
}
