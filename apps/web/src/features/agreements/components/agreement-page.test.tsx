import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { renderWithProviders, stubFetch } from '../../../test/render';
import { PrivacyPolicyPage } from './agreement-page';

const NOTHING_CONFIGURED = {
  company_name: null,
  support_email: null,
  support_phone: null,
  app_store_url: null,
  google_play_url: null,
};

const AGREEMENT = {
  type: 2,
  title: '隐私政策',
  content: '<p>我们尽量少收集。</p>',
  updated_at: '2026-09-01T00:00:00.000Z',
};

beforeEach(async () => {
  await changeLanguage('en');
});

describe('agreement page', () => {
  it.each([
    ['en', 'Privacy Policy', 'We collect little.'],
    ['zh_CN', '隐私政策', '我们尽量少收集。'],
  ] as const)('renders the %s title and HTML', async (language, title, text) => {
    await changeLanguage(language);
    const calls = stubFetch((url) =>
      url.startsWith('/api/dict/site')
        ? { body: { code: 200, msg: 'ok', data: NOTHING_CONFIGURED } }
        : {
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
          },
    );
    renderWithProviders(<PrivacyPolicyPage />);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(calls[0]!.url).toBe('/api/getAgreement?type=2');
    expect((calls[0]!.init!.headers as Record<string, string>).lang).toBe(language);
    expect(document.title).toContain(title);
  });

  it('dates the document and names the company and contact in the interface language', async () => {
    await changeLanguage('zh_CN');
    stubFetch((url) => ({
      body: {
        code: 200,
        msg: 'ok',
        data: url.startsWith('/api/dict/site')
          ? {
              ...NOTHING_CONFIGURED,
              company_name: '明桥教育科技有限公司',
              support_email: 'care@brightbridge-learning.com',
            }
          : AGREEMENT,
      },
    }));
    renderWithProviders(<PrivacyPolicyPage />);
    expect(await screen.findByText('生效日期：2026年9月1日')).toBeInTheDocument();
    expect(await screen.findByText('服务提供方：明桥教育科技有限公司')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'care@brightbridge-learning.com' })).toHaveAttribute(
      'href',
      'mailto:care@brightbridge-learning.com',
    );
  });

  it('shows no company or contact that is not configured', async () => {
    await changeLanguage('zh_CN');
    stubFetch((url) => ({
      body: {
        code: 200,
        msg: 'ok',
        data: url.startsWith('/api/dict/site') ? NOTHING_CONFIGURED : AGREEMENT,
      },
    }));
    renderWithProviders(<PrivacyPolicyPage />);
    expect(await screen.findByText('生效日期：2026年9月1日')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(/服务提供方/)).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: '对本文件有疑问' })).not.toBeInTheDocument();
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
