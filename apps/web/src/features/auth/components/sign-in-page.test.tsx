import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { renderWithProviders, stubFetch } from '../../../test/render';
import { forgetLanguageChoice } from '../hooks/use-language-choice';
import { CodeSignInForm } from './code-sign-in-form';

const LOGIN = { token: 't'.repeat(43), status: 1, user_sn: 'P1' };

/** Answers the sign-in; the profile says the account's earlier language is English. */
function stubSignIn(
  loginAnswer: { status?: number; body: unknown } = { body: { code: 200, msg: 'ok', data: LOGIN } },
) {
  return stubFetch((url) => {
    const path = new URL(url, 'http://localhost').pathname;
    if (path === '/api/verify-code-login') return loginAnswer;
    if (path === '/api/user/profile')
      return { body: { code: 200, msg: 'ok', data: { language: 'en' } } };
    return { body: { code: 200, msg: 'ok', data: null } };
  });
}

beforeEach(async () => {
  await changeLanguage('en');
  localStorage.clear();
  forgetLanguageChoice();
});

describe('the code sign-in form', () => {
  it('says a wrong code at the code field, not only in a toast', async () => {
    stubSignIn({
      status: 400,
      body: { code: 400, msg: 'The verification code is wrong.', data: null },
    });
    renderWithProviders(<CodeSignInForm />);
    fireEvent.change(screen.getByPlaceholderText('Phone number'), {
      target: { value: '13712345678' },
    });
    const code = screen.getByPlaceholderText('6-digit code');
    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(code).toHaveAttribute('aria-invalid', 'true'));
    const describedBy = code.getAttribute('aria-describedby') ?? '';
    const described = describedBy
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent)
      .join(' ');
    expect(described).toContain('The verification code is wrong.');
  });

  it('sizes the code button to its label ("Resend in 60 s" was clipped)', () => {
    stubSignIn();
    renderWithProviders(<CodeSignInForm />);
    const button = screen.getByRole('button', { name: 'Send code' });
    expect(button.style.width).toBe('');
    expect(button.style.minWidth).toContain('8.125rem');
    expect(button.style.flexShrink).toBe('0');
  });
});
