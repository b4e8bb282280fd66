import { createApiClient } from '@portal/web-kit/api-client';
import { env } from '../config/env';
import { paths } from '../config/paths';
import { takeEarlyCall } from './early-calls';
import { storage } from './storage';

export { ApiError, type Query, type RequestOptions } from '@portal/web-kit/api-client';

/**
 * The parents' API client (packages/web-kit/src/api-client): the parent's session token, and on
 * code 10001 or HTTP 401 the session is forgotten and the parent leaves for sign-in with a full
 * load, so no cached private data survives (once Cache Storage is cleared too, decision 051).
 * The first calls of the screens parents open most were sent by the document itself
 * (lib/early-calls.ts).
 */
export const api = createApiClient({
  base: env.apiBase,
  token: storage.getToken,
  early: takeEarlyCall,
  signedOut() {
    // Drawn on the server (decision 056): the server sends the frame instead.
    if (typeof window === 'undefined') return;
    if (window.location.pathname === paths.signIn) void storage.clearSession();
    else void leaveForSignIn();
  },
});

let leaving: Promise<void> | undefined;

/**
 * Forgets the session (storage.clearSession, Cache Storage included) and loads sign-in, once:
 * Log out and an answer of 401 to a call still in flight both come here, and a second load would
 * abort the first one.
 */
export function leaveForSignIn(): Promise<void> {
  leaving ??= storage.clearSession().then(() => {
    // A page the browser brings back from its back-forward cache has not left.
    window.addEventListener('pageshow', () => (leaving = undefined), { once: true });
    window.location.assign(paths.signIn);
  });
  return leaving;
}
