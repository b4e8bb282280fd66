import type { Language } from '@portal/shared/i18n';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { documentTitle } from '@portal/web-kit/page';
import { paths } from '../../config/paths';
import { SignInPage } from '../../features/auth/components/sign-in-page';
import { RechargePage } from '../../features/billing/components/recharge-page';
import { AttendClassNowPage } from '../../features/lessons/components/attend-class-now-page';
import { DashboardPage } from '../../features/lessons/components/dashboard-page';
import { HTML_LANG, i18n, loadLanguage } from '../../lib/i18n';
import { AccountLayout } from '../layouts/account-layout';
import { PublicLayout } from '../layouts/public-layout';
import { AppProvider } from '../provider';

/** A page the build pre-renders (scripts/prerender.mjs, decisions 026 and 052). */
export interface ShellPage {
  path: string;
  /** Its screen's module, as the build's manifest names it (its chunks are preloaded). */
  source: string;
  /** A signed-in screen: its frame and loading state, for a visitor with a session. */
  signedIn: boolean;
  /** The translation key of its title (the screen sets it in an effect, which does not run here). */
  title: string;
  render: () => ReactNode;
}

const ACCOUNT_LAYOUT = 'src/app/layouts/account-layout.tsx';

/**
 * The sign-in page, and the signed-in screens parents open most, drawn as the app's first render
 * draws them: the same providers, frame and screen. A signed-in screen has no data at build
 * time, so it is its frame (the header's figures still loading) and its title over the loading
 * state: the first paint of the visit, before any script has run.
 */
export const SHELL_PAGES: ShellPage[] = [
  {
    path: paths.signIn,
    source: 'src/features/auth/components/sign-in-page.tsx',
    signedIn: false,
    title: 'auth:signInTitle',
    render: () => (
      <PublicLayout>
        <SignInPage />
      </PublicLayout>
    ),
  },
  {
    path: paths.home.attendClassNow,
    source: 'src/features/lessons/components/attend-class-now-page.tsx',
    signedIn: true,
    title: 'lessons:upcomingTitle',
    render: () => (
      <AccountLayout>
        <AttendClassNowPage />
      </AccountLayout>
    ),
  },
  {
    path: paths.dashboard,
    source: 'src/features/lessons/components/dashboard-page.tsx',
    signedIn: true,
    title: 'lessons:dashboardTitle',
    render: () => (
      <AccountLayout>
        <DashboardPage />
      </AccountLayout>
    ),
  },
  {
    path: paths.recharge,
    source: 'src/features/billing/components/recharge-page.tsx',
    signedIn: true,
    title: 'billing:rechargeTitle',
    render: () => (
      <AccountLayout>
        <RechargePage />
      </AccountLayout>
    ),
  },
];

/** The modules a page loads beside the entry: its screen's, and the signed-in frame's. */
export const shellSources = (page: ShellPage): string[] =>
  page.signedIn ? [page.source, ACCOUNT_LAYOUT] : [page.source];

export interface RenderedShell {
  /** The page's markup, as the app's first render draws it. */
  markup: string;
  /** The document title the page sets once it runs. */
  title: string;
  htmlLang: string;
}

/** Renders one page in one language at build time. */
export async function renderShell(language: Language, page: ShellPage): Promise<RenderedShell> {
  await loadLanguage(language);
  await i18n.changeLanguage(language);
  const markup = renderToString(
    <AppProvider>
      <StaticRouter location={page.path}>{page.render()}</StaticRouter>
    </AppProvider>,
  );
  return {
    markup,
    title: documentTitle(i18n.t(page.title), i18n.t('appName')),
    htmlLang: HTML_LANG[language],
  };
}
