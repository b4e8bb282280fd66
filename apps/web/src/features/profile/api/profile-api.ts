import type { Language } from '@portal/shared/i18n';
import { api } from '../../../lib/api-client';

export { profileQueryOptions } from '../../../api/profile';

export const profileApi = {
  updateEmail: (email: string) => api.post<null>('/api/updateEmail', { email }),
  /** A first password (type 0 of spec §2 /resetPassword), for a parent signed in by code. */
  setPassword: (password: string) => api.post<null>('/api/setPassword', { password }),
  changePassword: (oldPassword: string, newPassword: string) =>
    api.post<null>('/api/user/password', {
      old_pwd: oldPassword,
      new_pwd: newPassword,
      _method: 'PUT',
    }),
  setLanguage: (language: Language) =>
    api.post<null>('/api/setUserLanguage', { language }, { silent: true }),
};
