import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { SESSION_EXPIRED_CODE, SUCCESS_CODE } from '@portal/shared/api';
import { LANGUAGE_HEADER } from '@portal/shared/i18n';
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
import { api, ApiError, OPS_API } from '../../lib/api-client';
import { currentLanguage } from '../../lib/i18n';
import { session } from '../../lib/session';

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
 * POST …/photo with the picture's bytes as the body. The console's API client sends JSON only,
 * so this one call sends the file itself, with the same token and language header, and turns a
 * refusal into the same ApiError (its message is the server's, in the interface language).
 */
async function uploadPhoto(teacherSn: string, file: Blob): Promise<TeacherPhotoAnswer> {
  const headers: Record<string, string> = {
    [LANGUAGE_HEADER]: currentLanguage(),
    accept: 'application/json',
    'content-type': 'application/octet-stream',
  };
  const token = session.getToken();
  if (token) headers.authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(`${teacher(teacherSn)}/photo`, { method: 'POST', headers, body: file });
  } catch {
    throw new ApiError(0, 0, 'network error');
  }
  const envelope = (await response.json().catch(() => null)) as {
    code?: unknown;
    msg?: unknown;
    data?: unknown;
  } | null;
  const code = typeof envelope?.code === 'number' ? envelope.code : response.status;
  const msg = typeof envelope?.msg === 'string' ? envelope.msg : response.statusText;
  if (response.status === 401 || code === SESSION_EXPIRED_CODE) {
    // The session ended: asking for `me` through the client applies its sign-out rule.
    void api.get(`${OPS_API}/me`, { silent: true }).catch(() => undefined);
    throw new ApiError(response.status, code, msg);
  }
  if (!response.ok || code !== SUCCESS_CODE) throw new ApiError(response.status, code, msg);
  return TeacherPhotoAnswerSchema.parse(envelope?.data);
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
