import { queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  CatalogueTreeSchema,
  StaffListSchema,
  TeacherDetailSchema,
  TeacherFiguresSchema,
  TeacherListSchema,
  TeacherPhotoAnswerSchema,
  TeacherPresetsSchema,
  TeacherSummarySchema,
  TimeOffAnswerSchema,
  TimeOffRemovedSchema,
  type CreateTeacherBodyInput,
  type TeacherDetail,
  type TeacherFiguresQuery,
  type TeacherPhotoAnswer,
  type TimeOffBodyInput,
  type UpdateTeacherBodyInput,
} from '@portal/shared/staff';
import { api, OPS_API } from '../../lib/api-client';

const teacher = (teacherSn: string) => `${OPS_API}/teachers/${encodeURIComponent(teacherSn)}`;

/** The keys of this feature's queries: a write to a teacher refreshes the list and its page. */
export const teacherKeys = {
  all: ['ops', 'teachers'] as const,
  one: (teacherSn: string) => ['ops', 'teachers', teacherSn] as const,
};

/** GET /api/ops/teachers: every profile (the school has tens, not thousands: no pages). */
export const teachersQuery = () =>
  queryOptions({
    queryKey: [...teacherKeys.all, 'list'],
    queryFn: ({ signal }) => api.get(`${OPS_API}/teachers`, { schema: TeacherListSchema, signal }),
  });

/** GET /api/ops/teachers/:teacherSn: profile, availability, time off. Silent: the page says so. */
export const teacherQuery = (teacherSn: string) =>
  queryOptions({
    queryKey: [...teacherKeys.one(teacherSn), 'detail'],
    queryFn: ({ signal }) =>
      api.get(teacher(teacherSn), { schema: TeacherDetailSchema, signal, silent: true }),
  });

/** GET /api/ops/teachers/:teacherSn/figures over school days (the last 30 without a period). */
export const teacherFiguresQuery = (teacherSn: string, period: TeacherFiguresQuery) =>
  queryOptions({
    queryKey: [...teacherKeys.one(teacherSn), 'figures', period],
    queryFn: ({ signal }) =>
      api.get(`${teacher(teacherSn)}/figures`, {
        query: { from: period.from, to: period.to },
        schema: TeacherFiguresSchema,
        signal,
      }),
  });

/** GET /api/ops/teacher-presets: the fixed photo set. */
export const photoPresetsQuery = () =>
  queryOptions({
    queryKey: ['ops', 'teacher-presets'],
    queryFn: ({ signal }) =>
      api.get(`${OPS_API}/teacher-presets`, { schema: TeacherPresetsSchema, signal }),
    staleTime: Infinity,
  });

/** GET /api/ops/catalogue: the subjects a teacher may teach (with both languages' titles). */
export const subjectsQuery = () =>
  queryOptions({
    queryKey: ['ops', 'catalogue', 'tree'],
    queryFn: ({ signal }) =>
      api.get(`${OPS_API}/catalogue`, { schema: CatalogueTreeSchema, signal, silent: true }),
    select: (tree) => tree.subjects,
    staleTime: 5 * 60_000,
  });

/**
 * GET /api/ops/staff?role=teacher: the members a new profile may be for (those with none are
 * picked by the dialog). A school has far fewer than 100 teachers.
 */
export const teacherStaffQuery = () =>
  queryOptions({
    queryKey: ['ops', 'staff', 'list', { role: 'teacher', page: 1, pageSize: 100 }],
    queryFn: ({ signal }) =>
      api.get(`${OPS_API}/staff`, {
        query: { role: 'teacher', page: 1, pageSize: 100 },
        schema: StaffListSchema,
        signal,
      }),
  });

/** A write's answer goes onto the teacher's page; the list is stale. */
export function applyTeacherWrite(client: QueryClient, detail: TeacherDetail): void {
  client.setQueryData(teacherQuery(detail.teacherSn).queryKey, detail);
  void client.invalidateQueries({ queryKey: [...teacherKeys.all, 'list'] });
}

/**
 * POST …/photo with the picture's bytes as the body, as octet-stream whatever the browser thinks
 * the file is: the server reads the type from the bytes and names a refusal in the member's
 * language.
 */
function uploadPhoto(teacherSn: string, file: Blob): Promise<TeacherPhotoAnswer> {
  return api.post(
    `${teacher(teacherSn)}/photo`,
    new Blob([file], { type: 'application/octet-stream' }),
    { schema: TeacherPhotoAnswerSchema },
  );
}

export const teachersApi = {
  create: (body: CreateTeacherBodyInput) =>
    api.post(`${OPS_API}/teachers`, body, { schema: TeacherSummarySchema }),
  update: (teacherSn: string, body: UpdateTeacherBodyInput) =>
    api.post(teacher(teacherSn), body, { schema: TeacherDetailSchema }),
  uploadPhoto,
  addTimeOff: (teacherSn: string, body: TimeOffBodyInput) =>
    api.post(`${teacher(teacherSn)}/time-off`, body, { schema: TimeOffAnswerSchema }),
  removeTimeOff: (teacherSn: string, id: number) =>
    api.post(`${teacher(teacherSn)}/time-off/${id}/delete`, {}, { schema: TimeOffRemovedSchema }),
};
