import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Dashboard } from '@portal/shared/staff';
import { changeLanguage } from '../../../lib/i18n';
import { memberOf, ok, renderWithProviders, stubFetch } from '../../../test/render';
import { DashboardPage } from './dashboard-page';

function dashboard(weeks: number): Dashboard {
  return {
    today: { upcoming: 5, inProgress: 2, done: 12, noShow: 1 },
    weeks: Array.from({ length: weeks }, (_, index) => ({
      weekStart: new Date(Date.UTC(2026, 10, 16 - 7 * (weeks - 1 - index)))
        .toISOString()
        .slice(0, 10),
      registrations: index,
      firstPurchases: 1,
      creditsSold: 100,
      creditsConsumed: 80,
    })),
    activeMembers: 1234,
    leaveRate: { leaves: 3, lessons: 40, rate: 0.075 },
    creditsOutstanding: { paid: 12480, reward: 320, total: 12800 },
    asOf: '2026-11-20T08:00:00.000Z',
    timeZone: 'Asia/Shanghai',
  };
}

function serve() {
  return stubFetch((url) => {
    const weeks = Number(new URL(url, 'http://x').searchParams.get('weeks'));
    return ok(dashboard(weeks));
  });
}

beforeEach(async () => {
  await changeLanguage('en');
  // happy-dom lays nothing out, so recharts warns that each chart has no size.
  const warn = console.warn.bind(console);
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    if (!String(args[0]).includes('of chart should be greater than 0')) warn(...args);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the dashboard', () => {
  it('shows the figures of the last 12 weeks', async () => {
    const calls = serve();
    renderWithProviders(<DashboardPage />, { me: memberOf('adviser') });
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(await screen.findByText('1,234')).toBeInTheDocument();
    expect(calls[0]!.url).toBe('/api/ops/dashboard?weeks=12');
    expect(screen.getByText('7.5%')).toBeInTheDocument();
    expect(
      screen.getByText('3 of 40 lessons called off by parents, last 30 days'),
    ).toBeInTheDocument();
    // Credits outstanding: the paid credits, the reward ones beside them.
    expect(screen.getByText('12,480 paid · 320 reward')).toBeInTheDocument();
    expect(screen.getByText('12 done · 1 no-show')).toBeInTheDocument();
    expect(screen.getByText(/days and weeks in Asia\/Shanghai/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Credits sold and consumed' })).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'Registrations and first purchases' }),
    ).toBeInTheDocument();
  });

  it('asks for another span when one is chosen, and keeps it in the address', async () => {
    const user = userEvent.setup();
    const calls = serve();
    renderWithProviders(<DashboardPage />, { me: memberOf('admin'), route: '/?weeks=26' });
    await screen.findByText('1,234');
    expect(calls[0]!.url).toBe('/api/ops/dashboard?weeks=26');
    await user.click(screen.getByText('4 weeks'));
    await waitFor(() => expect(calls.at(-1)!.url).toBe('/api/ops/dashboard?weeks=4'));
  });

  it('takes the default span for a value it does not offer', async () => {
    const calls = serve();
    renderWithProviders(<DashboardPage />, { me: memberOf('admin'), route: '/?weeks=99' });
    await screen.findByText('1,234');
    expect(calls[0]!.url).toBe('/api/ops/dashboard?weeks=12');
  });

  it('says when there is no lesson today', async () => {
    stubFetch(() =>
      ok({ ...dashboard(12), today: { upcoming: 0, inProgress: 0, done: 0, noShow: 0 } }),
    );
    renderWithProviders(<DashboardPage />, { me: memberOf('admin') });
    expect(await screen.findByText('No lessons today.')).toBeInTheDocument();
  });

  it('speaks Chinese', async () => {
    await changeLanguage('zh_CN');
    serve();
    renderWithProviders(<DashboardPage />, { me: memberOf('admin') });
    expect(screen.getByRole('heading', { level: 1, name: '数据概览' })).toBeInTheDocument();
    expect(await screen.findByText('付费 12,480 · 赠送 320')).toBeInTheDocument();
    expect(screen.getByText('近 30 天 40 节课中家长请假 3 节')).toBeInTheDocument();
    expect(screen.getByText('未消耗课时', { selector: 'p' })).toBeInTheDocument();
  });
});
