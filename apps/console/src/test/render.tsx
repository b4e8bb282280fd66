import type { Me } from '@portal/shared/staff';
import { ROLE_PERMISSIONS, type StaffRole } from '@portal/shared/staff';
import { renderWithProviders as renderWithKit, testQueryClient } from '@portal/web-kit/test';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { meQuery } from '../lib/use-me';

export { stubFetch } from '@portal/web-kit/test';

/** A signed-in member of `role` as GET /api/ops/me answers. */
export function memberOf(role: StaffRole, overrides: Partial<Me> = {}): Me {
  return {
    id: role === 'admin' ? 1 : role === 'adviser' ? 2 : 3,
    email: `${role}@example.com`,
    name: `Demo ${role}`,
    role,
    permissions: [...ROLE_PERMISSIONS[role]],
    ...overrides,
  };
}

/**
 * Renders a screen with the kit's providers (web-kit/test), a fresh query cache (holding `me`
 * when given, as the signed-in frame does) and a memory router at `route` (`path` is the
 * route's pattern).
 */
export function renderWithProviders(
  ui: ReactElement,
  { route = '/', path, me }: { route?: string; path?: string; me?: Me } = {},
) {
  const queryClient = testQueryClient();
  if (me) queryClient.setQueryData(meQuery().queryKey, me);
  return renderWithKit(
    <MemoryRouter initialEntries={[route]}>
      {path ? (
        <Routes>
          <Route path={path} element={ui} />
        </Routes>
      ) : (
        ui
      )}
    </MemoryRouter>,
    { queryClient },
  );
}

/** The envelope of a successful answer. */
export const ok = (data: unknown) => ({ body: { code: 200, msg: 'ok', data } });
