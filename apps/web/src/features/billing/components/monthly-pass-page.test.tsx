import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { storage } from '../../../lib/storage';
import { profileFixture } from '../../../test/profile';
import { renderWithProviders, stubFetch } from '../../../test/render';
import { MonthlyPassPage } from './monthly-pass-page';

const plan = {
  plan_id: 4,
  title: 'Unlimited · 1 kid',
  kids: 1,
  price: 199,
  currency: 'USD',
  renew_at: '2026-12-20',
  expire_at: '2026-12-20',
  member_pay_method_type: 1,
  member_pay_method_name: 'Card',
  is_auto_renew: true,
};
const lesson = {
  lesson_sn: 'L1',
  child: 'Mia',
  course: 'Reading',
  starts_at: '2026-11-24 20:00',
  credits: 0,
};
const cancelPreview = {
  ends_at: '2026-12-20',
  already_cancelled: false,
  renews: true,
  lessons_after: [{ ...lesson, lesson_sn: 'L9', starts_at: '2026-12-22 20:00', credits: 2 }],
  credits_after: 2,
  balance: 12,
};
const pausePreview = (weeks: number, over: object = {}) => ({
  weeks,
  paused_from: '2026-11-20',
  resumes_at: weeks === 2 ? '2026-12-04' : '2026-11-27',
  ends_at: '2026-12-20',
  new_ends_at: weeks === 2 ? '2027-01-03' : '2026-12-27',
  lessons:
    weeks === 2
      ? [lesson, { ...lesson, lesson_sn: 'L2', starts_at: '2026-12-01 20:00' }]
      : [lesson],
  credits_back: 0,
  can_pause: true,
  reason: '',
  ...over,
});
const state = {
  ends_at: '2027-01-03',
  cancel_at_period_end: false,
  paused_from: '2026-11-20',
  paused_until: '2026-12-04',
};

function answer(pause: (weeks: number) => object = pausePreview) {
  return stubFetch((url) => {
    const ok = (data: unknown) => ({ body: { code: 200, msg: 'ok', data } });
    if (url.includes('/api/user/profile')) return ok(profileFixture({ member_type: 1 }));
    if (url.includes('/api/getMyPlanList')) return ok([plan]);
    if (url.includes('/api/planCancelPreview')) return ok(cancelPreview);
    if (url.includes('/api/planPausePreview'))
      return ok(pause(Number(new URL(url, 'http://x').searchParams.get('weeks'))));
    if (url.includes('/api/planCancel'))
      return ok({ ...state, ends_at: '2026-12-20', cancel_at_period_end: true });
    if (url.includes('/api/planPause')) return ok(state);
    return { status: 404, body: { code: 404, msg: '', data: null } };
  });
}

describe('MonthlyPassUser when its plans cannot be loaded', () => {
  beforeEach(() => storage.setToken('test-token'));
  afterEach(() => vi.restoreAllMocks());

  it('says so and tries again, instead of telling a member they are not one', async () => {
    let fail = true;
    stubFetch((url) => {
      const ok = (data: unknown) => ({ body: { code: 200, msg: 'ok', data } });
      if (url.includes('/api/user/profile')) return ok(profileFixture({ member_type: 1 }));
      if (url.includes('/api/getMyPlanList'))
        return fail
          ? { status: 500, body: { code: 500, msg: 'Server error', data: null } }
          : ok([plan]);
      return { status: 404, body: { code: 404, msg: '', data: null } };
    });
    renderWithProviders(<MonthlyPassPage />);
    const alert = (await screen.findByText('Could not load')).closest<HTMLElement>('[role=alert]')!;
    expect(screen.queryByText('You are not a member yet')).not.toBeInTheDocument();
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(plan.title)).toBeInTheDocument();
  });

  it('says it is offline when the network failed the load', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    globalThis.fetch = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
    renderWithProviders(<MonthlyPassPage />);
    const alert = (await screen.findByText('You are offline')).closest('[role=alert]');
    expect(alert).toHaveTextContent('This can be shown once you are back online.');
    expect(screen.queryByText('You are not a member yet')).not.toBeInTheDocument();
  });
});

describe('MonthlyPassUser: cancel or pause the plan (issue #25), previewed before confirming', () => {
  beforeEach(() => storage.setToken('test-token'));
  afterEach(() => i18n.changeLanguage('en'));

  it('shows when the plan ends, the lessons after it and the credits, then cancels', async () => {
    await i18n.changeLanguage('en');
    const calls = answer();
    renderWithProviders(<MonthlyPassPage />, { route: '/MonthlyPassUser' });
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel plan' }));
    const preview = await screen.findByRole('region', { name: 'What happens' });
    expect(preview).toHaveTextContent('Your plan stays active until 2026-12-20 and then ends.');
    expect(
      within(preview).getByText('2026-12-22 20:00 · Mia · Reading · 2 credits'),
    ).toBeInTheDocument();
    expect(preview).toHaveTextContent('Your credits stay as they are: 12 credits.');
    expect(calls.some((call) => call.url.includes('/api/planCancel?'))).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel at the end of the period' }));
    const posted = calls.filter(
      (call) => call.url.endsWith('/api/planCancel') && call.init?.method === 'POST',
    );
    expect(posted).toHaveLength(1);
    expect(
      await screen.findByText('Your plan will not renew. It runs until the end of its period.'),
    ).toBeInTheDocument();
  });

  it('previews each length of pause and pauses for the one chosen (zh_CN)', async () => {
    await i18n.changeLanguage('zh_CN');
    const calls = answer();
    renderWithProviders(<MonthlyPassPage />, { route: '/MonthlyPassUser' });
    await userEvent.click(await screen.findByRole('button', { name: '暂停月卡' }));
    let preview = await screen.findByRole('region', { name: '将会发生什么' });
    expect(preview).toHaveTextContent('自 2026-11-20 起暂停，于 2026-11-27 恢复。');
    await userEvent.click(screen.getByRole('radio', { name: '2 周' }));
    expect(
      await screen.findByText('自 2026-11-20 起暂停，于 2026-12-04 恢复。'),
    ).toBeInTheDocument();
    preview = screen.getByRole('region', { name: '将会发生什么' });
    expect(preview).toHaveTextContent('月卡的到期日将由 2026-12-20 顺延至 2027-01-03。');
    expect(within(preview).getAllByRole('listitem')).toHaveLength(2);
    expect(preview).toHaveTextContent('不会为此扣费，您的课时保持不变。');
    await userEvent.click(screen.getByRole('button', { name: '暂停 2 周' }));
    const posted = calls.find(
      (call) => call.url.endsWith('/api/planPause') && call.init?.method === 'POST',
    );
    expect(JSON.parse(String(posted?.init?.body))).toEqual({ weeks: 2 });
    expect(await screen.findByText('月卡已暂停，期间的课程已请假。')).toBeInTheDocument();
  });

  it('says why a pause cannot be taken and does not let it be confirmed', async () => {
    await i18n.changeLanguage('en');
    const reason = 'You have already paused your plan once in this period.';
    const calls = answer((weeks) => pausePreview(weeks, { can_pause: false, reason }));
    renderWithProviders(<MonthlyPassPage />, { route: '/MonthlyPassUser' });
    await userEvent.click(await screen.findByRole('button', { name: 'Pause plan' }));
    expect((await screen.findByText(reason)).closest('[role="alert"]')).not.toBeNull();
    const confirm = screen.getByRole('button', { name: 'Pause for 1 week' });
    expect(confirm).toBeDisabled();
    await userEvent.click(confirm);
    expect(calls.some((call) => call.url.endsWith('/api/planPause'))).toBe(false);
  });
});
