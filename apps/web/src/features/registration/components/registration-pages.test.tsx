import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { renderWithProviders, stubFetch } from '../../../test/render';
import { storage } from '../../../lib/storage';
import { allowCaptchaInTests, solvesTestChallenge, testChallenge } from '../../../test/captcha';
import { NewUserPage } from './new-user-page';
import { NewUserThanksPage } from './new-user-thanks-page';
import { SaleCardPage } from './sale-card-page';
import { ShareRegisterPage } from './share-register-page';

// The widget's proof of work runs on the test's thread (test/captcha.ts, decision 041).
vi.mock('altcha/workers/sha?worker', async () => ({
  default: (await import('../../../test/captcha')).InThreadCaptchaWorker,
}));
await allowCaptchaInTests();
const CHALLENGE = await testChallenge('challenge-id-0123456789');

const ADVISER = {
  name: 'Amy Chen',
  describe: 'Course adviser',
  email: 'amy@school.test',
  mobile: '13900000000',
  wechat: 'amy_chen_courses',
  qr_code: '',
};
const INVITE_INVALID = {
  status: 400,
  body: { code: 400, msg: 'This invitation link is not valid.', data: null },
};

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

function renderAt(route: string) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/newUser" element={<NewUserPage />} />
        <Route path="/shareRegister" element={<ShareRegisterPage />} />
        <Route path="/salecard" element={<SaleCardPage />} />
        <Route path="/nuinfo" element={<NewUserThanksPage />} />
        <Route path="*" element={null} />
      </Routes>
      <Where />
    </>,
    { route },
  );
}

type Answer = { status?: number; body: unknown };
function stubApi(overrides: Record<string, Answer> = {}) {
  return stubFetch((url) => {
    const path = new URL(url, 'http://localhost').pathname;
    if (overrides[path]) return overrides[path];
    switch (path) {
      case '/api/captcha':
        return { body: { code: 200, msg: 'ok', data: CHALLENGE } };
      case '/api/signUpUser':
        return {
          body: {
            code: 200,
            msg: 'ok',
            data: { user_sn: 'P1', invite_code: 'ADV2026', token: 'n'.repeat(43), status: 0 },
          },
        };
      case '/api/getSaleInfo':
        return { body: { code: 200, msg: 'ok', data: ADVISER } };
      case '/api/getShareImg':
        return {
          body: { code: 200, msg: 'ok', data: { list: ['/img/a.svg'], colour: '#fff1e6' } },
        };
      default:
        return { body: { code: 200, msg: 'ok', data: [] } };
    }
  });
}

const bodyOf = (calls: { url: string; init?: RequestInit }[], path: string) =>
  calls
    .filter((call) => call.url.includes(path))
    .map((call) => JSON.parse(String(call.init?.body)) as Record<string, unknown>);

beforeEach(async () => {
  await changeLanguage('en');
  await storage.clearSession();
});

describe('/newUser (spec §2, §5)', () => {
  it('goes back to sign-in without country_code and phone', async () => {
    stubApi();
    renderAt('/newUser?country_code=86');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/));
  });

  it('checks the e-mail on blur, then on every change', async () => {
    stubApi();
    renderAt('/newUser?country_code=86&phone=13712345678');
    const email = screen.getByLabelText(/E-mail/);
    fireEvent.blur(email);
    expect(await screen.findByText('Please enter your email.')).toBeVisible();
    fireEvent.change(email, { target: { value: 'li@' } });
    expect(await screen.findByText('Please enter the correct email address.')).toBeVisible();
    fireEvent.change(email, { target: { value: 'li@example.com' } });
    await waitFor(() =>
      expect(screen.queryByText('Please enter the correct email address.')).toBeNull(),
    );
  });

  it('solves the captcha when none is solved, and registers with landing page 13', async () => {
    const calls = stubApi();
    renderAt('/newUser?country_code=86&phone=13712345678&utm_campaign=autumn');
    fireEvent.change(screen.getByLabelText(/Your name/), { target: { value: 'Wang Fang' } });
    fireEvent.change(screen.getByLabelText(/E-mail/), { target: { value: 'wf@example.com' } });
    fireEvent.change(screen.getByPlaceholderText('6-digit code'), { target: { value: '123456' } });
    fireEvent.change(screen.getByLabelText(/Chat ID/), { target: { value: 'wf_88' } });
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));

    await waitFor(() =>
      expect(screen.getByTestId('where')).toHaveTextContent('/nuinfo?invite_code=ADV2026'),
    );
    const [body] = bodyOf(calls, '/api/signUpUser');
    expect(body).toMatchObject({
      nickname: 'Wang Fang',
      email: 'wf@example.com',
      mobile: '13712345678',
      country_code: '86',
      verification: '123456',
      wechat_id: 'wf_88',
      landingpage_id: 13,
      utm_source: 'pc',
      utm_medium: 'register',
      utm_campaign: 'autumn',
    });
    expect(body).not.toHaveProperty('phone');
    // The solution is the server's rule: the widget's payload solves the signed challenge.
    expect(await solvesTestChallenge(body!.captcha)).toBe(CHALLENGE.parameters.data.id);
    expect(bodyOf(calls, '/api/addCheckPointsLog')[0]).toEqual({
      type: 1,
      value: 'landingpage-id:13',
    });
  });

  it('solves a captcha of its own before asking for the registration code (decision 030)', async () => {
    const calls = stubApi();
    renderAt('/newUser?country_code=86&phone=13712345678');
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(bodyOf(calls, '/api/login/verify-code')).toHaveLength(1));
    const [body] = bodyOf(calls, '/api/login/verify-code');
    expect(body).toMatchObject({ country_code: '86', mobile: '13712345678', scene: 'register' });
    expect(await solvesTestChallenge(body!.captcha)).toBe(CHALLENGE.parameters.data.id);
  });

  it('keeps the 320 px popup open with a retry when the check cannot finish', async () => {
    stubApi({ '/api/captcha': { status: 503, body: { code: 503, msg: 'busy', data: null } } });
    renderAt('/newUser?country_code=86&phone=13712345678');
    fireEvent.change(screen.getByLabelText(/Your name/), { target: { value: 'Wang Fang' } });
    fireEvent.change(screen.getByLabelText(/E-mail/), { target: { value: 'wf@example.com' } });
    fireEvent.change(screen.getByPlaceholderText('6-digit code'), { target: { value: '123456' } });
    fireEvent.change(screen.getByLabelText(/Chat ID/), { target: { value: 'wf_88' } });
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    const dialog = await screen.findByRole('dialog', { name: 'Human check' });
    expect(await screen.findAllByText('The check did not finish.')).not.toHaveLength(0);
    expect(dialog).toBeVisible();
    expect(screen.getAllByRole('button', { name: 'Try again' }).length).toBeGreaterThan(0);
  });
});

describe('/shareRegister (spec §2)', () => {
  it('sends every link parameter with landing page 12 and +86, and records checkpoint 3', async () => {
    const calls = stubApi();
    renderAt('/shareRegister?invite_code=ADV2026&utm_campaign=x&utm_source=moments');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Claim your free trial lesson' }),
    ).toBeVisible();
    fireEvent.change(screen.getByPlaceholderText('Phone number'), {
      target: { value: '13712345678' },
    });
    fireEvent.change(screen.getByPlaceholderText('6-digit code'), { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Claim the free lesson' }));
    await waitFor(() =>
      expect(screen.getByTestId('where')).toHaveTextContent('/salecard?invite_code=ADV2026'),
    );
    expect(bodyOf(calls, '/api/signUpUser')[0]).toMatchObject({
      invite_code: 'ADV2026',
      code: 'ADV2026',
      utm_campaign: 'x',
      utm_source: 'moments',
      mobile: '13712345678',
      country_code: '86',
      verification: '654321',
      landingpage_id: 12,
    });
    expect(bodyOf(calls, '/api/addCheckPointsLog')[0]).toEqual({
      type: 3,
      value: 'landingpage-id:12',
    });
  });

  it('shows the floating claim button and scroll-to-top only after 500 px', async () => {
    stubApi();
    renderAt('/shareRegister');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('button', { name: 'Back to top' })).toBeNull();
    Object.defineProperty(window, 'scrollY', { value: 501, configurable: true });
    fireEvent.scroll(window);
    expect(await screen.findByRole('button', { name: 'Back to top' })).toBeVisible();
    expect(screen.getAllByRole('button', { name: 'Claim the free lesson' })).toHaveLength(2);
    Object.defineProperty(window, 'scrollY', { value: 500, configurable: true });
    fireEvent.scroll(window);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Back to top' })).toBeNull());
  });
});

describe('the landing page is real text and links (issue #19)', () => {
  it('makes the hero\'s drawn "Claim it now" a link to the form and "How it works" text', async () => {
    stubApi();
    renderAt('/shareRegister');
    const hero = await screen.findByRole('link', { name: 'Free trial lesson: claim it now' });
    expect(hero).toHaveAttribute('href', '#claim-form');
    fireEvent.click(hero);
    expect(screen.getByPlaceholderText('Phone number')).toHaveFocus();
    expect(screen.getByRole('heading', { level: 2, name: 'How it works' })).toBeVisible();
    expect(screen.getByText('Meet your course adviser')).toBeVisible();
  });

  it('says once that an unknown invite link is not valid, and registers without it', async () => {
    const calls = stubApi({ '/api/getSaleInfo': INVITE_INVALID });
    renderAt('/shareRegister?invite_code=NOPE');
    expect(
      await screen.findByText('This invitation link is not valid. You can still register below.'),
    ).toBeVisible();
    fireEvent.change(screen.getByPlaceholderText('Phone number'), {
      target: { value: '13712345678' },
    });
    fireEvent.change(screen.getByPlaceholderText('6-digit code'), { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Claim the free lesson' }));
    await waitFor(() => expect(bodyOf(calls, '/api/signUpUser')).toHaveLength(1));
    expect(bodyOf(calls, '/api/signUpUser')[0]).not.toHaveProperty('code');
  });

  it('/salecard with a bad link says one thing and leads to the registration form', async () => {
    stubApi({ '/api/getSaleInfo': INVITE_INVALID });
    renderAt('/salecard?invite_code=NOPE');
    expect(
      await screen.findByText(
        'This invitation link is not valid. You can still register for a free trial lesson.',
      ),
    ).toBeVisible();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Claim your free trial lesson' }),
    ).toBeVisible();
    expect(screen.queryByText(/reach them directly/)).toBeNull();
    expect(screen.queryByText('This invitation link is not valid.')).toBeNull();
    expect(screen.getByRole('link', { name: 'Claim the free lesson' })).toHaveAttribute(
      'href',
      '/shareRegister',
    );
  });
});

describe('after registering, signed in (docs/product.md → Registration and onboarding)', () => {
  it('keeps the session, says what was claimed and leads on to onboarding', async () => {
    stubApi();
    renderAt('/shareRegister?invite_code=ADV2026');
    fireEvent.change(await screen.findByPlaceholderText('Phone number'), {
      target: { value: '13712345678' },
    });
    fireEvent.change(screen.getByPlaceholderText('6-digit code'), { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Claim the free lesson' }));
    await waitFor(() =>
      expect(screen.getByTestId('where')).toHaveTextContent('/salecard?invite_code=ADV2026'),
    );
    expect(storage.getUserInfo()).toEqual({ token: 'n'.repeat(43), status: 0 });
    expect(await screen.findByText(/Your free trial lesson is claimed/)).toBeVisible();
    expect(await screen.findByText('Amy Chen')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Add your child' })).toHaveAttribute('href', '/sinadd');
    expect(screen.queryByRole('link', { name: 'Sign in to your account' })).toBeNull();
  });

  it('the thank-you page in Chinese says the same, signed in', async () => {
    await changeLanguage('zh_CN');
    storage.setUserInfo({ token: 'n'.repeat(43), status: 0 });
    stubApi();
    renderAt('/nuinfo?invite_code=ADV2026');
    expect(
      await screen.findByText('您已成功领取免费试听课，并已登录。课程顾问会尽快联系您预约课程。'),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: '添加孩子信息' })).toHaveAttribute('href', '/sinadd');
  });
});
