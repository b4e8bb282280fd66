import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { Route, Routes, useLocation } from 'react-router';
import { storage } from '../../../lib/storage';
import { profileFixture } from '../../../test/profile';
import { renderWithProviders, stubFetch } from '../../../test/render';
import { InformationPage } from './information-page';

const profile = (hasPassword: boolean) =>
  profileFixture({ email: 'lin@example.com', wechat_id: 'lin', has_password: hasPassword });

function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function setUp(hasPassword: boolean) {
  let saved = hasPassword;
  const calls = stubFetch((url) => {
    if (url.includes('/api/user/profile'))
      return { body: { code: 200, msg: 'ok', data: profile(saved) } };
    if (url.includes('/api/setPassword') || url.includes('/api/user/password')) {
      saved = true;
      return { body: { code: 200, msg: 'ok', data: null } };
    }
    if (url.includes('/api/judePasswordIshad'))
      return { status: 400, body: { code: 400, msg: 'No password yet', data: null } };
    return { status: 404, body: { code: 404, msg: '', data: null } };
  });
  renderWithProviders(
    <>
      <Routes>
        <Route path="/home/children/information" element={<InformationPage />} />
        <Route path="*" element={null} />
      </Routes>
      <Location />
    </>,
    { route: '/home/children/information' },
  );
  return calls;
}

describe('Profile → password (issue #19)', () => {
  beforeEach(() => storage.setToken('test-token'));

  it('sets a first password in place: no 400 asked for, no warning, no trip to sign-in', async () => {
    const calls = setUp(false);
    await userEvent.click(await screen.findByRole('button', { name: 'Set a password' }));
    expect(screen.queryByLabelText('Current password')).toBeNull();
    await userEvent.type(screen.getByLabelText('New password'), 'secret123');
    await userEvent.type(screen.getByLabelText('Confirm the new password'), 'secret123');
    await userEvent.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByText(/Your password is saved\. You stay signed in/)).toBeVisible();
    await waitFor(() => expect(screen.getByText('Your password is set.')).toBeVisible());
    expect(calls.some((call) => call.url.includes('/api/judePasswordIshad'))).toBe(false);
    const set = calls.find((call) => call.url.includes('/api/setPassword'));
    expect(JSON.parse(String(set?.init?.body))).toEqual({ password: 'secret123' });
    expect(screen.getByTestId('location')).toHaveTextContent('/home/children/information');
    expect(screen.queryByRole('link', { name: /sign in/i })).toBeNull();
  });

  it('changes an existing password with the current one', async () => {
    const calls = setUp(true);
    await userEvent.click(await screen.findByRole('button', { name: 'Change password' }));
    await userEvent.type(screen.getByLabelText('Current password'), 'secret123');
    await userEvent.type(screen.getByLabelText('New password'), 'better456');
    await userEvent.type(screen.getByLabelText('Confirm the new password'), 'better456');
    await userEvent.click(screen.getByRole('button', { name: 'Save password' }));
    await waitFor(() =>
      expect(calls.some((call) => call.url.includes('/api/user/password'))).toBe(true),
    );
    const change = calls.find((call) => call.url.includes('/api/user/password'));
    expect(JSON.parse(String(change?.init?.body))).toMatchObject({
      old_pwd: 'secret123',
      new_pwd: 'better456',
    });
    expect(screen.getByTestId('location')).toHaveTextContent('/home/children/information');
  });
});
