import { Container, Title } from '@mantine/core';
import { useDocumentTitle } from '@portal/web-kit/page';
import { useTranslation } from 'react-i18next';
import { ScheduleBrowser } from './schedule-browser';

/** `/schedules_pc`: the public Courses Schedule for desktop, 10 a page (spec §2). */
export function SchedulesDesktopPage() {
  const { t } = useTranslation('catalogue');
  useDocumentTitle(t('scheduleTitle'), t('scheduleDescription'));
  return (
    <Container size="lg" py="xl">
      <Title order={1} mb={4}>
        {t('scheduleTitle')}
      </Title>
      <ScheduleBrowser />
    </Container>
  );
}
