import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Me } from '@portal/shared/staff';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { memberOf, ok, renderWithProviders, stubFetch } from '../../../test/render';
import { familyDetail } from '../testing/fixtures';
import type { ChildActionProps } from './family-cards';
import { FamilyPage } from './family-page';

const DETAIL = '/api/ops/families/U100001';
const bodyOf = (call: { init?: RequestInit }) => JSON.parse(String(call.init?.body)) as unknown;
const refused = (msg: string, status = 400) => ({
  status,
  body: { code: status, msg, data: null },
});

/** The audit feature's section as app/routes.tsx hands it over (a stand-in here). */
function AuditStandIn({ userSn }: { userSn: string }) {
  return <p>audit entries of {userSn}</p>;
}

/** Another feature's action on a child's row, as app/routes.tsx hands it over (a stand-in). */
function ChildActionStandIn({ userSn, studentSn, nickname }: ChildActionProps) {
  return (
    <button type="button">
      enrol {nickname} ({studentSn}) of {userSn}
    </button>
  );
}

function open(me: Me = memberOf('admin'), route = '/families/U100001') {
  return renderWithProviders(
    <FamilyPage auditSection={AuditStandIn} childAction={ChildActionStandIn} />,
    {
      route,
      path: '/families/:userSn',
      me,
    },
  );
}

type Answer = ReturnType<typeof ok> | ReturnType<typeof refused>;

/** The family's page answers; `writes` answers the POSTs (by URL). */
function serve(writes: (url: string, init?: RequestInit) => Answer | undefined = () => undefined) {
  return stubFetch((url, init) => {
    if (init?.method === 'POST') return writes(url, init) ?? ok(null);
    if (url === DETAIL) return ok(familyDetail());
    if (url.startsWith(`${DETAIL}/ledger`))
      return ok({
        items: [
          {
            id: 1,
            at: '2026-11-24T10:00:00.000Z',
            event: 'staff_correction',
            title: { en: 'Added by the school: goodwill', zh: '学校补偿' },
            paid: 0,
            reward: 5,
            reserved: 0,
          },
        ],
        total: 1,
      });
    if (url === '/api/ops/avatars')
      return ok({
        items: [1, 2, 3, 4].map((id) => ({ id, url: `/img/avatars/avatar-${id}.svg` })),
        total: 4,
      });
    if (url.startsWith('/api/ops/advisers'))
      return ok({
        items: [
          { id: 2, name: 'Demo adviser' },
          { id: 5, name: 'Wang Fang' },
        ],
        total: 2,
      });
    return { status: 404, body: { code: 404, msg: 'not found', data: null } };
  });
}

const gets = (calls: { url: string; init?: RequestInit }[], url: string) =>
  calls.filter((call) => call.url === url && call.init?.method === 'GET');

beforeEach(async () => {
  await changeLanguage('en');
});

describe("a family's page", () => {
  it('shows the profile, credits, plan, children and lessons, the phone masked', async () => {
    serve();
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Li Na' })).toBeInTheDocument();
    expect(screen.getByText('+86 138****8000')).toBeInTheDocument();
    expect(screen.getByTestId('available-credits')).toHaveTextContent('12');
    expect(screen.getByText('Monthly pass')).toBeInTheDocument();
    expect(screen.getAllByText('Mia')).toHaveLength(2); // the child, and the child of a lesson
    expect(screen.getByText('8 years')).toBeInTheDocument();
    expect(screen.getByText('05/14/2018')).toBeInTheDocument();
    expect(screen.getByText('Reading · Level 2')).toBeInTheDocument();
    expect(screen.getByText('3 (at most 6)')).toBeInTheDocument();
  });

  it('shows the phone only when asked, through the audited route', async () => {
    const user = userEvent.setup();
    const calls = serve((url) =>
      url === `${DETAIL}/reveal-phone` ? ok({ phone: '+86 13800138000' }) : undefined,
    );
    open();
    await user.click(await screen.findByRole('button', { name: /Show the full phone number/ }));
    expect(await screen.findByText('+86 13800138000')).toBeInTheDocument();
    expect(calls.filter((call) => call.url === `${DETAIL}/reveal-phone`)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /Show the full phone number/ })).toBeNull();
  });

  it("gives an admin the family's audit entries; an adviser has no audit tab", async () => {
    const user = userEvent.setup();
    serve();
    const first = open();
    await user.click(await screen.findByRole('tab', { name: 'Audit log' }));
    expect(await screen.findByText('audit entries of U100001')).toBeInTheDocument();
    first.unmount();

    open(memberOf('adviser'));
    await screen.findByRole('heading', { level: 1, name: 'Li Na' });
    expect(screen.queryByRole('tab', { name: 'Audit log' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Correct credits' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
  });

  it("gives a child's row the composed action for a role with schedule.manage only", async () => {
    serve();
    const first = open();
    expect(
      await screen.findByRole('button', { name: 'enrol Mia (S1) of U100001' }),
    ).toBeInTheDocument();
    first.unmount();

    open(memberOf('adviser'));
    await screen.findByRole('heading', { level: 1, name: 'Li Na' });
    expect(screen.queryByRole('button', { name: /enrol Mia/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Edit Mia' })).toBeInTheDocument();
  });

  it('offers no edits or corrections to a role that may only read', async () => {
    serve();
    open(memberOf('adviser', { permissions: ['self.manage', 'families.read'] }));
    await screen.findByRole('heading', { level: 1, name: 'Li Na' });
    expect(screen.queryByRole('button', { name: 'Correct credits' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Mia' })).toBeNull();
  });

  it('says so when there is no such family', async () => {
    stubFetch(() => refused('Not found.', 404));
    open(memberOf('admin'), '/families/NOPE');
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'There is no family with this number.',
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /All families/ })).toHaveAttribute('href', '/families');
  });

  it('sends only the changed fields of the parent and shows the answer without reloading', async () => {
    const user = userEvent.setup();
    const calls = serve((url, init) => {
      if (url !== DETAIL) return undefined;
      const body = bodyOf({ init }) as { name?: string; adviserId?: number };
      return ok({
        ...familyDetail().parent,
        name: body.name ?? 'Li Na',
        adviser: { id: 5, name: 'Wang Fang' },
      });
    });
    open();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit the parent' });
    const name = within(dialog).getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Li Na Wang');
    await user.click(within(dialog).getByRole('combobox', { name: 'Adviser' }));
    await user.click(await screen.findByRole('option', { name: 'Wang Fang' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Li Na Wang' }),
    ).toBeInTheDocument();
    const posts = calls.filter((call) => call.url === DETAIL && call.init?.method === 'POST');
    expect(posts.map(bodyOf)).toEqual([{ name: 'Li Na Wang', adviserId: 5 }]);
    // The page is not asked again: each load is an audit entry.
    expect(gets(calls, DETAIL)).toHaveLength(1);
  });

  it("shows the parents' own e-mail message at the field, nothing changed", async () => {
    const user = userEvent.setup();
    serve((url) =>
      url === DETAIL ? refused('This e-mail is already used by another account.') : undefined,
    );
    open();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit the parent' });
    const email = within(dialog).getByLabelText('E-mail');
    await user.clear(email);
    await user.type(email, 'taken@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(email).toHaveAccessibleDescription(/already used by another account/),
    );
    expect(screen.getByRole('dialog', { name: 'Edit the parent' })).toBeInTheDocument();
  });

  it('checks the e-mail in the browser with the same rule before sending', async () => {
    const user = userEvent.setup();
    const calls = serve();
    open();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit the parent' });
    const email = within(dialog).getByLabelText('E-mail');
    await user.clear(email);
    await user.type(email, 'not-an-address');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(calls.filter((call) => call.init?.method === 'POST')).toHaveLength(0);
  });

  it("edits a child's name through the child route", async () => {
    const user = userEvent.setup();
    const calls = serve((url, init) =>
      url === `${DETAIL}/children/S1`
        ? ok({ ...familyDetail().children[0], ...(bodyOf({ init }) as object) })
        : undefined,
    );
    open();
    await user.click(await screen.findByRole('button', { name: 'Edit Mia' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Mia' });
    const name = within(dialog).getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Mimi');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Mimi')).toBeInTheDocument();
    const posts = calls.filter((call) => call.url === `${DETAIL}/children/S1`);
    expect(posts.map(bodyOf)).toEqual([{ nickname: 'Mimi' }]);
  });

  it("changes a child's avatar: choosing a tile sends only its id", async () => {
    const user = userEvent.setup();
    const calls = serve((url) =>
      url === `${DETAIL}/children/S1`
        ? ok({ ...familyDetail().children[0], avatarId: 3, avatar: '/img/avatars/avatar-3.svg' })
        : undefined,
    );
    open();
    await user.click(await screen.findByRole('button', { name: 'Edit Mia' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Mia' });
    const group = await within(dialog).findByRole('radiogroup', { name: 'Avatar' });
    const tiles = within(group).getAllByRole('radio');
    expect(tiles.map((tile) => tile.getAttribute('aria-label'))).toEqual([
      'Avatar 1',
      'Avatar 2',
      'Avatar 3',
      'Avatar 4',
    ]);
    // The child's avatar is chosen and is the group's one tab stop.
    expect(within(group).getByRole('radio', { name: 'Avatar 1' })).toBeChecked();
    expect(tiles.map((tile) => tile.tabIndex)).toEqual([0, -1, -1, -1]);

    await user.click(within(group).getByRole('radio', { name: 'Avatar 3' }));
    expect(within(group).getByRole('radio', { name: 'Avatar 3' })).toBeChecked();
    expect(within(group).getByRole('radio', { name: 'Avatar 1' })).not.toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const posts = calls.filter((call) => call.url === `${DETAIL}/children/S1`);
    expect(posts.map(bodyOf)).toEqual([{ avatar: 3 }]);
  });

  it('moves through the avatars with the arrow keys, and shows a refusal under the picker', async () => {
    const user = userEvent.setup();
    await changeLanguage('zh_CN');
    const calls = serve((url) =>
      url === `${DETAIL}/children/S1` ? refused('请选择头像。') : undefined,
    );
    open();
    await user.click(await screen.findByRole('button', { name: '编辑Mia' }));
    const dialog = await screen.findByRole('dialog', { name: '编辑Mia' });
    const group = await within(dialog).findByRole('radiogroup', { name: '头像' });
    within(group).getByRole('radio', { name: '头像 1' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(within(group).getByRole('radio', { name: '头像 2' })).toHaveFocus();
    expect(within(group).getByRole('radio', { name: '头像 2' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(group.parentElement!).findByText('请选择头像。')).toBeInTheDocument();
    expect(within(group).getByRole('radio', { name: '头像 2' })).toHaveFocus();
    const posts = calls.filter((call) => call.url === `${DETAIL}/children/S1`);
    expect(posts.map(bodyOf)).toEqual([{ avatar: 2 }]);
  });

  it('signs the parent out everywhere after a confirmation', async () => {
    const user = userEvent.setup();
    const calls = serve();
    open(memberOf('admin'), '/families/U100001?tab=sessions');
    await user.click(await screen.findByRole('button', { name: 'Sign out everywhere' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign the parent out everywhere?' });
    await user.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));
    expect(await screen.findByText('The parent is not signed in anywhere.')).toBeInTheDocument();
    expect(calls.filter((call) => call.url === `${DETAIL}/sign-out-everywhere`)).toHaveLength(1);
  });

  it('shows the ledger page by page, its titles in the interface language', async () => {
    const user = userEvent.setup();
    await changeLanguage('zh_CN');
    const calls = serve();
    open();
    await user.click(await screen.findByRole('tab', { name: '课时明细' }));
    expect(await screen.findByText('学校补偿')).toBeInTheDocument();
    expect(screen.getByText('+5')).toBeInTheDocument();
    const ledger = calls.find((call) => call.url.startsWith(`${DETAIL}/ledger`))!;
    expect(new URL(ledger.url, 'http://x').searchParams.get('page')).toBe('1');
  });
});
