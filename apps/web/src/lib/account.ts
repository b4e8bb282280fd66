import { ProfileSchema, type LoginData } from '@portal/shared/auth';
import type { Language } from '@portal/shared/i18n';
import { UserStatusDataSchema } from '@portal/shared/onboarding';
import { paths } from '../config/paths';
import { api } from './api-client';
import { changeLanguage, currentLanguage } from './i18n';
import { storage } from './storage';

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
  storage.setDeletionDueAt(data.deletion_due_at);
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

/** Saves the interface language on the account too (spec §7 setUserLanguage). */
export async function saveLanguageOnAccount(language: Language): Promise<void> {
  if (!storage.getToken()) return;
  await api.post('/api/setUserLanguage', { language }, { silent: true }).catch(() => undefined);
}
