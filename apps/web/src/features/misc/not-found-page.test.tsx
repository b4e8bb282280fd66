import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../lib/i18n';
import { renderWithProviders } from '../../test/render';
import { NotFoundPage } from './not-found-page';

describe('not-found page', () => {
  it.each([
    ['en', 'Page not found', 'Go to sign in'],
    ['zh_CN', '页面不存在', '去登录'],
  ] as const)('in %s offers a way back to sign-in', async (language, heading, link) => {
    await changeLanguage(language);
    renderWithProviders(<NotFoundPage />, { route: '/nope' });
    expect(screen.getByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: link })).toHaveAttribute('href', '/');
  });
});
