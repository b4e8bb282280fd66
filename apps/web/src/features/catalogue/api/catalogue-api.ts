import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import {
  CoursesScheduleDataSchema,
  LevelSchema,
  SubjectSchema,
  TopicListSchema,
  type CoursesScheduleBody,
} from '@portal/shared/catalogue';
import type { Language } from '@portal/shared/i18n';
import { api } from '../../../lib/api-client';

export type ScheduleFilters = Omit<CoursesScheduleBody, 'page' | 'pagesize'>;

export const subjectsQueryOptions = (language: Language) =>
  queryOptions({
    queryKey: ['catalogue', 'subjects', language],
    queryFn: ({ signal }) =>
      api.get('/api/edu/subjects', { schema: z.array(SubjectSchema), signal }),
    staleTime: 5 * 60_000,
  });

export const levelsQueryOptions = (subjectId: number, language: Language) =>
  queryOptions({
    queryKey: ['catalogue', 'levels', subjectId, language],
    queryFn: ({ signal }) =>
      api.get(`/api/edu/subjects-${subjectId}/levels`, { schema: z.array(LevelSchema), signal }),
    staleTime: 5 * 60_000,
  });

export const topicsQueryOptions = (subjectId: number, levelId: number, language: Language) =>
  queryOptions({
    queryKey: ['catalogue', 'topics', subjectId, levelId, language],
    queryFn: ({ signal }) =>
      api.get('/api/getLessonTopicForSubject', {
        query: { subject_id: subjectId, level_id: levelId },
        schema: TopicListSchema,
        signal,
      }),
    staleTime: 5 * 60_000,
  });

const fetchSchedule = (
  filters: ScheduleFilters,
  page: number,
  pagesize: number,
  signal?: AbortSignal,
) =>
  api.post(
    '/api/getCoursesSchedule',
    { ...filters, page, pagesize },
    { schema: CoursesScheduleDataSchema, signal },
  );

/** One page of the desktop schedule (spec §9: 10 a page). */
export const scheduleQueryOptions = (filters: ScheduleFilters, page: number, language: Language) =>
  queryOptions({
    queryKey: ['catalogue', 'schedule', filters, page, language],
    queryFn: ({ signal }) => fetchSchedule(filters, page, 10, signal),
    placeholderData: (previous) => previous,
  });

/** The phone list: pages appended as the visitor scrolls. */
export const scheduleInfiniteQueryOptions = (filters: ScheduleFilters, language: Language) =>
  infiniteQueryOptions({
    queryKey: ['catalogue', 'schedule-infinite', filters, language],
    queryFn: ({ pageParam, signal }) => fetchSchedule(filters, pageParam, 10, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      pages.length * 10 < last.total ? pages.length + 1 : undefined,
  });
