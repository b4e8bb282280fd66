import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { AvatarSchema, ChildDeletionImpactSchema, type ChildFields } from '@portal/shared/children';
import { api } from '../../../lib/api-client';

export { childrenQueryOptions } from '../../../api/children';

export const avatarsQueryOptions = () =>
  queryOptions({
    queryKey: ['avatars'],
    queryFn: ({ signal }) =>
      api.get('/api/getGeadimg', { schema: z.object({ data: z.array(AvatarSchema) }), signal }),
    staleTime: 60 * 60_000,
  });

/** What deleting a child would cancel, asked fresh each time the confirmation opens. */
export const deletionImpactQueryOptions = (studentSn: string) =>
  queryOptions({
    // Not under ['children']: refreshing the list after the deletion must not ask it again.
    queryKey: ['child-deletion-impact', studentSn],
    queryFn: ({ signal }) =>
      api.get('/api/students/deletion-impact', {
        query: { student_sn: studentSn },
        schema: ChildDeletionImpactSchema,
        signal,
      }),
    staleTime: 0,
    gcTime: 0,
  });

export const childrenApi = {
  add: (fields: ChildFields) => api.post<{ student_sn: string }>('/api/students', fields),
  edit: (studentSn: string, fields: ChildFields) =>
    api.post<null>('/api/students/edit', { ...fields, student_sn: studentSn }),
  remove: (studentSn: string) =>
    api.post<null>('/api/students/studentid/delete', { student_sn: studentSn }),
  select: (studentSn: string) =>
    api.post<null>('/api/setLastStudent', { last_student_sn: studentSn }),
};
