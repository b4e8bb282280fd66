import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../lib/i18n';
import { renderWithProviders, stubFetch } from '../test/render';
import { AppBadges } from './app-badges';

const site = (stores: { app_store_url?: string; google_play_url?: string }) => ({
  body: {
    code: 200,
    msg: 'ok',
    data: {
      company_name: null,
      support_email: null,
      support_phone: null,
      app_store_url: null,
      google_play_url: null,
      ...stores,
    },
  },
});

beforeEach(async () => {
  await changeLanguage('en');
});

describe('store badges (issue #19: configured store pages only)', () => {
  it("link the app's configured pages, named in the interface language", async () => {
    await changeLanguage('zh_CN');
    stubFetch(() =>
      site({
        app_store_url: 'https://apps.apple.com/app/id1234567890',
        google_play_url: 'https://play.google.com/store/apps/details?id=school.lessons',
      }),
    );
    renderWithProviders(<AppBadges />);
    expect(await screen.findByRole('link', { name: '在 App Store 下载' })).toHaveAttribute(
      'href',
      'https://apps.apple.com/app/id1234567890',
    );
    expect(screen.getByRole('link', { name: '在 Google Play 下载' })).toHaveAttribute(
      'href',
      'https://play.google.com/store/apps/details?id=school.lessons',
    );
    expect(screen.queryByText('Download on the')).not.toBeInTheDocument();
  });

  it('show no badge for a store that is not configured', async () => {
    stubFetch(() => site({ google_play_url: 'https://play.google.com/store/apps/details?id=x' }));
    renderWithProviders(<AppBadges />);
    expect(await screen.findByRole('link', { name: 'Get it on Google Play' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Download on the App Store' })).toBeNull();
  });
});
