import { queryOptions } from '@tanstack/react-query';
import {
  AttendanceAnswerSchema,
  TeachingEnterAnswerSchema,
  TeachingWeekSchema,
  type AttendanceBodyInput,
} from '@portal/shared/staff';
import { api, OPS_API } from '../../lib/api-client';

const lesson = (lessonSn: string) => `${OPS_API}/teaching/lessons/${encodeURIComponent(lessonSn)}`;

export const teachingKeys = { all: ['ops', 'teaching'] as const };

/**
 * GET /api/ops/teaching/week: the signed-in teacher's Monday-start week holding `from` (a day in
 * their zone), this week without it.
 */
export const teachingWeekQuery = (from: string | undefined) =>
  queryOptions({
    queryKey: [...teachingKeys.all, 'week', from ?? 'this'],
    queryFn: ({ signal }) =>
      api.get(`${OPS_API}/teaching/week`, { query: { from }, schema: TeachingWeekSchema, signal }),
    // Children enter and the settlement runs while the page is open.
    refetchInterval: 60_000,
  });

export const teachingApi = {
  /** Records the teacher's entry on every row of the class; answers the room's URL. */
  enter: (lessonSn: string) =>
    api.post(`${lesson(lessonSn)}/enter`, {}, { schema: TeachingEnterAnswerSchema }),
  /** One child's mark and note (the child's own lesson row). */
  markAttendance: (lessonSn: string, body: AttendanceBodyInput) =>
    api.post(`${lesson(lessonSn)}/attendance`, body, { schema: AttendanceAnswerSchema }),
};
