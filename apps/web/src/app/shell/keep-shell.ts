import type { browserLanguage } from '@portal/shared/i18n';

/** What the page loads once the shell has painted (scripts/prerender.mjs). */
export interface ShellScripts {
  /** The app's entry module. */
  entry: string;
  /** Its static imports and the screen's code and language, fetched alongside it. */
  preload: string[];
}

/**
 * Runs inline in the pre-rendered sign-in page (decision 026), in place of the app's script tags.
 * The shell is `/` for a signed-out visitor in one language. When the visitor's language (stored
 * `lang`, else the browser's: the app's own rule, `browserLanguage`, passed in) is another one,
 * or a session is stored (the app will send the parent on), the shell is removed and the app
 * starts at once, as on every other page. Otherwise the app's code is requested once the shell has painted, so the
 * page's first paint does not share the connection with ~40 scripts; a hidden tab, or a browser
 * without paint timing, starts it at once or after a second. While the shell stays, a form sent
 * with Enter does not reload the page.
 *
 * Serialised with `toString()` into the page, so it uses nothing but its arguments and the
 * browser's globals.
 */
export function keepShell(
  shellLanguage: string,
  languages: readonly string[],
  normalize: (tag: string | undefined) => string | undefined,
  chooseLanguage: typeof browserLanguage,
  scripts: ShellScripts,
): void {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const href of scripts.preload) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = scripts.entry;
    document.head.append(script);
  };

  const root = document.getElementById('root');
  let stored: string | null = null;
  let token: string | null = null;
  try {
    stored = localStorage.getItem('lang');
    token = localStorage.getItem('token');
  } catch {
    // Storage can be unavailable (private mode): the app falls back to the browser language.
  }
  const language = chooseLanguage(stored, navigator.language, languages, normalize);
  if (!root || language !== shellLanguage || token) {
    root?.replaceChildren();
    root?.removeAttribute('data-shell');
    root?.removeAttribute('aria-disabled');
    start();
    return;
  }
  document.addEventListener(
    'submit',
    (event) => {
      if (root.hasAttribute('data-shell') && root.contains(event.target as Node))
        event.preventDefault();
    },
    true,
  );
  if (document.visibilityState !== 'visible') {
    start();
    return;
  }
  try {
    new PerformanceObserver((list, observer) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      start();
    }).observe({ type: 'paint', buffered: true });
  } catch {
    start();
  }
  setTimeout(start, 1000);
}
