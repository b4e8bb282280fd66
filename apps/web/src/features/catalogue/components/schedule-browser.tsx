import { Grid, Pagination, Paper, Stack, Text } from '@mantine/core';
import { ListState } from '@portal/web-kit/list-state';
import '@mantine/core/styles/Grid.css';
import '@mantine/core/styles/Pagination.css';
import { useQuery } from '@tanstack/react-query';
import { SCHEDULE_PAGE_SIZE } from '@portal/shared/catalogue';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { scheduleQueryOptions } from '../api/catalogue-api';
import { useScheduleFilters } from '../hooks/use-schedule-filters';
import { timeZoneLabel } from '@portal/web-kit/time';
import { CourseScheduleCard } from './course-schedule-card';
import { ScheduleFilterControls } from './schedule-filter-controls';
import { ScheduleEmpty, ScheduleError, ScheduleLoading } from './schedule-states';

/**
 * The Courses Schedule with its filters and pages (filters live in the URL): the public
 * `/schedules_pc` page and the shell's `ScheduleaClass` show the same browser.
 */
export function ScheduleBrowser({ aside }: { aside?: ReactNode }) {
  const { t } = useTranslation('catalogue');
  const { state, filters, update } = useScheduleFilters();
  const schedule = useQuery(scheduleQueryOptions(filters, state.page, currentLanguage()));
  const pages = Math.ceil((schedule.data?.total ?? 0) / SCHEDULE_PAGE_SIZE);
  return (
    <>
      <Text c="dimmed" mb="lg">
        {t('timesIn', { zone: timeZoneLabel(filters.time_diff) })}
      </Text>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            <Paper withBorder p="md" radius="md" component="section" aria-label={t('filters')}>
              <ScheduleFilterControls state={state} onChange={update} />
            </Paper>
            {aside}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md" aria-live="polite">
            <ListState
              query={schedule}
              loading={<ScheduleLoading />}
              error={(failure) => (
                <ScheduleError error={failure} onRetry={() => void schedule.refetch()} />
              )}
              isEmpty={(loaded) => loaded.datas.length === 0}
              empty={<ScheduleEmpty />}
            >
              {(loaded) => (
                <>
                  <Text size="sm" c="dimmed">
                    {t('courseCount', { count: loaded.total })}
                  </Text>
                  {loaded.datas.map((item) => (
                    <CourseScheduleCard key={item.course_id} item={item} />
                  ))}
                  {pages > 1 && (
                    <Pagination
                      total={pages}
                      value={state.page}
                      onChange={(page) => update({ page })}
                      getControlProps={(control) => ({ 'aria-label': t(`page_${control}`) })}
                      getItemProps={(page) => ({ 'aria-label': t('pageN', { page }) })}
                    />
                  )}
                </>
              )}
            </ListState>
          </Stack>
        </Grid.Col>
      </Grid>
    </>
  );
}
