import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StaffSummary } from '@portal/shared/staff';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { memberOf, ok, renderWithProviders, stubFetch } from '../../../test/render';
import { StaffPage } from './staff-page';

const admin = memberOf('admin', { name: 'Ada Admin' });
const members: StaffSummary[] = [
  {
    id: 1,
    email: 'admin@example.com',
    name: 'Ada Admin',
    role: 'admin',
    status: 'active',
    secondFactor: true,
    lastSignInAt: '2026-11-24T01:30:00.000Z',
    createdAt: '2026-11-01T00:00:00.000Z',
  },
  {
    id: 2,
    email: 'adviser@example.com',
    name: 'Ava Adviser',
    role: 'adviser',
    status: 'active',
    secondFactor: true,
    lastSignInAt: null,
    createdAt: '2026-11-02T00:00:00.000Z',
  },
  {
    id: 5,
    email: 'gone@example.com',
    name: 'Gus Gone',
    role: 'teacher',
    status: 'disabled',
    secondFactor: false,
    lastSignInAt: null,
    createdAt: '2026-11-03T00:00:00.000Z',
  },
];
const bodyOf = (call: { init?: RequestInit }) => JSON.parse(String(call.init?.body)) as unknown;
const detail = (member: StaffSummary) => ok({ ...member, sessions: [] });

function serve(total = members.length) {
  return stubFetch((url, init) => {
    if (url.startsWith('/api/ops/staff?')) return ok({ items: members, total });
    if (init?.method === 'POST' && url === '/api/ops/staff') return ok({ id: 9 });
    return detail(members[1]!);
  });
}

beforeEach(async () => {
  await changeLanguage('en');
});

describe('staff management', () => {
  it('lists the members with their role, status, second factor and last sign-in', async () => {
    const calls = serve();
    renderWithProviders(<StaffPage />, { route: '/staff', me: admin });
    const row = (await screen.findByText('Ava Adviser')).closest('tr')!;
    expect(within(row).getByText('adviser@example.com')).toBeInTheDocument();
    expect(within(row).getByText('Adviser')).toBeInTheDocument();
    expect(within(row).getByText('Active')).toBeInTheDocument();
    expect(within(row).getByText('Set up')).toBeInTheDocument();
    expect(within(row).getByText('Never')).toBeInTheDocument();
    const gone = screen.getByText('Gus Gone').closest('tr')!;
    expect(within(gone).getByText('Disabled')).toBeInTheDocument();
    expect(
      within(screen.getByText('Ada Admin').closest('tr')!).getByText('You'),
    ).toBeInTheDocument();
    expect(calls[0]!.url).toBe('/api/ops/staff?page=1&pageSize=20');
  });

  it('sends the filters and the page from the URL to the server', async () => {
    const calls = serve(45);
    renderWithProviders(<StaffPage />, {
      route: '/staff?q=ava&role=adviser&status=bogus&page=2',
      me: admin,
    });
    await screen.findByText('Ava Adviser');
    expect(calls[0]!.url).toBe('/api/ops/staff?q=ava&role=adviser&page=2&pageSize=20');
    expect(screen.getByText('21–23 of 45')).toBeInTheDocument();
  });

  it('invites a member and says so', async () => {
    const user = userEvent.setup();
    const calls = serve();
    renderWithProviders(<StaffPage />, { route: '/staff', me: admin });
    await user.click(await screen.findByRole('button', { name: 'Invite a member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a member' });
    await user.click(within(dialog).getByRole('button', { name: 'Send the invitation' }));
    expect(await within(dialog).findByText('Please enter the e-mail address.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('E-mail address'), 'New@Example.com');
    await user.type(within(dialog).getByLabelText('Name'), 'Nia New');
    await user.click(within(dialog).getByRole('button', { name: 'Send the invitation' }));
    expect(await screen.findByText('Invitation sent to new@example.com.')).toBeInTheDocument();
    const invite = calls.find((call) => call.init?.method === 'POST')!;
    expect(invite.url).toBe('/api/ops/staff');
    expect(bodyOf(invite)).toEqual({ email: 'new@example.com', name: 'Nia New', role: 'adviser' });
    await waitFor(() =>
      expect(calls.filter((call) => call.url.startsWith('/api/ops/staff?'))).toHaveLength(2),
    );
  });

  it('shows a taken e-mail at the field', async () => {
    const user = userEvent.setup();
    stubFetch((url, init) =>
      init?.method === 'POST'
        ? {
            status: 400,
            body: {
              code: 400,
              msg: 'A staff member with this e-mail address already exists.',
              data: null,
            },
          }
        : ok({ items: members, total: 3 }),
    );
    renderWithProviders(<StaffPage />, { route: '/staff', me: admin });
    await user.click(await screen.findByRole('button', { name: 'Invite a member' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('E-mail address'), 'adviser@example.com');
    await user.type(within(dialog).getByLabelText('Name'), 'Again');
    await user.click(within(dialog).getByRole('button', { name: 'Send the invitation' }));
    const email = within(dialog).getByLabelText('E-mail address');
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(
      within(dialog).getByText('A staff member with this e-mail address already exists.'),
    ).toBeInTheDocument();
  });

  it('changes a role, sending only what changed', async () => {
    const user = userEvent.setup();
    const calls = serve();
    renderWithProviders(<StaffPage />, { route: '/staff', me: admin });
    await user.click(await screen.findByRole('button', { name: 'Actions for Ava Adviser' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Change name or role' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Ava Adviser' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('Please change the name or the role.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Teacher' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    const update = calls.find((call) => call.url === '/api/ops/staff/2')!;
    expect(bodyOf(update)).toEqual({ role: 'teacher' });
  });

  it('does not offer an admin to change their own role or disable themselves', async () => {
    const user = userEvent.setup();
    serve();
    renderWithProviders(<StaffPage />, { route: '/staff', me: admin });
    await user.click(await screen.findByRole('button', { name: 'Actions for Ada Admin' }));
    expect(await screen.findByRole('menuitem', { name: 'Disable the account' })).toBeDisabled();
    await user.click(screen.getByRole('menuitem', { name: 'Change name or role' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('combobox', { name: 'Role' })).toBeDisabled();
  });

  it.each([
    ['Ava Adviser', 'Disable the account', '/api/ops/staff/2/disable', 'Ava Adviser is disabled'],
    [
      'Ava Adviser',
      'Reset the second factor',
      '/api/ops/staff/2/reset-second-factor',
      'Ava Adviser must set up the second factor again',
    ],
    ['Gus Gone', 'Enable the account', '/api/ops/staff/5/enable', 'Gus Gone can sign in again'],
  ])('%s: %s after confirming', async (name, item, url, done) => {
    const user = userEvent.setup();
    const calls = serve();
    renderWithProviders(<StaffPage />, { route: '/staff', me: admin });
    await user.click(await screen.findByRole('button', { name: `Actions for ${name}` }));
    await user.click(await screen.findByRole('menuitem', { name: item }));
    const dialog = await screen.findByRole('dialog');
    expect(calls.some((call) => call.url === url)).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(new RegExp(done))).toBeInTheDocument();
    expect(calls.filter((call) => call.url === url)).toHaveLength(1);
  });

  it('reads in Chinese', async () => {
    await changeLanguage('zh_CN');
    serve();
    renderWithProviders(<StaffPage />, { route: '/staff', me: admin });
    expect(await screen.findByRole('heading', { name: '员工管理' })).toBeInTheDocument();
    const row = (await screen.findByText('Ava Adviser')).closest('tr')!;
    expect(within(row).getByText('顾问')).toBeInTheDocument();
    expect(within(row).getByText('正常')).toBeInTheDocument();
    expect(within(row).getByText('从未')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '邀请员工' })).toBeInTheDocument();
  });
});
