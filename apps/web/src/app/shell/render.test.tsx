import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderShell, SHELL_PAGES } from './render';

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('the pre-rendered signed-in frame (decision 055)', () => {
  it.each(SHELL_PAGES.filter((page) => page.signedIn).map((page) => [page.path, page] as const))(
    'of %s has the wide screen’s header items and navigation, which CSS hides on a phone',
    async (_, page) => {
      // As the build draws it (scripts/prerender.mjs): in Node, without a window.
      vi.stubGlobal('window', undefined);
      const { markup } = await renderShell('en', page);
      vi.unstubAllGlobals();
      const container = document.body.appendChild(document.createElement('div'));
      container.innerHTML = markup;
      expect(container.querySelector('[aria-label="Language"]')).not.toBeNull();
      expect(container.querySelector('[aria-label="Open navigation"]')).not.toBeNull();
      if (page.path.startsWith('/home/children/'))
        expect(container.querySelector('[aria-label="Main navigation"]')).not.toBeNull();
    },
  );
});
