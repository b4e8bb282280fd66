import {
  CheckUserDataSchema,
  LoginDataSchema,
  MessageDataSchema,
  type LoginData,
} from '@portal/shared/auth';
import { api } from '../../../lib/api-client';

/** The browser's IANA zone, kept on the profile (decisions.md → Accounts). */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

export interface PhoneInput {
  country_code: string;
  mobile: string;
}

export const authApi = {
  loginWithPassword: (input: PhoneInput & { password: string }): Promise<LoginData> =>
    api.post(
      '/api/login',
      { ...input, time_zone: browserTimeZone() },
      { schema: LoginDataSchema, silent: true },
    ),
  sendCode: (input: PhoneInput & { scene?: 'register' }) =>
    api.post<null>('/api/login/verify-code', { ...input, length: 6 }, { silent: true }),
  loginWithCode: (input: PhoneInput & { code: string }): Promise<LoginData> =>
    api.post(
      '/api/verify-code-login',
      { ...input, time_zone: browserTimeZone(), utm_source: 'pc' },
      { schema: LoginDataSchema, silent: true },
    ),
  checkUser: (input: PhoneInput) =>
    api.post('/api/checkUser', input, { schema: CheckUserDataSchema }),
  requestResetEmail: (email: string) =>
    api.get('/api/postemail', { query: { email }, schema: MessageDataSchema }),
  resetWithLink: (token: string, password: string) =>
    api.post<null>('/api/resetPasswordByEmail', { token, password }),
  changePassword: (oldPassword: string, newPassword: string) =>
    api.post<null>('/api/user/password', {
      old_pwd: oldPassword,
      new_pwd: newPassword,
      _method: 'PUT',
    }),
  setPassword: (password: string) => api.post<null>('/api/setPassword', { password }),
  /** Resolves true when a password exists; false when the server answers 400 (spec §7). */
  hasPassword: () =>
    api.post('/api/judePasswordIshad', {}, { silent: true, schema: MessageDataSchema }),
  logout: () => api.post('/api/user/logout', {}, { schema: MessageDataSchema }),
};
