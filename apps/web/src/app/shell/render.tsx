import { browserLanguage, LANGUAGES, normalizeLanguage, type Language } from '@portal/shared/i18n';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { documentTitle } from '@portal/web-kit/page';
import { SignInPage } from '../../features/auth/components/sign-in-page';
import { HTML_LANG, i18n, loadLanguage } from '../../lib/i18n';
import { PublicLayout } from '../layouts/public-layout';
import { AppProvider } from '../provider';
import { keepShell, type ShellScripts } from './keep-shell';

export interface SignInShell {
  /** The sign-in page's markup, as the app's first render draws it. */
  markup: string;
  /** The document title the page sets once it runs. */
  title: string;
  htmlLang: string;
  /** The inline script that keeps or removes the shell and starts the app (keep-shell.ts). */
  script: string;
}

/**
 * Pre-renders `/` in one language at build time (scripts/prerender.mjs, decision 026): the same
 * providers, frame (the public layout route's) and screen the app renders there, so the page
 * paints before its JavaScript arrives.
 */
export async function renderSignInShell(
  language: Language,
  scripts: ShellScripts,
): Promise<SignInShell> {
  await loadLanguage(language);
  await i18n.changeLanguage(language);
  const markup = renderToString(
    <AppProvider>
      <StaticRouter location="/">
        <PublicLayout>
          <SignInPage />
        </PublicLayout>
      </StaticRouter>
    </AppProvider>,
  );
  return {
    markup,
    title: documentTitle(i18n.t('auth:signInTitle'), i18n.t('appName')),
    htmlLang: HTML_LANG[language],
    script: inlineKeepShell(language, scripts),
  };
}

/** keep-shell.ts as the page runs it: its source, called with literal arguments. */
export function inlineKeepShell(language: string, scripts: ShellScripts): string {
  const args = [
    JSON.stringify(language),
    JSON.stringify(LANGUAGES),
    normalizeLanguage.toString(),
    browserLanguage.toString(),
    JSON.stringify(scripts),
  ];
  return `(${keepShell.toString()})(${args.join(',')});`;
}
