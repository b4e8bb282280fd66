import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { renderWithProviders } from '../../../test/render';
import { stubSignIn } from '../../../test/sign-in';
import { forgetLanguageChoice } from '../hooks/use-language-choice';
import { CodeSignInForm } from './code-sign-in-form';

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
