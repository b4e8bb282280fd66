import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { allowCaptchaInTests, solvesTestChallenge, testChallenge } from '../../../test/captcha';
import { renderWithProviders, stubFetch } from '../../../test/render';
import { PasswordSignInForm } from './password-sign-in-form';

// The widget's proof of work runs on the test's thread (test/captcha.ts, decision 041).
vi.mock('altcha/workers/sha?worker', async () => ({
  default: (await import('../../../test/captcha')).InThreadCaptchaWorker,
}));
await allowCaptchaInTests();
const CHALLENGE = await testChallenge('challenge-id-signin-0123');

const bodiesOf = (calls: { url: string; init?: RequestInit }[], path: string) =>
  calls
    .filter((call) => new URL(call.url, 'http://localhost').pathname === path)
    .map((call) => JSON.parse(String(call.init?.body)) as Record<string, unknown>);

beforeEach(async () => {
  await changeLanguage('en');
  localStorage.clear();
});

describe('password sign-in under throttling (decision 030)', () => {
  it('solves the captcha when the server asks for it, signs in with it and keeps the device token', async () => {
    localStorage.setItem('signInDevice', 'earlier-device-token-0123456789');
    let logins = 0;
    const calls = stubFetch((url) => {
      const path = new URL(url, 'http://localhost').pathname;
      if (path === '/api/captcha') return { body: { code: 200, msg: 'ok', data: CHALLENGE } };
      if (path === '/api/login') {
        logins += 1;
        return logins === 1
          ? {
              status: 400,
              body: {
                code: 400,
                msg: 'Please complete the human check, then sign in again.',
                data: { captcha_required: true },
              },
            }
          : {
              body: {
                code: 200,
                msg: 'ok',
                data: {
                  token: 't'.repeat(43),
                  status: 1,
                  user_sn: 'P1',
                  device_token: 'new-device',
                },
              },
            };
      }
      return { body: { code: 200, msg: 'ok', data: null } };
    });
    renderWithProviders(<PasswordSignInForm selectableCountry={false} />);
    fireEvent.change(screen.getByPlaceholderText('Phone number'), {
      target: { value: '13712345678' },
    });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(
      await screen.findAllByText('Please complete the human check, then sign in again.'),
    ).not.toHaveLength(0);
    await waitFor(() => expect(bodiesOf(calls, '/api/login')).toHaveLength(2));
    const [first, second] = bodiesOf(calls, '/api/login');
    expect(first).toMatchObject({
      mobile: '13712345678',
      device: 'earlier-device-token-0123456789',
    });
    expect(first).not.toHaveProperty('captcha');
    expect(second).toMatchObject({ mobile: '13712345678', password: 'secret123' });
    expect(await solvesTestChallenge(second!.captcha)).toBe(CHALLENGE.parameters.data.id);
    await waitFor(() => expect(localStorage.getItem('signInDevice')).toBe('new-device'));
  });
});
