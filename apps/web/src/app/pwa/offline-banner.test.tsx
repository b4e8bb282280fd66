import { useQuery } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../lib/i18n';
import { renderWithProviders } from '../../test/render';
import { OfflineBanner } from './offline-banner';

/** Sets what navigator.onLine answers and sends the event the browser would send. */
function goOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

afterEach(() => vi.restoreAllMocks());

describe('OfflineBanner', () => {
  it('shows nothing while the browser is online', async () => {
    await changeLanguage('en');
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    renderWithProviders(<OfflineBanner />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it.each([
    ['en', 'You are offline: what you see may be out of date, and nothing can be sent.'],
    ['zh_CN', '您已离线：显示的内容可能不是最新的，也无法提交任何操作。'],
  ] as const)(
    'says so when the connection goes, and leaves when it is back (%s)',
    async (language, text) => {
      await changeLanguage(language);
      vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
      renderWithProviders(<OfflineBanner />);
      goOnline(false);
      expect(screen.getByRole('status')).toHaveTextContent(text);
      goOnline(true);
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
    },
  );

  it('shows at once on a page opened offline', async () => {
    await changeLanguage('en');
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderWithProviders(<OfflineBanner />);
    expect(screen.getByRole('status')).toHaveTextContent('You are offline');
  });

  it('fetches what failed again once the connection is back', async () => {
    await changeLanguage('en');
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValue('the lessons');
    function Lessons() {
      const query = useQuery({ queryKey: ['lessons'], queryFn: load });
      return <p>{query.isError ? 'failed' : (query.data ?? 'loading')}</p>;
    }
    renderWithProviders(
      <>
        <OfflineBanner />
        <Lessons />
      </>,
    );
    expect(await screen.findByText('failed')).toBeInTheDocument();
    goOnline(true);
    expect(await screen.findByText('the lessons')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
