import { api, OPS_API } from './api-client';
import { session } from './session';
import { CONSOLE_BASE, paths } from '../config/paths';

/**
 * Ends the session on the server, forgets the token and reloads at sign-in: a full load leaves
 * no family data in memory or in the query cache.
 */
export async function signOut(): Promise<void> {
  await api.post(`${OPS_API}/auth/sign-out`, {}, { silent: true }).catch(() => undefined);
  session.clear();
  window.location.assign(CONSOLE_BASE + paths.signIn);
}
