import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AccountDeletionStatus } from '@portal/shared/account-deletion';
import { changeLanguage } from '../../../lib/i18n';
import { storage } from '../../../lib/storage';
import { renderWithProviders, stubFetch } from '../../../test/render';
import { AccountLayout } from '../../../app/layouts/account-layout';
import { AccountDeletionSection } from './account-deletion-section';

const DUE = '2026-12-04T08:00:00.000Z';

function statusOf(overrides: Partial<AccountDeletionStatus> = {}): AccountDeletionStatus {
  return {
    pending: false,
    requested_at: null,
    due_at: null,
    grace_days: 14,
    would_erase_at: DUE,
    has_password: true,
    phone_masked: '+86 *********00',
    credits: { paid: 12, reward: 3 },
    children: 2,
    plan: {
      title_en: 'Monthly pass',
      title_zh: '月卡',
      ends_at: '2026-12-20T08:00:00.000Z',
      renews: true,
    },
    ...overrides,
  };
}

/** A fake server: the status, the request (password `secret123` or code `123456`), the cancel. */
function setUp(initial: AccountDeletionStatus) {
  let status = initial;
  const calls = stubFetch((url, init) => {
    const ok = (data: unknown) => ({ body: { code: 200, msg: 'ok', data } });
    if (url.endsWith('/api/accountDeletion') && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as { password?: string; code?: string };
      if (body.password !== undefined && body.password !== 'secret123')
        return {
          status: 400,
          body: { code: 400, msg: 'The password is wrong. Nothing was changed.', data: null },
        };
      status = { ...status, pending: true, requested_at: DUE, due_at: DUE };
      return ok(status);
    }
    if (url.endsWith('/api/accountDeletion')) return ok(status);
    if (url.endsWith('/api/accountDeletion/code')) return ok(null);
    if (url.endsWith('/api/accountDeletion/cancel')) {
      status = { ...status, pending: false, requested_at: null, due_at: null };
      return ok(status);
    }
    return { status: 404, body: { code: 404, msg: '', data: null } };
  });
  return calls;
}

const posted = (calls: { url: string; init?: RequestInit }[], path: string) =>
  calls.filter((call) => call.url.endsWith(path) && call.init?.method === 'POST');

describe('Profile → delete my account (issue #25)', () => {
  beforeEach(() => storage.setToken('test-token'));
  afterEach(() => changeLanguage('en'));

  it('previews credits, children and plan, refuses a wrong password, then asks with the right one and offers the cancel', async () => {
    const calls = setUp(statusOf());
    renderWithProviders(<AccountDeletionSection />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete my account…' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(/Your 12 paid and 3 reward credits are forfeited/),
    ).toBeVisible();
    expect(within(dialog).getByText(/children's profiles \(2\)/)).toBeVisible();
    expect(within(dialog).getByText(/Your plan “Monthly pass” stops renewing now/)).toBeVisible();

    await userEvent.type(within(dialog).getByLabelText('Password'), 'wrong999');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('The password is wrong. Nothing was changed.')).toBeVisible();
    expect(screen.getByRole('dialog')).toBeVisible();

    await userEvent.clear(within(dialog).getByLabelText('Password'));
    await userEvent.type(within(dialog).getByLabelText('Password'), 'secret123');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('Your account is set to be deleted')).toBeVisible();
    const requests = posted(calls, '/api/accountDeletion');
    expect(JSON.parse(String(requests.at(-1)?.init?.body))).toEqual({ password: 'secret123' });

    await userEvent.click(screen.getByRole('button', { name: 'Cancel deletion' }));
    expect(
      await screen.findByText('Deletion cancelled. Your account stays as it was.'),
    ).toBeVisible();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Delete my account…' })).toBeVisible(),
    );
    expect(posted(calls, '/api/accountDeletion/cancel')).toHaveLength(1);
  });

  it('confirms with an SMS code when the account has no password', async () => {
    const calls = setUp(
      statusOf({ has_password: false, plan: null, credits: { paid: 0, reward: 0 } }),
    );
    renderWithProviders(<AccountDeletionSection />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete my account…' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('You have no credits left.')).toBeVisible();
    expect(within(dialog).getByText('You have no active plan.')).toBeVisible();
    expect(within(dialog).queryByLabelText('Password')).toBeNull();
    expect(within(dialog).getByText('We send a code to +86 *********00.')).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(posted(calls, '/api/accountDeletion/code')).toHaveLength(1));
    await userEvent.type(within(dialog).getByLabelText('Verification code'), '123456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('Your account is set to be deleted')).toBeVisible();
    expect(JSON.parse(String(posted(calls, '/api/accountDeletion')[0]?.init?.body))).toEqual({
      code: '123456',
    });
  });

  it('reads in Chinese', async () => {
    await changeLanguage('zh_CN');
    setUp(statusOf());
    renderWithProviders(<AccountDeletionSection />);
    await userEvent.click(await screen.findByRole('button', { name: '注销账户…' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/您的会员计划“月卡”即刻停止自动续费/)).toBeVisible();
    expect(within(dialog).getByText(/12 个付费课时和 3 个奖励课时/)).toBeVisible();
  });
});

describe('the sign-in offer during the grace period', () => {
  beforeEach(() => storage.setToken('test-token'));
  afterEach(() => storage.setDeletionDueAt(undefined));

  it('shows the date the sign-in reported on every screen but the profile, and cancels', async () => {
    const calls = setUp(statusOf({ pending: true, requested_at: DUE, due_at: DUE }));
    storage.setDeletionDueAt(DUE);
    renderWithProviders(
      <AccountLayout>
        <p>screen</p>
      </AccountLayout>,
      { route: '/home/children/AttendClassNow' },
    );
    expect(await screen.findByText('Your account is set to be deleted')).toBeVisible();
    expect(screen.getByText(/It will be erased on Dec 4, 2026/)).toBeVisible();
    // The offer comes from the sign-in answer: no screen asks the deletion status for it.
    expect(calls.filter((call) => call.url.endsWith('/api/accountDeletion'))).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel deletion' }));
    await waitFor(() => expect(screen.queryByText('Your account is set to be deleted')).toBeNull());
    expect(posted(calls, '/api/accountDeletion/cancel')).toHaveLength(1);
    expect(storage.getDeletionDueAt()).toBeUndefined();
  });

  it('is not on the profile, whose deletion section says it already', async () => {
    setUp(statusOf({ pending: true, requested_at: DUE, due_at: DUE }));
    storage.setDeletionDueAt(DUE);
    renderWithProviders(
      <AccountLayout>
        <p>screen</p>
      </AccountLayout>,
      { route: '/home/children/information' },
    );
    expect(await screen.findByText('screen')).toBeVisible();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByText('Your account is set to be deleted')).toBeNull();
  });

  it('shows nothing when the sign-in reported no deletion', async () => {
    setUp(statusOf());
    renderWithProviders(
      <AccountLayout>
        <p>screen</p>
      </AccountLayout>,
      { route: '/home/children/AttendClassNow' },
    );
    expect(await screen.findByText('screen')).toBeVisible();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByRole('button', { name: 'Cancel deletion' })).toBeNull();
  });

  it('reads in Chinese', async () => {
    await changeLanguage('zh_CN');
    setUp(statusOf({ pending: true, requested_at: DUE, due_at: DUE }));
    storage.setDeletionDueAt(DUE);
    renderWithProviders(
      <AccountLayout>
        <p>screen</p>
      </AccountLayout>,
      { route: '/index' },
    );
    expect(await screen.findByRole('button', { name: '撤销注销' })).toBeVisible();
  });
});
