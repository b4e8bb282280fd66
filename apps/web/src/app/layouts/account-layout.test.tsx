import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storage } from '../../lib/storage';
import { profileFixture } from '../../test/profile';
import { renderWithProviders, stubFetch } from '../../test/render';
import { AccountLayout } from './account-layout';

const media = window.matchMedia;

/** A window `width` px wide, as far as CSS media queries go (min-width in em, 16 px each). */
function screenWidth(width: number) {
  window.matchMedia = ((query: string) => {
    const minEm = /min-width:\s*([\d.]+)em/.exec(query);
    return { ...media(query), matches: minEm ? width >= Number(minEm[1]) * 16 : false };
  }) as typeof window.matchMedia;
}

function renderFrame() {
  stubFetch((url) =>
    url.includes('/api/user/profile')
      ? { body: { code: 200, msg: 'ok', data: profileFixture() } }
      : { body: { code: 200, msg: 'ok', data: [] } },
  );
  renderWithProviders(
    <AccountLayout>
      <p>screen</p>
    </AccountLayout>,
    { route: '/home/children/AttendClassNow' },
  );
}

describe('the signed-in frame draws what the width shows (decision 055)', () => {
  beforeEach(() => storage.setToken('test-token'));
  afterEach(() => {
    window.matchMedia = media;
    vi.restoreAllMocks();
  });

  it('on a wide screen: the header has the language and account menu, the navigation is beside', async () => {
    screenWidth(1280);
    renderFrame();
    expect(await screen.findByText('screen')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Language' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Account' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
  });

  it('on a phone: the menu button only; what CSS would hide is not drawn', async () => {
    screenWidth(390);
    renderFrame();
    expect(await screen.findByText('screen')).toBeInTheDocument();
    expect(screen.getByLabelText('Open navigation')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Language' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Account' })).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull();
  });
});
