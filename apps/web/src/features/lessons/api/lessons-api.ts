import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  CommentSchema,
  CompletedLessonSchema,
  EnrolledCourseSchema,
  EnterRoomSchema,
  JudgeLessonSchema,
  LeaveResultSchema,
  LessonGroupSchema,
  ScheduledLessonSchema,
  type LessonRef,
} from '@portal/shared/lessons';
import { api } from '../../../lib/api-client';
import { accountQueryOptions } from '../../../lib/credits';
import { currentLanguage } from '../../../lib/i18n';
import { profileQueryOptions } from '../../../lib/profile';
import { timeDiff } from '../../../lib/time';

/** Spec §9: the upcoming list asks for page 1 of 30; other lists page by 10. */
export const UPCOMING_PAGE_SIZE = 30;
export const LIST_PAGE_SIZE = 10;

// Titles and messages come translated from the server, so the language is part of every key.
const key = (...parts: (string | number | undefined)[]) => [
  'lessons',
  currentLanguage(),
  ...parts.map((part) => part ?? 'all'),
];

export const upcomingGroupsQueryOptions = (studentSn?: string) =>
  queryOptions({
    queryKey: key('upcoming-groups', studentSn),
    queryFn: ({ signal }) =>
      api.getPage('/api/userSchedukeForStudentSeven', {
        query: {
          type: 1001,
          student_sn: studentSn,
          time_diff: timeDiff(),
          pagesize: UPCOMING_PAGE_SIZE,
          page: 1,
        },
        schema: z.array(LessonGroupSchema),
        signal,
      }),
  });

export const schedulePageQueryOptions = (studentSn: string | undefined, page: number) =>
  queryOptions({
    queryKey: key('schedule', studentSn, page),
    queryFn: ({ signal }) =>
      api.getPage('/api/userSchedukeForStudent', {
        query: {
          type: 1001,
          student_sn: studentSn,
          time_diff: timeDiff(),
          pagesize: LIST_PAGE_SIZE,
          page,
        },
        schema: z.array(ScheduledLessonSchema),
        signal,
      }),
  });

export const coursesQueryOptions = (studentSn?: string) =>
  queryOptions({
    queryKey: key('courses', studentSn),
    queryFn: ({ signal }) =>
      api.post(
        '/api/myCourse',
        {},
        {
          query: { student_sn: studentSn, time_diff: timeDiff() },
          schema: z.array(EnrolledCourseSchema),
          signal,
        },
      ),
  });

export const completedGroupsQueryOptions = (studentSn: string | undefined, page: number) =>
  queryOptions({
    queryKey: key('completed', studentSn, page),
    queryFn: ({ signal }) =>
      api.getPage('/api/getCompletedLessonPCSeven', {
        query: { student_sn: studentSn, time_diff: timeDiff(), pagesize: LIST_PAGE_SIZE, page },
        schema: z.array(z.object({ title: z.string(), data: z.array(CompletedLessonSchema) })),
        signal,
      }),
  });

export const commentQueryOptions = (commentId: string) =>
  queryOptions({
    queryKey: ['comment', commentId],
    queryFn: ({ signal }) =>
      api.get('/api/getComment', {
        query: { comment_id: commentId },
        schema: CommentSchema,
        signal,
      }),
    enabled: commentId !== '',
  });

export const lessonsApi = {
  judge: (ref: LessonRef) =>
    api.post('/api/judeLessonStatus', ref, { schema: JudgeLessonSchema, silent: true }),
  enter: (ref: LessonRef) => api.post('/api/enterRoom', ref, { schema: EnterRoomSchema }),
  leave: (ref: LessonRef) =>
    api.post('/api/edu/lesson-attends', ref, { schema: LeaveResultSchema }),
  comment: (body: LessonRef & { comment: string; rating: number }) =>
    api.post<null>('/api/setComment', body),
};

/** After leave or feedback: every lesson list, the balances and the month counts. */
export function refreshLessons(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['lessons'] }),
    queryClient.invalidateQueries(accountQueryOptions()),
    queryClient.invalidateQueries(profileQueryOptions()),
  ]);
}
