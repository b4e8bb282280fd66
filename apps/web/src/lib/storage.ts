import { clearRuntimeCaches } from './cache-storage';
import {
  readStored as read,
  storedLanguage,
  storeLanguage,
  writeStored as write,
} from '@portal/web-kit/storage';

/** Local-storage keys of spec §3 that hold the signed-in session. */
const SESSION_KEYS = [
  'token',
  'user',
  'userinfo',
  'UserProfile',
  'SearchFilter',
  'Order_information',
  'currentCourse',
  'userBalance',
  'status',
  'deletionDueAt',
  'currentStudent',
] as const;

export interface StoredUserInfo {
  token: string;
  /** 0 while onboarding is not done (spec §3 Login response). */
  status: number;
}

export const storage = {
  getToken: () => read('token'),
  setToken: (token: string) => write('token', token),
  getLanguage: storedLanguage,
  setLanguage: storeLanguage,
  getUserInfo(): StoredUserInfo | undefined {
    const raw = read('userinfo');
    if (!raw) return undefined;
    try {
      const parsed = JSON.parse(raw) as Partial<StoredUserInfo>;
      return typeof parsed.token === 'string' && typeof parsed.status === 'number'
        ? { token: parsed.token, status: parsed.status }
        : undefined;
    } catch {
      return undefined;
    }
  },
  setUserInfo(info: StoredUserInfo) {
    write('userinfo', JSON.stringify(info));
    write('token', info.token);
    write('status', String(info.status));
  },
  /**
   * A pending account deletion's date from the sign-in answer (issue #25): while it is set, the
   * signed-in screens offer "Cancel deletion" without asking the server on every screen.
   */
  getDeletionDueAt: () => read('deletionDueAt') ?? undefined,
  setDeletionDueAt: (dueAt: string | undefined) => write('deletionDueAt', dueAt ?? null),
  /**
   * The child the profile last named as current (decision 054): the document's script asks for
   * that child's upcoming lessons beside the profile instead of after it. An identifier only; it
   * goes at sign-out with the session.
   */
  setCurrentStudent: (studentSn: string | undefined) => write('currentStudent', studentSn ?? null),
  /**
   * Spec §4 Logout: the session and everything cached for it; the language choice stays. The
   * stored keys go at once; the promise settles once Cache Storage is cleared too (decision 051):
   * wait for it before leaving the page.
   */
  clearSession(): Promise<void> {
    for (const key of SESSION_KEYS) write(key, null);
    try {
      window.sessionStorage.removeItem('PayData');
    } catch {
      // Storage can be unavailable (private mode).
    }
    return clearRuntimeCaches();
  },
};
