import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { renderWithProviders, stubFetch } from '../../../test/render';
import { PrivacyPolicyPage } from './agreement-page';

beforeEach(async () => {
  await changeLanguage('en');
});

describe('agreement page', () => {
  it.each([
    ['en', 'Privacy Policy', 'We collect little.'],
    ['zh_CN', '隐私政策', '我们尽量少收集。'],
  ] as const)('renders the %s title and HTML', async (language, title, text) => {
    await changeLanguage(language);
    const calls = stubFetch(() => ({
      body: {
        code: 200,
        msg: 'ok',
        data: {
          type: 2,
          title,
          content: `<h2>1.</h2><p>${text}</p>`,
          updated_at: '2026-11-01T00:00:00.000Z',
        },
      },
    }));
    renderWithProviders(<PrivacyPolicyPage />);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(calls[0]!.url).toBe('/api/getAgreement?type=2');
    expect((calls[0]!.init!.headers as Record<string, string>).lang).toBe(language);
    expect(document.title).toContain(title);
  });

  it('offers a retry when loading fails', async () => {
    stubFetch(() => ({
      status: 500,
      body: { code: 500, msg: 'Something went wrong.', data: null },
    }));
    renderWithProviders(<PrivacyPolicyPage />);
    expect(await screen.findByText('The document could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
