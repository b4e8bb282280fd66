import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { storage } from '../../../lib/storage';
import { profileFixture } from '../../../test/profile';
import { renderWithProviders, stubFetch } from '../../../test/render';
import { DashboardPage } from './dashboard-page';

const profile = profileFixture({ user_city: 'Shanghai', user_country: 'China', language: 'zh_CN' });

describe('the dashboard location (issue #19)', () => {
  beforeEach(() => storage.setToken('test-token'));
  afterEach(() => i18n.changeLanguage('en'));

  it('names the country in the interface language', async () => {
    await i18n.changeLanguage('zh_CN');
    stubFetch((url) =>
      url.includes('/api/user/profile')
        ? { body: { code: 200, msg: 'ok', data: profile } }
        : { status: 404, body: { code: 404, msg: '', data: null } },
    );
    renderWithProviders(<DashboardPage />, { route: '/index' });
    expect(await screen.findByText('Shanghai，中国')).toBeInTheDocument();
  });
});
