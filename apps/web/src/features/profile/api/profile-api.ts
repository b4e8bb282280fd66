import type { Language } from '@portal/shared/i18n';
import { api } from '../../../lib/api-client';

export { profileQueryOptions } from '../../../lib/profile';

export const profileApi = {
  updateEmail: (email: string) => api.post<null>('/api/updateEmail', { email }),
  setLanguage: (language: Language) =>
    api.post<null>('/api/setUserLanguage', { language }, { silent: true }),
};
