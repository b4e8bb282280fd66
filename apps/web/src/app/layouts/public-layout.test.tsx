import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../lib/i18n';
import { storage } from '../../lib/storage';
import { renderWithProviders, stubFetch } from '../../test/render';
import { CatalogueLayoutRoute } from './catalogue-layout';

const PROFILE = {
  user_sn: 'P1',
  name: 'Li Wei',
  status: 1,
  member_status: 0,
  member_type: 0,
  member_kids: 0,
};

beforeEach(async () => {
  await changeLanguage('en');
  stubFetch(() => ({ body: { code: 200, msg: 'ok', data: PROFILE } }));
});

const renderCurriculum = () =>
  renderWithProviders(
    <Routes>
      <Route element={<CatalogueLayoutRoute />}>
        <Route path="/curriculum" element={<p>topics</p>} />
      </Route>
    </Routes>,
    { route: '/curriculum' },
  );

describe('public pages (issue #19: a signed-in parent is not asked to sign in)', () => {
  it('offer sign-in to a visitor', () => {
    renderCurriculum();
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Sign in' })).toBeInTheDocument();
    expect(within(header).queryByRole('button', { name: 'Account' })).not.toBeInTheDocument();
  });

  it('show the account menu and lead home when a session is stored', async () => {
    storage.setUserInfo({ token: 'tok', status: 1 });
    renderCurriculum();
    const header = screen.getByRole('banner');
    expect(await within(header).findByRole('button', { name: 'Account' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();
    expect(within(header).getByRole('link', { name: 'Parent Portal' })).toHaveAttribute(
      'href',
      '/home/children/AttendClassNow',
    );
  });
});
