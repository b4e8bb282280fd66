import { SimpleGrid, Title } from '@mantine/core';
import '@mantine/core/styles/SimpleGrid.css';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { completedGroupsQueryOptions } from '../api/lessons-api';
import { LIST_PAGE_SIZE } from '../api/schedule-queries';
import { CompletedCard } from './completed-card';
import { LessonPages } from './lesson-pages';
import { LessonsEmpty } from './lessons-empty';

/** Completed lessons under day headings, 10 a page (spec §9); page numbers past one page. */
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
    <LessonPages
      query={lessons}
      page={page}
      onPage={onPage}
      gap="xl"
      pagesFrom={LIST_PAGE_SIZE + 1}
      none={<LessonsEmpty text={t('noCompleted')} />}
    >
      {(groups) =>
        groups.map((group) => (
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
        ))
      }
    </LessonPages>
  );
}
