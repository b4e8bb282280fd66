import { useQueryClient } from '@tanstack/react-query';
import { MessageDataSchema, ProfileSchema, type LoginData } from '@portal/shared/auth';
import type { Language } from '@portal/shared/i18n';
import { UserStatusDataSchema } from '@portal/shared/onboarding';
import { useNavigate } from 'react-router';
import { paths } from '../config/paths';
import { api, ApiError } from './api-client';
import { changeLanguage, currentLanguage } from './i18n';
import { storage } from './storage';
import { notify } from '@portal/web-kit/notify';

/** Where a signed-in parent belongs (spec §4 Session): onboarding while status is 0. */
export function homePathFor(status: number): string {
  return status === 0 ? paths.onboardingFirstChild : paths.home.attendClassNow;
}

/**
 * Stores the new session and settles the interface language (spec §4 Language): the account's
 * language wins; an account without one gets the language the parent is using now.
 */
export async function completeSignIn(data: LoginData): Promise<string> {
  storage.setUserInfo({ token: data.token, status: data.status });
  try {
    const profile = await api.get('/api/user/profile', { schema: ProfileSchema, silent: true });
    if (profile.language) await changeLanguage(profile.language);
    else await api.post('/api/setUserLanguage', { language: currentLanguage() }, { silent: true });
  } catch {
    // The language is a preference: signing in still succeeds without it.
  }
  return homePathFor(data.status);
}

/**
 * Spec §4 Onboarding: marks onboarding done on the server (setUserStatus), stores the new status
 * and answers where the parent goes now.
 */
export async function completeOnboarding(): Promise<string> {
  const { status } = await api.post('/api/setUserStatus', {}, { schema: UserStatusDataSchema });
  const token = storage.getToken();
  if (token) storage.setUserInfo({ token, status });
  return homePathFor(status);
}

/** Logout (spec §4): revoke on the server, clear local storage, go to sign-in. */
export function useLogout() {
  const queryClient = useQueryClient();
  return async () => {
    try {
      await api.post('/api/user/logout', {}, { schema: MessageDataSchema, silent: true });
    } finally {
      storage.clearSession();
      queryClient.clear();
      window.location.assign(paths.signIn);
    }
  };
}

/**
 * The menu's "Reset password" (spec §7 judePasswordIshad): 200 → change it (type=1);
 * 400 → show the message, then set a first one (type=0).
 */
export function useResetPasswordEntry() {
  const navigate = useNavigate();
  return async () => {
    try {
      await api.post('/api/judePasswordIshad', {}, { schema: MessageDataSchema, silent: true });
      void navigate(paths.resetPassword(1));
    } catch (error) {
      if (error instanceof ApiError && error.code === 400) {
        notify('yellow', error.msg);
        void navigate(paths.resetPassword(0));
      }
    }
  };
}

/** Saves the interface language on the account too (spec §7 setUserLanguage). */
export async function saveLanguageOnAccount(language: Language): Promise<void> {
  if (!storage.getToken()) return;
  await api.post('/api/setUserLanguage', { language }, { silent: true }).catch(() => undefined);
}
