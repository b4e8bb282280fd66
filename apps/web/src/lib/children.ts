import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { ChildSchema } from '@portal/shared/children';
import { api } from './api-client';

/**
 * `GET /api/students`: the parent's children. Shared by the children screens and the dashboard,
 * so it lives here; adding, editing or deleting a child invalidates this key.
 */
export const childrenQueryOptions = () =>
  queryOptions({
    queryKey: ['children'],
    queryFn: ({ signal }) => api.get('/api/students', { schema: z.array(ChildSchema), signal }),
  });
