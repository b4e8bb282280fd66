import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';
import { timeDiff } from '@portal/web-kit/time';

/**
 * The two schedule lists, which the dashboard and AttendClassNow prefetch from their routes. They
 * are in the start chunk (app/prefetch.ts), so the lesson schemas are loaded beside the request
 * (api-client `schema`), not built when the sign-in page starts.
 */
const lessons = () => import('@portal/shared/lessons');

/** Spec §9: the upcoming list asks for page 1 of 30; other lists page by 10. */
export const UPCOMING_PAGE_SIZE = 30;
export const LIST_PAGE_SIZE = 10;

/**
 * Every lesson query's key (lessons-api.ts uses it too; it lives here, in the start chunk's
 * module). Titles and messages come translated from the server, so the language is part of every
 * key.
 */
export const lessonsKey = (...parts: (string | number | undefined)[]) => [
  'lessons',
  currentLanguage(),
  ...parts.map((part) => part ?? 'all'),
];

export const upcomingGroupsQueryOptions = (studentSn?: string) =>
  queryOptions({
    queryKey: lessonsKey('upcoming-groups', studentSn),
    queryFn: ({ signal }) =>
      api.getPage('/api/userSchedukeForStudentSeven', {
        query: {
          type: 1001,
          student_sn: studentSn,
          time_diff: timeDiff(),
          pagesize: UPCOMING_PAGE_SIZE,
          page: 1,
        },
        schema: async () => z.array((await lessons()).LessonGroupSchema),
        signal,
      }),
  });

export const schedulePageQueryOptions = (studentSn: string | undefined, page: number) =>
  queryOptions({
    queryKey: lessonsKey('schedule', studentSn, page),
    queryFn: ({ signal }) =>
      api.getPage('/api/userSchedukeForStudent', {
        query: {
          type: 1001,
          student_sn: studentSn,
          time_diff: timeDiff(),
          pagesize: LIST_PAGE_SIZE,
          page,
        },
        schema: async () => z.array((await lessons()).ScheduledLessonSchema),
        signal,
      }),
  });
