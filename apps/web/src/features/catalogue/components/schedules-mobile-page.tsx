import {
  Button,
  Center,
  Container,
  Drawer,
  Group,
  Loader,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { ListState } from '@portal/web-kit/list-state';
import '@mantine/core/styles/Drawer.css';
import { useDisclosure } from '@mantine/hooks';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useLoadMoreOnView } from '@portal/web-kit/infinite-scroll';
import { MOBILE_NEXT_PAGE_DELAY_MS } from '@portal/shared/catalogue';
import { useDocumentTitle } from '@portal/web-kit/page';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { scheduleInfiniteQueryOptions } from '../api/catalogue-api';
import { useScheduleFilters } from '../hooks/use-schedule-filters';
import { timeZoneLabel } from '@portal/web-kit/time';
import { CourseScheduleCard } from './course-schedule-card';
import { ScheduleFilterControls } from './schedule-filter-controls';
import { ScheduleEmpty, ScheduleError, ScheduleLoading } from './schedule-states';

/** `/schedules_app`: the schedule for phones, with a filter popup and infinite scroll (spec §2). */
export function SchedulesMobilePage() {
  const { t } = useTranslation('catalogue');
  useDocumentTitle(t('scheduleTitle'), t('scheduleDescription'));
  const { state, filters, update } = useScheduleFilters();
  const [filtersOpen, filtersPanel] = useDisclosure(false);
  const schedule = useInfiniteQuery(scheduleInfiniteQueryOptions(filters, currentLanguage()));
  const { hasNextPage, isFetchingNextPage } = schedule;
  // Spec §9: the next page follows 300 ms after the end of the list comes into view.
  const sentinel = useLoadMoreOnView(schedule, MOBILE_NEXT_PAGE_DELAY_MS);

  const items = schedule.data?.pages.flatMap((page) => page.datas) ?? [];
  const total = schedule.data?.pages[0]?.total ?? 0;

  return (
    <Container size="xs" py="md" px="sm">
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={1} size="h3">
          {t('scheduleTitle')}
        </Title>
        <Button size="xs" variant="light" onClick={filtersPanel.open}>
          {t('filters')}
        </Button>
      </Group>
      <Text size="xs" c="dimmed" mb="md">
        {t('timesIn', { zone: timeZoneLabel(filters.time_diff) })}
      </Text>
      <Drawer
        opened={filtersOpen}
        onClose={filtersPanel.close}
        position="bottom"
        title={t('filters')}
        size="auto"
        closeButtonProps={{ 'aria-label': t('close', { ns: 'common' }) }}
      >
        <Stack>
          <ScheduleFilterControls state={state} onChange={update} />
          <Button onClick={filtersPanel.close}>{t('showCourses', { count: total })}</Button>
        </Stack>
      </Drawer>
      <Stack gap="sm" aria-live="polite">
        <ListState
          query={schedule}
          loading={<ScheduleLoading />}
          error={(failure) => (
            <ScheduleError error={failure} onRetry={() => void schedule.refetch()} />
          )}
          isEmpty={() => items.length === 0}
          empty={<ScheduleEmpty />}
        >
          {() => items.map((item) => <CourseScheduleCard key={item.course_id} item={item} />)}
        </ListState>
        <div ref={sentinel} />
        {isFetchingNextPage && (
          <Center role="status">
            <Loader size="sm" />
            <VisuallyHidden>{t('loading', { ns: 'common' })}</VisuallyHidden>
          </Center>
        )}
        {!hasNextPage && items.length > 0 && (
          <Text size="xs" c="dimmed" ta="center">
            {t('endOfList')}
          </Text>
        )}
      </Stack>
    </Container>
  );
}
