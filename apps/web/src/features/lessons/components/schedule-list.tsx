import { Group, Pagination, Stack } from '@mantine/core';
import '@mantine/core/styles/Pagination.css';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LIST_PAGE_SIZE, schedulePageQueryOptions } from '../api/schedule-queries';
import { LessonGrid } from './lesson-grid';
import { LessonsEmpty } from './lessons-empty';
import { ListState } from '@portal/web-kit/list-state';

/** The dashboard's schedule tab: upcoming lessons 10 a page, pagination when there are any. */
export function ScheduleList({
  studentSn,
  page,
  onPage,
}: {
  studentSn: string | undefined;
  page: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('lessons');
  const lessons = useQuery({
    ...schedulePageQueryOptions(studentSn, page),
    placeholderData: keepPreviousData,
  });
  return (
    <ListState query={lessons}>
      {(result) => (
        <Stack gap="lg">
          {result.data.length === 0 ? (
            <LessonsEmpty />
          ) : (
            <LessonGrid lessons={result.data} cols={{ base: 1, lg: 2 }} />
          )}
          {result.total > 0 && (
            <Group justify="center">
              <Pagination
                total={Math.max(1, Math.ceil(result.total / LIST_PAGE_SIZE))}
                value={page}
                onChange={onPage}
                getControlProps={(control) => ({ 'aria-label': t(`page_${control}`) })}
                getItemProps={(item) => ({ 'aria-label': t('pageN', { n: item }) })}
              />
            </Group>
          )}
        </Stack>
      )}
    </ListState>
  );
}
