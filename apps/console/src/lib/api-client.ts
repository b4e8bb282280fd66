import { createApiClient } from '@portal/web-kit/api-client';
import { CONSOLE_BASE, paths, signInPath } from '../config/paths';
import { session } from './session';

export { ApiError, type Query } from '@portal/web-kit/api-client';

/** Every console call goes to the staff edge. */
export const OPS_API = '/api/ops';

/**
 * The console's API client (packages/web-kit/src/api-client) with the staff token. On code
 * 10001 or HTTP 401 the session is forgotten and the page reloads at sign-in, so no cached
 * family data survives; the member comes back to the page they were on.
 */
export const api = createApiClient({
  base: '',
  token: session.getToken,
  signedOut() {
    session.clear();
    const here = window.location.pathname.slice(CONSOLE_BASE.length) || paths.home;
    if (here === paths.signIn || here.startsWith('/setup/')) return;
    window.location.assign(CONSOLE_BASE + signInPath(here + window.location.search));
  },
});
