import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../lib/i18n';
import { AppProvider } from '../provider';
import { routes } from '../router';
import { renderShell, SHELL_PAGES } from './render';

afterEach(async () => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
  await changeLanguage('en');
});

describe('the pre-rendered sign-in page (decision 026)', () => {
  it.each(['en', 'zh_CN'] as const)(
    'in %s has the elements the router draws at /, so the app takes them over',
    async (language) => {
      const shell = await renderShell(language, SHELL_PAGES[0]!);
      const container = document.body.appendChild(document.createElement('div'));
      container.innerHTML = shell.markup;
      const header = container.querySelector('header');
      const input = container.querySelector('input');
      const router = createMemoryRouter(routes, { initialEntries: ['/'] });
      await vi.waitFor(() => expect(router.state.initialized).toBe(true));

      // Generated ids (useId) differ between the pre-render's tree and the router's, as before
      // the layout routes: React keeps the shell's, which agree with each other.
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const recoverable = vi.fn();
      await act(async () => {
        hydrateRoot(
          container,
          <AppProvider>
            <RouterProvider router={router} />
          </AppProvider>,
          { onRecoverableError: recoverable },
        );
      });
      // A frame or screen the router draws otherwise would make React drop the shell.
      expect(recoverable).not.toHaveBeenCalled();
      expect(container.querySelector('header')).toBe(header);
      expect(container.querySelector('input')).toBe(input);
      expect(container.querySelector('footer')).not.toBeNull();
    },
  );

  it.each(
    SHELL_PAGES.filter((page) => page.signedIn).flatMap((page) =>
      (['en', 'zh_CN'] as const).map((language) => [page.path, language, page] as const),
    ),
  )('the signed-in frame of %s in %s has the title the screen draws', async (_, language, page) => {
    const shell = await renderShell(language, page);
    const container = document.body.appendChild(document.createElement('div'));
    container.innerHTML = shell.markup;
    const title = container.querySelector('main h1')?.textContent;
    expect(title).toBeTruthy();
    expect(shell.title.startsWith(`${title} · `)).toBe(true);
    expect(container.querySelector('header')).not.toBeNull();
  });
});
