import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  AttendanceAnswerSchema,
  CatalogueCourseListSchema,
  CancelledAnswerSchema,
  ClassListSchema,
  ClosureCreatedSchema,
  ClosureListSchema,
  ClosurePreviewSchema,
  CourseEnrollmentListSchema,
  CoverListSchema,
  CoveredAnswerSchema,
  EndEnrollmentPreviewSchema,
  EnrollmentCreatedSchema,
  EnrollmentPreviewSchema,
  FamilyDetailSchema,
  FamilyListSchema,
  FeedbackSummarySchema,
  LeaveRequestListSchema,
  MovedAnswerSchema,
  TeacherListSchema,
  TodaySchema,
  type AttendanceBodyInput,
  type CancelClassBody,
  type ClassListQuery,
  type ClosureBodyInput,
  type CoverBodyInput,
  type EnrollmentBodyInput,
  type FeedbackQuery,
  type LeaveRequestQuery,
  type MoveClassBodyInput,
  type MoveFollowingBodyInput,
} from '@portal/shared/staff';
import { api, OPS_API } from '../../lib/api-client';

const lesson = (lessonSn: string) => `${OPS_API}/lessons/${encodeURIComponent(lessonSn)}`;
const enrollment = (enrollmentSn: string) =>
  `${OPS_API}/enrollments/${encodeURIComponent(enrollmentSn)}`;

/** Every query of this feature starts with this key: a lesson change makes all of them stale. */
export const timetableKey = ['ops', 'timetable'] as const;

/**
 * After a change to lessons: the timetable's lists are stale, and so are the pages of the
 * families it touched (their lessons and credits; features/families keys a family's queries
 * under `['ops', 'family', userSn]`).
 */
export function afterLessonChange(client: QueryClient, userSns: readonly string[] = []): void {
  void Promise.all([
    client.invalidateQueries({ queryKey: timetableKey }),
    ...userSns.map((userSn) => client.invalidateQueries({ queryKey: ['ops', 'family', userSn] })),
  ]);
}

/** GET /api/ops/timetable/classes: the classes of a range of days, filtered by the server. */
export const classesQuery = (query: ClassListQuery) =>
  queryOptions({
    queryKey: [...timetableKey, 'classes', query],
    queryFn: ({ signal }) =>
      api.get(`${OPS_API}/timetable/classes`, {
        query: { ...query },
        schema: ClassListSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** How often the Today view asks again: the late flag appears 3 minutes after a start. */
const TODAY_REFRESH_MS = 30_000;

/** GET /api/ops/today: today's classes (the school's calendar) with the teacher's entry. */
export const todayQuery = () =>
  queryOptions({
    queryKey: [...timetableKey, 'today'],
    queryFn: ({ signal }) => api.get(`${OPS_API}/today`, { schema: TodaySchema, signal }),
    refetchInterval: TODAY_REFRESH_MS,
  });

/** GET /api/ops/courses/:courseId/enrollments: capacity, running and every enrolment. */
export const courseEnrollmentsQuery = (courseId: number) =>
  queryOptions({
    queryKey: [...timetableKey, 'course', courseId, 'enrollments'],
    queryFn: ({ signal }) =>
      api.get(`${OPS_API}/courses/${courseId}/enrollments`, {
        schema: CourseEnrollmentListSchema,
        signal,
      }),
  });

/** GET /api/ops/enrollments/:sn/end-preview: what ending the enrolment would cancel, now. */
export const endPreviewQuery = (enrollmentSn: string) =>
  queryOptions({
    queryKey: [...timetableKey, 'enrollment', enrollmentSn, 'end-preview'],
    queryFn: ({ signal }) =>
      api.get(`${enrollment(enrollmentSn)}/end-preview`, {
        schema: EndEnrollmentPreviewSchema,
        signal,
      }),
    staleTime: 0,
  });

/** GET /api/ops/cover?teacherSn=: the teacher's classes in time off without a substitute. */
export const coverQuery = (teacherSn: string) =>
  queryOptions({
    queryKey: [...timetableKey, 'cover', teacherSn],
    queryFn: ({ signal }) =>
      api.get(`${OPS_API}/cover`, { query: { teacherSn }, schema: CoverListSchema, signal }),
  });

/** GET /api/ops/closures: latest first. */
export const closuresQuery = () =>
  queryOptions({
    queryKey: [...timetableKey, 'closures'],
    queryFn: ({ signal }) => api.get(`${OPS_API}/closures`, { schema: ClosureListSchema, signal }),
  });

/** GET /api/ops/leave-requests: one page, newest request first. */
export const leaveRequestsQuery = (query: LeaveRequestQuery) =>
  queryOptions({
    queryKey: [...timetableKey, 'leave-requests', query],
    queryFn: ({ signal }) =>
      api.get(`${OPS_API}/leave-requests`, {
        query: { ...query },
        schema: LeaveRequestListSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** GET /api/ops/feedback: the averages of every match and one page of the ratings. */
export const feedbackQuery = (query: FeedbackQuery) =>
  queryOptions({
    queryKey: [...timetableKey, 'feedback', query],
    queryFn: ({ signal }) =>
      api.get(`${OPS_API}/feedback`, {
        query: { ...query },
        schema: FeedbackSummarySchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** GET /api/ops/teachers: every teacher, for the pickers. */
export const teachersQuery = () =>
  queryOptions({
    queryKey: [...timetableKey, 'teachers'],
    queryFn: ({ signal }) => api.get(`${OPS_API}/teachers`, { schema: TeacherListSchema, signal }),
    staleTime: 5 * 60_000,
  });

/**
 * GET /api/ops/catalogue/courses?status=all: every course, retired ones too (the catalogue
 * feature edits them; here they name classes and fill the pickers).
 */
export const coursesQuery = () =>
  queryOptions({
    queryKey: [...timetableKey, 'courses'],
    queryFn: ({ signal }) =>
      api.get(`${OPS_API}/catalogue/courses`, {
        query: { status: 'all' },
        schema: CatalogueCourseListSchema,
        signal,
      }),
    staleTime: 60_000,
  });

/** How many families the enrol dialog's search offers at once. */
export const FAMILY_PICKS = 10;

/** GET /api/ops/families?q=: the families the enrol dialog offers for what is typed. */
export const familyPicksQuery = (q: string) =>
  queryOptions({
    queryKey: [...timetableKey, 'family-picks', q],
    queryFn: ({ signal }) =>
      api.get(`${OPS_API}/families`, {
        query: { q, pageSize: FAMILY_PICKS },
        schema: FamilyListSchema,
        signal,
      }),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
  });

/**
 * GET /api/ops/families/:userSn, for the family's children. Each load is audited
 * (`family.viewed`), so it shares the family page's cache entry (features/families, same key and
 * schema): a dialog opened from that page asks nothing again.
 */
export const familyChildrenQuery = (userSn: string) =>
  queryOptions({
    queryKey: ['ops', 'family', userSn, 'detail'],
    queryFn: ({ signal }) =>
      api.get(`${OPS_API}/families/${encodeURIComponent(userSn)}`, {
        schema: FamilyDetailSchema,
        signal,
      }),
    staleTime: 5 * 60_000,
    enabled: userSn.length > 0,
  });

export const timetableApi = {
  previewEnrollment: (body: EnrollmentBodyInput) =>
    api.post(`${OPS_API}/enrollments/preview`, body, { schema: EnrollmentPreviewSchema }),
  enrol: (body: EnrollmentBodyInput) =>
    api.post(`${OPS_API}/enrollments`, body, { schema: EnrollmentCreatedSchema }),
  endEnrollment: (enrollmentSn: string) =>
    api.post(`${enrollment(enrollmentSn)}/end`, {}, { schema: CancelledAnswerSchema }),
  cancelClass: (lessonSn: string, body: CancelClassBody) =>
    api.post(`${lesson(lessonSn)}/cancel`, body, { schema: CancelledAnswerSchema }),
  moveClass: (lessonSn: string, body: MoveClassBodyInput) =>
    api.post(`${lesson(lessonSn)}/move`, body, { schema: MovedAnswerSchema }),
  moveFollowing: (lessonSn: string, body: MoveFollowingBodyInput) =>
    api.post(`${lesson(lessonSn)}/move-following`, body, { schema: MovedAnswerSchema }),
  substitute: (lessonSn: string, teacherSn: string) =>
    api.post(`${lesson(lessonSn)}/substitute`, { teacherSn }, { schema: CoveredAnswerSchema }),
  markAttendance: (lessonSn: string, body: AttendanceBodyInput) =>
    api.post(`${lesson(lessonSn)}/attendance`, body, { schema: AttendanceAnswerSchema }),
  cover: (body: CoverBodyInput) =>
    api.post(`${OPS_API}/cover`, body, { schema: CoveredAnswerSchema }),
  previewClosure: (body: ClosureBodyInput) =>
    api.post(`${OPS_API}/closures/preview`, body, { schema: ClosurePreviewSchema }),
  declareClosure: (body: ClosureBodyInput) =>
    api.post(`${OPS_API}/closures`, body, { schema: ClosureCreatedSchema }),
};
