import { readStored, writeStored } from '@portal/web-kit/storage';

/**
 * The staff session's bearer token, in its own storage keys: the parents' app on the same origin
 * keeps its `token`, and neither app reads the other's.
 */
const TOKEN_KEY = 'opsToken';
const EXPIRES_KEY = 'opsTokenExpiresAt';

export const session = {
  /** The token while its 12 hours last (the server decides; this only avoids a doomed request). */
  getToken(): string | null {
    const token = readStored(TOKEN_KEY);
    const expiresAt = Date.parse(readStored(EXPIRES_KEY) ?? '');
    if (!token || (Number.isFinite(expiresAt) && expiresAt <= Date.now())) return null;
    return token;
  },
  start(token: string, expiresAt: string): void {
    writeStored(TOKEN_KEY, token);
    writeStored(EXPIRES_KEY, expiresAt);
  },
  clear(): void {
    writeStored(TOKEN_KEY, null);
    writeStored(EXPIRES_KEY, null);
  },
};
