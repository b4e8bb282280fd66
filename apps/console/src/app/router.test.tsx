import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { theme } from '@portal/web-kit/theme';
import type { StaffRole } from '@portal/shared/staff';
import { changeLanguage, i18n } from '../lib/i18n';
import { session } from '../lib/session';
import { memberOf, ok, stubFetch } from '../test/render';
import { routes } from './router';

function openAt(path: string, role?: StaffRole) {
  if (role) {
    session.start('tok', new Date(Date.now() + 3_600_000).toISOString());
    stubFetch((url) => (url === '/api/ops/me' ? ok(memberOf(role)) : ok(null)));
  }
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} env="test">
        <QueryClientProvider
          client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
        >
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
  return router;
}

beforeEach(async () => {
  await changeLanguage('en');
});
afterEach(() => {
  session.clear();
});

describe('the console routes', () => {
  it('sends a visitor without a session to sign-in, remembering where they were going', async () => {
    const router = openAt('/staff');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(router.state.location.search).toBe('?next=%2Fstaff');
  });

  it('opens staff management for an admin, with the navigation of the role', async () => {
    openAt('/staff', 'admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Staff' })).toBeInTheDocument();
    expect(screen.getByText('Demo admin')).toBeInTheDocument();
  });

  it('shows an adviser "not allowed" at /staff, in Chinese too, and no staff link', async () => {
    await changeLanguage('zh_CN');
    openAt('/staff', 'adviser');
    expect(await screen.findByRole('heading', { level: 1, name: '无权访问' })).toBeInTheDocument();
    expect(screen.getByText(/您的角色（顾问）无法打开此页面/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '员工管理' })).not.toBeInTheDocument();
  });

  it('starts a teacher on the first screen their role may open: their week', async () => {
    const router = openAt('/', 'teacher');
    expect(await screen.findByRole('heading', { level: 1, name: 'My week' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/teaching');
  });

  it('answers an unknown console path with "page not found" inside the frame', async () => {
    openAt('/nowhere', 'admin');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Page not found' }),
    ).toBeInTheDocument();
  });
});
