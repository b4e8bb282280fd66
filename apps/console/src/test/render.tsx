import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import type { Me } from '@portal/shared/staff';
import { ROLE_PERMISSIONS, type StaffRole } from '@portal/shared/staff';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { theme } from '@portal/web-kit/theme';
import { i18n } from '../lib/i18n';
import { meQuery } from '../lib/use-me';

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
 * Renders a screen with the console's providers, a fresh query cache (holding `me` when given,
 * as the signed-in frame does) and a memory router at `route` (`path` is the route's pattern).
 */
export function renderWithProviders(
  ui: ReactElement,
  { route = '/', path, me }: { route?: string; path?: string; me?: Me } = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (me) queryClient.setQueryData(meQuery().queryKey, me);
  const result = render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} env="test">
        <Notifications />
        <QueryClientProvider client={queryClient}>
          <MemoryRouter initialEntries={[route]}>
            {path ? (
              <Routes>
                <Route path={path} element={ui} />
              </Routes>
            ) : (
              ui
            )}
          </MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
  return { ...result, queryClient };
}

/** A fetch stub answering `body` with `status`, recording each call. */
export function stubFetch(
  answers: (url: string, init?: RequestInit) => { status?: number; body: unknown },
) {
  const calls: { url: string; init?: RequestInit }[] = [];
  const fetchStub = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push({ url, init });
    const { status = 200, body } = answers(url, init);
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  };
  globalThis.fetch = fetchStub as typeof fetch;
  return calls;
}

/** The envelope of a successful answer. */
export const ok = (data: unknown) => ({ body: { code: 200, msg: 'ok', data } });
