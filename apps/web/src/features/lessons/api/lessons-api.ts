import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  CommentSchema,
  CompletedLessonSchema,
  EnrolledCourseSchema,
  EnterRoomSchema,
  JudgeLessonSchema,
  LeaveResultSchema,
  type LessonRef,
} from '@portal/shared/lessons';
import { api } from '../../../lib/api-client';
import { accountQueryOptions } from '../../../api/credits';
import { profileQueryOptions } from '../../../api/profile';
import { timeDiff } from '@portal/web-kit/time';
import { LIST_PAGE_SIZE, lessonsKey } from './schedule-queries';

export const coursesQueryOptions = (studentSn?: string) =>
  queryOptions({
    queryKey: lessonsKey('courses', studentSn),
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
    queryKey: lessonsKey('completed', studentSn, page),
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
  /** Makes a child the current one (the lesson pages show the current child's lessons). */
  selectChild: (studentSn: string) =>
    api.post<null>('/api/setLastStudent', { last_student_sn: studentSn }),
};

/** After leave or feedback: every lesson list, the balances and the month counts. */
export function refreshLessons(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['lessons'] }),
    queryClient.invalidateQueries(accountQueryOptions()),
    queryClient.invalidateQueries(profileQueryOptions()),
  ]);
}
