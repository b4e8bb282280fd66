import { Group, Pagination, SimpleGrid, Stack, Title } from '@mantine/core';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/SimpleGrid.css';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { completedGroupsQueryOptions } from '../api/lessons-api';
import { LIST_PAGE_SIZE } from '../api/schedule-queries';
import { CompletedCard } from './completed-card';
import { LessonsEmpty } from './lessons-empty';
import { ListState } from '@portal/web-kit/list-state';

/** Completed lessons under day headings, 10 a page (spec §9). */
export function CompletedList({
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
    ...completedGroupsQueryOptions(studentSn, page),
    placeholderData: keepPreviousData,
  });
  return (
    <ListState query={lessons}>
      {(result) =>
        result.total === 0 ? (
          <LessonsEmpty text={t('noCompleted')} />
        ) : (
          <Stack gap="xl">
            {result.data.map((group) => (
              <section key={group.title} aria-label={group.title}>
                <Title order={2} size="h4" mb="sm">
                  {group.title}
                </Title>
                <SimpleGrid cols={{ base: 1, md: 2 }}>
                  {group.data.map((lesson) => (
                    <CompletedCard key={lesson.lesson_sn} lesson={lesson} />
                  ))}
                </SimpleGrid>
              </section>
            ))}
            {result.total > LIST_PAGE_SIZE && (
              <Group justify="center">
                <Pagination
                  total={Math.ceil(result.total / LIST_PAGE_SIZE)}
                  value={page}
                  onChange={onPage}
                  getControlProps={(control) => ({
                    'aria-label': t(`page_${control}`),
                  })}
                  getItemProps={(item) => ({ 'aria-label': t('pageN', { n: item }) })}
                />
              </Group>
            )}
          </Stack>
        )
      }
    </ListState>
  );
}
