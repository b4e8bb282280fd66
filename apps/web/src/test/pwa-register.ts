import type { useRegisterSW as UseRegisterSW } from 'virtual:pwa-register/react';

/**
 * Stands in for vite-plugin-pwa's virtual module in unit tests (vitest.config.ts aliases it here;
 * the build's plugin provides the real one): no service worker, nothing to update. A test that
 * needs another answer mocks the module with `vi.mock('virtual:pwa-register/react', …)`.
 */
export const useRegisterSW: typeof UseRegisterSW = () => ({
  needRefresh: [false, () => undefined],
  offlineReady: [false, () => undefined],
  updateServiceWorker: () => Promise.resolve(),
});
