import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { session } from '../../../lib/session';
import { meQuery } from '../../../lib/use-me';
import { memberOf, ok, renderWithProviders, stubFetch } from '../../../test/render';
import { SetupPage } from './setup-page';
import { SignInPage } from './sign-in-page';

const SECRET = 'JBSWY3DPEHPK3PXP';
const enrolment = {
  secret: SECRET,
  otpauthUrl: `otpauth://totp/School:a@b.c?secret=${SECRET}`,
  qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
};
const verified = (recoveryCodes?: string[]) => ({
  token: 'staff-token',
  expiresAt: new Date(Date.now() + 12 * 3_600_000).toISOString(),
  me: memberOf('admin'),
  ...(recoveryCodes ? { recoveryCodes } : {}),
});
const refused = (msg: string, status = 400) => ({
  status,
  body: { code: status, msg, data: null },
});
const bodyOf = (call: { init?: RequestInit }) => JSON.parse(String(call.init?.body)) as unknown;

function openSignIn(route = '/sign-in?next=%2Fstaff') {
  return renderWithProviders(
    <Routes>
      <Route path="/sign-in" element={<SignInPage />} />
      <Route path="/setup/:token" element={<SetupPage />} />
      <Route path="/staff" element={<p>staff screen</p>} />
      <Route path="/" element={<p>start screen</p>} />
    </Routes>,
    { route },
  );
}

async function typePassword(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('E-mail address'), ' Admin@Example.com ');
  await user.type(screen.getByLabelText('Password'), 'demo2026');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
}

beforeEach(async () => {
  await changeLanguage('en');
});
afterEach(() => {
  session.clear();
});

describe('staff sign-in', () => {
  it('asks for the password, then the code, and opens the page the member was going to', async () => {
    const user = userEvent.setup();
    const calls = stubFetch((url) =>
      url.endsWith('/auth/sign-in') ? ok({ step: 'code', ticket: 't1' }) : ok(verified()),
    );
    const { queryClient } = openSignIn();
    await typePassword(user);
    const code = await screen.findByLabelText('6-digit code');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    await user.type(code, '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('staff screen')).toBeInTheDocument();
    expect(calls.map((call) => call.url)).toEqual([
      '/api/ops/auth/sign-in',
      '/api/ops/auth/verify',
    ]);
    expect(bodyOf(calls[0]!)).toEqual({ email: 'admin@example.com', password: 'demo2026' });
    expect(bodyOf(calls[1]!)).toEqual({ ticket: 't1', code: '123456' });
    expect(session.getToken()).toBe('staff-token');
    expect(queryClient.getQueryData(meQuery().queryKey)).toMatchObject({ role: 'admin' });
  });

  it('checks the fields before sending anything', async () => {
    const user = userEvent.setup();
    const calls = stubFetch(() => ok(null));
    openSignIn();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findAllByText('Please enter the e-mail address.')).not.toHaveLength(0);
    expect(calls).toHaveLength(0);
  });

  it('shows a wrong password as the server says it and keeps the e-mail', async () => {
    const user = userEvent.setup();
    stubFetch(() => refused('The e-mail address or password is not right.'));
    openSignIn();
    await typePassword(user);
    expect(
      await screen.findAllByText('The e-mail address or password is not right.'),
    ).not.toHaveLength(0);
    expect((screen.getByLabelText('E-mail address') as HTMLInputElement).value).toContain(
      'Admin@Example.com',
    );
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });

  it('takes a recovery code instead of the app code', async () => {
    const user = userEvent.setup();
    const calls = stubFetch((url) =>
      url.endsWith('/auth/sign-in') ? ok({ step: 'code', ticket: 't2' }) : ok(verified()),
    );
    openSignIn('/sign-in');
    await typePassword(user);
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }));
    await user.type(screen.getByLabelText('Recovery code'), 'ABCDE-12345');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('start screen')).toBeInTheDocument();
    expect(bodyOf(calls[1]!)).toEqual({ ticket: 't2', recoveryCode: 'abcde12345' });
  });

  it('goes back to the password when the ticket ran out, saying why', async () => {
    const user = userEvent.setup();
    stubFetch((url) =>
      url.endsWith('/auth/sign-in')
        ? ok({ step: 'code', ticket: 't3' })
        : refused('This sign-in has expired. Please start again with your e-mail and password.'),
    );
    openSignIn();
    await typePassword(user);
    await user.type(await screen.findByLabelText('6-digit code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByText(/This sign-in has expired/)).toBeInTheDocument();
    expect(session.getToken()).toBeNull();
  });

  it('enrols a member without a second factor and shows the recovery codes once', async () => {
    const user = userEvent.setup();
    const codes = Array.from({ length: 10 }, (_, i) => `code${i}-abcde`);
    stubFetch((url) =>
      url.endsWith('/auth/sign-in')
        ? ok({ step: 'enrol', ticket: 't4', enrolment })
        : ok(verified(codes)),
    );
    openSignIn();
    await typePassword(user);
    expect(
      await screen.findByRole('heading', { name: 'Set up your authenticator app' }),
    ).toBeInTheDocument();
    const qr = screen.getByRole('img', { name: 'QR code for your authenticator app' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
    expect(screen.getByTestId('totp-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP');
    await user.type(screen.getByLabelText('The code your app shows'), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByRole('heading', { name: 'Save your recovery codes' }),
    ).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Recovery codes' });
    expect(list.querySelectorAll('li')).toHaveLength(10);
    // The session is kept at once; the console opens when the member says they saved the codes.
    expect(session.getToken()).toBe('staff-token');
    const open = screen.getByRole('button', { name: 'Open the console' });
    expect(open).toBeDisabled();
    await user.click(screen.getByLabelText('I have saved these codes somewhere safe'));
    await user.click(open);
    expect(await screen.findByText('staff screen')).toBeInTheDocument();
  });

  it('reads in Chinese', async () => {
    await changeLanguage('zh_CN');
    stubFetch(() => ok(null));
    openSignIn();
    expect(screen.getByRole('heading', { name: '登录' })).toBeInTheDocument();
    expect(screen.getByLabelText('邮箱地址')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '继续' })).toBeInTheDocument();
  });

  it('sends a member who is already signed in on', async () => {
    session.start('tok', new Date(Date.now() + 60_000).toISOString());
    stubFetch(() => ok(null));
    openSignIn();
    expect(await screen.findByText('staff screen')).toBeInTheDocument();
  });

  it('never follows a next that leaves the console', async () => {
    session.start('tok', new Date(Date.now() + 60_000).toISOString());
    stubFetch(() => ok(null));
    openSignIn('/sign-in?next=%2F%2Fevil.example');
    expect(await screen.findByText('start screen')).toBeInTheDocument();
  });
});

describe('the set-up link', () => {
  const info = { email: 'new@example.com', name: 'New Member', role: 'adviser' };

  it('says when the link cannot be used', async () => {
    stubFetch(() =>
      refused(
        'This set-up link is not valid or has expired. Please ask an administrator for a new one.',
        404,
      ),
    );
    openSignIn('/setup/old-token');
    expect(
      await screen.findByRole('heading', { name: 'This set-up link cannot be used' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/not valid or has expired/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to sign-in' })).toBeInTheDocument();
  });

  it('takes the name and a password, then enrols and opens the console', async () => {
    const user = userEvent.setup();
    const codes = Array.from({ length: 10 }, (_, i) => `setup${i}-code0`);
    const calls = stubFetch((url) => {
      if (url === '/api/ops/setup/tok-1') return ok(info);
      if (url === '/api/ops/setup') return ok({ step: 'enrol', ticket: 't5', enrolment });
      return ok(verified(codes));
    });
    openSignIn('/setup/tok-1');
    expect(await screen.findByText('new@example.com')).toBeInTheDocument();
    expect(screen.getByText('Role: Adviser')).toBeInTheDocument();
    const name = screen.getByLabelText('Your name');
    expect(name).toHaveValue('New Member');
    await user.type(screen.getByLabelText(/^Password/), 'weak');
    await user.type(screen.getByLabelText('Repeat the password'), 'weak');
    await user.click(screen.getByRole('button', { name: 'Continue to the authenticator app' }));
    expect(await screen.findAllByText(/The password needs 8 to 128 characters/)).not.toHaveLength(
      0,
    );
    await user.clear(screen.getByLabelText(/^Password/));
    await user.type(screen.getByLabelText(/^Password/), 'strong2026');
    await user.click(screen.getByRole('button', { name: 'Continue to the authenticator app' }));
    expect(await screen.findAllByText('The two passwords do not match.')).not.toHaveLength(0);
    await user.clear(screen.getByLabelText('Repeat the password'));
    await user.type(screen.getByLabelText('Repeat the password'), 'strong2026');
    await user.click(screen.getByRole('button', { name: 'Continue to the authenticator app' }));
    await user.type(await screen.findByLabelText('The code your app shows'), '111222');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await user.click(await screen.findByLabelText('I have saved these codes somewhere safe'));
    await user.click(screen.getByRole('button', { name: 'Open the console' }));
    expect(await screen.findByText('start screen')).toBeInTheDocument();
    const setup = calls.find((call) => call.url === '/api/ops/setup')!;
    expect(bodyOf(setup)).toEqual({ token: 'tok-1', name: 'New Member', password: 'strong2026' });
    await waitFor(() => expect(session.getToken()).toBe('staff-token'));
  });
});
