import {
  CheckUserDataSchema,
  LoginDataSchema,
  MessageDataSchema,
  type LoginData,
} from '@portal/shared/auth';
import { browserTimeZone } from '@portal/web-kit/time';
import { api } from '../../../lib/api-client';
import { chosenLanguage } from '../hooks/use-language-choice';

/**
 * The device token of decision 030: handed out at a sign-in, kept across sign-outs and sent with
 * every sign-in, so a pause caused by somebody else's wrong passwords never refuses this browser.
 */
const DEVICE_KEY = 'signInDevice';
function device(): string | undefined {
  try {
    return localStorage.getItem(DEVICE_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}
function keepDevice(data: LoginData): LoginData {
  try {
    if (data.device_token) localStorage.setItem(DEVICE_KEY, data.device_token);
  } catch {
    // Private mode: the browser is simply not remembered.
  }
  return data;
}

export interface PhoneInput {
  country_code: string;
  mobile: string;
}

export const authApi = {
  /** `captcha` once the server asked for it (`data.captcha_required`, decision 030). */
  loginWithPassword: (
    input: PhoneInput & { password: string; captcha?: string },
  ): Promise<LoginData> =>
    api
      .post(
        '/api/login',
        { ...input, time_zone: browserTimeZone(), device: device(), language: chosenLanguage() },
        { schema: LoginDataSchema, silent: true },
      )
      .then(keepDevice),
  sendCode: (input: PhoneInput & { scene?: 'register' }) =>
    api.post<null>('/api/login/verify-code', { ...input, length: 6 }, { silent: true }),
  loginWithCode: (input: PhoneInput & { code: string }): Promise<LoginData> =>
    api
      .post(
        '/api/verify-code-login',
        {
          ...input,
          time_zone: browserTimeZone(),
          utm_source: 'pc',
          device: device(),
          language: chosenLanguage(),
        },
        { schema: LoginDataSchema, silent: true },
      )
      .then(keepDevice),
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
