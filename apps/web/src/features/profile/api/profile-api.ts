import { queryOptions } from '@tanstack/react-query';
import { ProfileSchema } from '@portal/shared/auth';
import type { Language } from '@portal/shared/i18n';
import { api } from '../../../lib/api-client';

/** `GET /api/user/profile`: the key other features invalidate when they change the profile. */
export const profileQueryOptions = () =>
  queryOptions({
    queryKey: ['profile'],
    queryFn: ({ signal }) => api.get('/api/user/profile', { schema: ProfileSchema, signal }),
  });

export const profileApi = {
  updateEmail: (email: string) => api.post<null>('/api/updateEmail', { email }),
  setLanguage: (language: Language) =>
    api.post<null>('/api/setUserLanguage', { language }, { silent: true }),
};
