import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { memberOf, ok, renderWithProviders, stubFetch } from '../../../test/render';
import { AccountPage } from './account-page';

const session = (id: number, current: boolean, userAgent: string | null) => ({
  id,
  createdAt: '2026-11-24T01:00:00.000Z',
  lastSeenAt: '2026-11-24T02:00:00.000Z',
  expiresAt: '2026-11-24T13:00:00.000Z',
  ip: `10.0.0.${id}`,
  userAgent,
  current,
});
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

function serve() {
  let sessions = [session(1, true, CHROME), session(2, false, FIREFOX)];
  const calls = stubFetch((url) => {
    if (url === '/api/ops/me/sessions') return ok({ items: sessions, total: sessions.length });
    if (url === '/api/ops/me/sessions/2/revoke') sessions = sessions.filter((s) => s.id !== 2);
    return ok(null);
  });
  return calls;
}

beforeEach(async () => {
  await changeLanguage('en');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('my account', () => {
  it('shows who the member is, what their role can do and where they are signed in', async () => {
    serve();
    renderWithProviders(<AccountPage />, { me: memberOf('adviser', { name: 'Ava Adviser' }) });
    expect(screen.getByRole('heading', { level: 1, name: 'My account' })).toBeInTheDocument();
    expect(screen.getByText('Ava Adviser')).toBeInTheDocument();
    expect(screen.getByText('Adviser')).toBeInTheDocument();
    expect(screen.getByText("Edit parents' and children's details")).toBeInTheDocument();
    expect(screen.queryByText('Read the audit log')).not.toBeInTheDocument();
    const current = (await screen.findByText('Chrome · Windows')).closest('tr')!;
    expect(within(current).getByText('This browser')).toBeInTheDocument();
    expect(within(current).getByText('10.0.0.1')).toBeInTheDocument();
    expect(screen.getByText('Firefox · Linux')).toBeInTheDocument();
  });

  it('signs out another session', async () => {
    const user = userEvent.setup();
    const calls = serve();
    renderWithProviders(<AccountPage />, { me: memberOf('admin') });
    await user.click(
      await screen.findByRole('button', { name: 'Sign out the session of Firefox · Linux' }),
    );
    expect(await screen.findByText('That session is signed out.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Firefox · Linux')).not.toBeInTheDocument());
    expect(calls.some((call) => call.url === '/api/ops/me/sessions/2/revoke')).toBe(true);
  });

  it('signs out altogether when the member ends this browser’s session', async () => {
    const user = userEvent.setup();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, pathname: '/ops/account' });
    const calls = serve();
    renderWithProviders(<AccountPage />, { me: memberOf('admin') });
    await user.click(
      await screen.findByRole('button', { name: 'Sign out the session of Chrome · Windows' }),
    );
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/ops/sign-in'));
    expect(calls.map((call) => call.url)).toContain('/api/ops/auth/sign-out');
  });

  it('reads in Chinese', async () => {
    await changeLanguage('zh_CN');
    serve();
    renderWithProviders(<AccountPage />, { me: memberOf('teacher') });
    expect(screen.getByRole('heading', { level: 1, name: '我的账号' })).toBeInTheDocument();
    expect(screen.getByText('教师')).toBeInTheDocument();
    expect(await screen.findByText('当前浏览器')).toBeInTheDocument();
  });
});
