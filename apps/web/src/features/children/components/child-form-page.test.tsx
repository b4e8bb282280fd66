import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes, useLocation } from 'react-router';
import { i18n } from '../../../lib/i18n';
import { storage } from '../../../lib/storage';
import { profileFixture } from '../../../test/profile';
import { renderWithProviders, stubFetch } from '../../../test/render';
import { ChildFormPage } from './child-form-page';

const mia = {
  student_sn: 'S100',
  nickname: 'Mia',
  birth_date: '5/14/2018',
  avatar: '/img/avatars/avatar-1.svg',
  id: 1,
  age: 8,
};
const profile = profileFixture({ last_student_sn: 'S100' });
const ok = (data: unknown) => ({ body: { code: 200, msg: 'ok', data } });

function answer(impact = { lessons: 4, credits: 8 }) {
  return stubFetch((url) => {
    if (url.includes('/api/students/deletion-impact'))
      return ok({ student_sn: 'S100', nickname: 'Mia', ...impact });
    if (url.includes('/api/students')) return ok([mia]);
    if (url.includes('/api/user/profile')) return ok(profile);
    if (url.includes('/api/getGeadimg'))
      return ok({ data: [{ id: 1, url: '/img/avatars/avatar-1.svg', selected: false }] });
    return { status: 404, body: { code: 404, msg: '', data: null } };
  });
}

/** The address the router shows, to see what a link leaves in the history. */
function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function renderForm(route: string) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/add" element={<ChildFormPage />} />
        <Route path="*" element={null} />
      </Routes>
      <Location />
    </>,
    { route },
  );
}

describe('the child form (issue #19)', () => {
  beforeEach(() => storage.setToken('test-token'));
  afterEach(() => i18n.changeLanguage('en'));

  it('replaces a legacy edit={JSON} link by the student_sn and edits that child', async () => {
    answer();
    const legacy = encodeURIComponent(JSON.stringify(mia));
    renderForm(`/add?edit=${legacy}&one=1`);
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/add?one=1&student_sn=S100'),
    );
    expect(screen.getByTestId('location')).not.toHaveTextContent('Mia');
    expect(await screen.findByLabelText(/Child’s name/)).toHaveValue('Mia');
  });

  it('counts the name against its limit and says so at the field instead of cutting it', async () => {
    answer();
    renderForm('/add?add=0');
    const name = await screen.findByLabelText(/Child’s name/);
    expect(name).toHaveAccessibleDescription('0/20 characters');
    await userEvent.type(name, 'Mia Li');
    expect(name).toHaveAccessibleDescription('6/20 characters');
    await userEvent.type(name, ' has a very long name');
    expect(name).toHaveValue('Mia Li has a very long name');
    expect(name).toHaveAccessibleDescription(
      /^(?=.*27\/20 characters)(?=.*The name can be at most 20 characters\.)/,
    );
  });

  it('says at the avatar field that an avatar is required', async () => {
    answer();
    renderForm('/add?add=0');
    const choose = await screen.findByRole('button', { name: 'Choose an avatar' });
    expect(choose).toHaveAccessibleDescription(/^Required\. Pick one of our pictures/);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(choose).toHaveAccessibleDescription(/Please select avatar\.$/);
    expect(choose).toHaveAttribute('aria-invalid', 'true');
  });

  it('names the child and what happens to their lessons and credits before deleting', async () => {
    answer({ lessons: 4, credits: 8 });
    renderForm('/add?student_sn=S100');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Mia?' });
    expect(
      await within(dialog).findByText(
        'Mia’s upcoming lessons (4) will be cancelled. The 8 credits they reserve go back to your balance.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Yes, delete Mia' })).toBeEnabled();
  });

  it('says so in Chinese too, for a child without coming lessons', async () => {
    await i18n.changeLanguage('zh_CN');
    answer({ lessons: 0, credits: 0 });
    renderForm('/add?student_sn=S100');
    await userEvent.click(await screen.findByRole('button', { name: '删除' }));
    const dialog = await screen.findByRole('dialog', { name: '删除Mia？' });
    expect(await within(dialog).findByText('Mia没有尚未开始的课程。')).toBeInTheDocument();
  });

  it('shows the birthday in the interface language (spec §5 MM/DD/YYYY in English)', async () => {
    answer();
    const { unmount } = renderForm('/add?student_sn=S100');
    expect(await screen.findByText('05/14/2018')).toBeInTheDocument();
    unmount();
    await i18n.changeLanguage('zh_CN');
    renderForm('/add?student_sn=S100');
    expect(await screen.findByText('2018年5月14日')).toBeInTheDocument();
    expect(screen.queryByText('05/14/2018')).not.toBeInTheDocument();
  });
});

describe('editing a child without the children list', () => {
  beforeEach(() => storage.setToken('test-token'));
  afterEach(() => vi.restoreAllMocks());

  it('says it is offline, with a retry that opens the child once back online', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    globalThis.fetch = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
    renderForm('/add?student_sn=S100');
    const alert = (await screen.findByText('You are offline')).closest<HTMLElement>(
      '[role=alert]',
    )!;
    expect(alert).toHaveTextContent('This can be shown once you are back online.');
    expect(screen.queryByText(/could not be loaded|not found/i)).not.toBeInTheDocument();

    online.mockReturnValue(true);
    answer();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByDisplayValue('Mia')).toBeInTheDocument();
  });

  it('keeps its own words when the server failed the load', async () => {
    stubFetch((url) =>
      url.includes('/api/user/profile')
        ? ok(profile)
        : { status: 500, body: { code: 500, msg: 'Server error', data: null } },
    );
    renderForm('/add?student_sn=S100');
    expect(await screen.findByText('Your children could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
