import { act, fireEvent, screen } from '@testing-library/react';
import type { RegisterSWOptions } from 'virtual:pwa-register/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../lib/i18n';
import { renderWithProviders } from '../../test/render';
import { UPDATE_CHECK_MS, UpdatePrompt } from './update-prompt';

// vite-plugin-pwa's hook, as the build provides it: here it says whether a new build waits and
// hands the options back to the test (the registration callbacks).
const sw = vi.hoisted(() => ({
  needRefresh: false,
  options: undefined as RegisterSWOptions | undefined,
  updateServiceWorker: vi.fn<(reloadPage?: boolean) => Promise<void>>(),
}));
vi.mock('virtual:pwa-register/react', () => ({
  useRegisterSW: (options: RegisterSWOptions) => {
    sw.options = options;
    return {
      needRefresh: [sw.needRefresh, vi.fn()],
      offlineReady: [false, vi.fn()],
      updateServiceWorker: sw.updateServiceWorker,
    };
  },
}));

beforeEach(() => {
  sw.needRefresh = false;
  sw.options = undefined;
  sw.updateServiceWorker.mockReset().mockResolvedValue(undefined);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('UpdatePrompt', () => {
  it('shows nothing while the running build is the newest', async () => {
    await changeLanguage('en');
    renderWithProviders(<UpdatePrompt />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it.each([
    ['en', 'A new version is available — reload to use it.', 'Reload'],
    ['zh_CN', '有新版本可用，刷新即可使用。', '刷新'],
  ] as const)(
    'offers a waiting build and hands over to it on Reload (%s)',
    async (language, text, reload) => {
      await changeLanguage(language);
      sw.needRefresh = true;
      renderWithProviders(<UpdatePrompt />);
      expect(screen.getByRole('status')).toHaveTextContent(text);
      fireEvent.click(screen.getByRole('button', { name: reload }));
      expect(sw.updateServiceWorker).toHaveBeenCalledWith(true);
    },
  );

  it('asks for a new build hourly once registered, not while offline', async () => {
    await changeLanguage('en');
    vi.useFakeTimers();
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const update = vi.fn(() => Promise.resolve());
    renderWithProviders(<UpdatePrompt />);
    act(() =>
      sw.options?.onRegisteredSW?.('/sw.js', {
        update,
        installing: null,
      } as unknown as ServiceWorkerRegistration),
    );
    act(() => vi.advanceTimersByTime(UPDATE_CHECK_MS - 1));
    expect(update).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(update).toHaveBeenCalledTimes(1);
    online.mockReturnValue(false);
    act(() => vi.advanceTimersByTime(UPDATE_CHECK_MS));
    expect(update).toHaveBeenCalledTimes(1);
  });

  it('keeps a failed registration to a warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderWithProviders(<UpdatePrompt />);
    sw.options?.onRegisterError?.(new Error('blocked'));
    expect(warn).toHaveBeenCalledWith('service worker not registered', expect.any(Error));
  });
});
