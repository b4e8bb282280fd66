import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { forgetLanguageChoice } from '../../features/auth/hooks/use-language-choice';
import { SignInPage } from '../../features/auth/components/sign-in-page';
import { changeLanguage } from '../../lib/i18n';
import { renderWithProviders } from '../../test/render';
import { stubSignIn } from '../../test/sign-in';
import { PublicLayout } from './public-layout';

// The sign-in page in its frame, as the public layout route (and the pre-render) draws it: the
// language is picked in the frame's header.

const bodiesOf = (calls: { url: string; init?: RequestInit }[], path: string) =>
  calls
    .filter((call) => new URL(call.url, 'http://localhost').pathname === path)
    .map((call) => JSON.parse(String(call.init?.body)) as Record<string, unknown>);

beforeEach(async () => {
  await changeLanguage('en');
  localStorage.clear();
  forgetLanguageChoice();
});

const renderSignIn = () =>
  renderWithProviders(
    <PublicLayout>
      <SignInPage />
    </PublicLayout>,
  );

describe('the language picked on the sign-in page (decision 036)', () => {
  it('is sent with the sign-in, so it replaces the account language', async () => {
    const calls = stubSignIn();
    renderSignIn();
    const phone = screen.getByPlaceholderText('Phone number');
    const code = screen.getByPlaceholderText('6-digit code');
    fireEvent.click(screen.getByText('简体中文'));
    await screen.findByText('继续');
    fireEvent.change(phone, { target: { value: '13712345678' } });
    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: '继续' }));
    await waitFor(() => expect(bodiesOf(calls, '/api/verify-code-login')).toHaveLength(1));
    expect(bodiesOf(calls, '/api/verify-code-login')[0]).toMatchObject({ language: 'zh_CN' });
  });

  it('is not sent when the parent picked none (spec §4: the account keeps its language)', async () => {
    const calls = stubSignIn();
    renderSignIn();
    fireEvent.change(screen.getByPlaceholderText('Phone number'), {
      target: { value: '13712345678' },
    });
    fireEvent.change(screen.getByPlaceholderText('6-digit code'), {
      target: { value: '123456' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(bodiesOf(calls, '/api/verify-code-login')).toHaveLength(1));
    expect(bodiesOf(calls, '/api/verify-code-login')[0]).not.toHaveProperty('language');
  });
});
