import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { schedulePageQueryOptions } from '../api/schedule-queries';
import { LessonGrid } from './lesson-grid';
import { LessonPages } from './lesson-pages';
import { LessonsEmpty } from './lessons-empty';

/** The dashboard's schedule tab: upcoming lessons 10 a page, page numbers when there are any. */
export function ScheduleList({
  studentSn,
  page,
  onPage,
}: {
  studentSn: string | undefined;
  page: number;
  onPage: (page: number) => void;
}) {
  const lessons = useQuery({
    ...schedulePageQueryOptions(studentSn, page),
    placeholderData: keepPreviousData,
  });
  return (
    <LessonPages
      query={lessons}
      page={page}
      onPage={onPage}
      gap="lg"
      pagesFrom={1}
      emptyPage={<LessonsEmpty />}
    >
      {(lessons) => <LessonGrid lessons={lessons} cols={{ base: 1, lg: 2 }} />}
    </LessonPages>
  );
}
