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
    void storage.clearSession().then(() => {
      if (window.location.pathname !== paths.signIn) window.location.assign(paths.signIn);
    });
  },
});
