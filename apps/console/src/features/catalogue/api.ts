import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  CatalogueAgreementListSchema,
  CatalogueAgreementSchema,
  CatalogueCourseListSchema,
  CatalogueCourseSchema,
  CatalogueTeacherListSchema,
  CatalogueTopicListSchema,
  CatalogueTopicSchema,
  CatalogueTreeSchema,
  type CatalogueAgreementBody,
  type CatalogueAgreementKind,
  type CatalogueCourseBody,
  type CourseStatusFilter,
  type CatalogueLevelBody,
  type CatalogueLevelCreateBody,
  type CatalogueLevelGroupBody,
  type CatalogueLevelGroupCreateBody,
  type CatalogueSubjectBody,
  type CatalogueTopicBody,
} from '@portal/shared/staff';
import type { ClassType } from '@portal/shared/catalogue';
import { api, OPS_API } from '../../lib/api-client';

/** The course list's filters, as the URL holds them (GET /catalogue/courses's query). */
export interface CourseFilters {
  subjectId?: number | undefined;
  teacherId?: number | undefined;
  classType?: ClassType | undefined;
  status: CourseStatusFilter;
}

const BASE = `${OPS_API}/catalogue`;
const catalogueKey = ['ops', 'catalogue'] as const;
const IdSchema = z.object({ id: z.number().int() });

/** GET /api/ops/catalogue — subjects, level groups and levels. */
export const catalogueTreeQuery = () =>
  queryOptions({
    queryKey: [...catalogueKey, 'tree'],
    queryFn: () => api.get(BASE, { schema: CatalogueTreeSchema }),
  });

/** GET /api/ops/catalogue/teachers — the course form's picker. */
export const teacherOptionsQuery = () =>
  queryOptions({
    queryKey: [...catalogueKey, 'teachers'],
    queryFn: () => api.get(`${BASE}/teachers`, { schema: CatalogueTeacherListSchema }),
  });

/** GET /api/ops/catalogue/levels/:levelId/topics — in order. */
export const topicsQuery = (levelId: number) =>
  queryOptions({
    queryKey: [...catalogueKey, 'topics', levelId],
    queryFn: () =>
      api.get(`${BASE}/levels/${levelId}/topics`, { schema: CatalogueTopicListSchema }),
  });

/** GET /api/ops/catalogue/courses — the filters as the URL holds them. */
export const coursesQuery = (filters: CourseFilters) =>
  queryOptions({
    queryKey: [...catalogueKey, 'courses', filters],
    queryFn: () =>
      api.get(`${BASE}/courses`, {
        query: { ...filters },
        schema: CatalogueCourseListSchema,
      }),
    placeholderData: keepPreviousData,
  });

/** GET /api/ops/catalogue/agreements — the three documents in both languages. */
export const agreementsQuery = () =>
  queryOptions({
    queryKey: [...catalogueKey, 'agreements'],
    queryFn: () => api.get(`${BASE}/agreements`, { schema: CatalogueAgreementListSchema }),
  });

/**
 * After any catalogue write: every catalogue query is stale (a subject's new title shows in the
 * course list, a level's topic count in the tree).
 */
export const refreshCatalogue = (client: QueryClient) =>
  client.invalidateQueries({ queryKey: catalogueKey });

const saved = { schema: IdSchema };

export const catalogueApi = {
  createSubject: (body: CatalogueSubjectBody) => api.post(`${BASE}/subjects`, body, saved),
  updateSubject: (id: number, body: CatalogueSubjectBody) =>
    api.post(`${BASE}/subjects/${id}`, body, saved),
  createLevelGroup: (body: CatalogueLevelGroupCreateBody) =>
    api.post(`${BASE}/level-groups`, body, saved),
  updateLevelGroup: (id: number, body: CatalogueLevelGroupBody) =>
    api.post(`${BASE}/level-groups/${id}`, body, saved),
  createLevel: (body: CatalogueLevelCreateBody) => api.post(`${BASE}/levels`, body, saved),
  updateLevel: (id: number, body: CatalogueLevelBody) =>
    api.post(`${BASE}/levels/${id}`, body, saved),
  createTopic: (levelId: number, body: CatalogueTopicBody) =>
    api.post(`${BASE}/levels/${levelId}/topics`, body, { schema: CatalogueTopicSchema }),
  updateTopic: (id: number, body: CatalogueTopicBody) =>
    api.post(`${BASE}/topics/${id}`, body, { schema: CatalogueTopicSchema }),
  reorderTopics: (levelId: number, topicIds: number[]) =>
    api.post(
      `${BASE}/levels/${levelId}/topics/order`,
      { topicIds },
      {
        schema: CatalogueTopicListSchema,
      },
    ),
  createCourse: (body: CatalogueCourseBody) =>
    api.post(`${BASE}/courses`, body, { schema: CatalogueCourseSchema }),
  updateCourse: (id: number, body: CatalogueCourseBody) =>
    api.post(`${BASE}/courses/${id}`, body, { schema: CatalogueCourseSchema }),
  retireCourse: (id: number) =>
    api.post(`${BASE}/courses/${id}/retire`, {}, { schema: CatalogueCourseSchema }),
  updateAgreement: (kind: CatalogueAgreementKind, body: CatalogueAgreementBody) =>
    api.post(`${BASE}/agreements/${kind}`, body, { schema: CatalogueAgreementSchema }),
};
