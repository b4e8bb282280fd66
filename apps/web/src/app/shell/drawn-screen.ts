import { ZONE_COOKIE } from '@portal/shared/api';
import { LANGUAGE_COOKIE } from '@portal/shared/i18n';
import { currentLanguage, i18n } from '@portal/web-kit/i18n';
import { browserTimeZone } from '@portal/web-kit/time';
import { hydrate, type QueryClient } from '@tanstack/react-query';

const A_YEAR_S = 365 * 24 * 60 * 60;

/** A cookie of the whole site that the server reads and the page's scripts may too. */
function remember(name: string, value: string): void {
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${A_YEAR_S}; samesite=lax${secure}`;
}

/**
 * A screen the server drew with the parent's data (decision 056) holds the answers it was drawn
 * with: they go into the app's cache before the app draws, so its first render shows the same
 * screen and asks for nothing again.
 */
export function takeDrawnAnswers(client: QueryClient, root: HTMLElement): void {
  const answers = root.hasAttribute('data-drawn') ? root.querySelector('#drawn-state') : null;
  if (!answers?.textContent) return;
  try {
    hydrate(client, JSON.parse(answers.textContent));
  } catch {
    // Not ours to read: the screen's own queries ask.
  }
}

/**
 * Remembers for the server what it draws the next visit's screen in: the browser's zone (its
 * first read is slow: decision 053, so call this in a task of its own) and the app's language,
 * now and whenever the parent changes it. The browser may ask for another language than the
 * one the parent chose in the app.
 */
export function rememberForServer(): void {
  const zone = browserTimeZone();
  if (zone) remember(ZONE_COOKIE, zone);
  remember(LANGUAGE_COOKIE, currentLanguage());
  i18n.on('languageChanged', () => remember(LANGUAGE_COOKIE, currentLanguage()));
}
