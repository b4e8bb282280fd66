import type { DrawnZone, ScreenDrawing } from '@portal/shared/api';
import type { Language } from '@portal/shared/i18n';
import type { Prefetch } from '@portal/web-kit/query-client';
import { dehydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { documentTitle } from '@portal/web-kit/page';
import { paths } from '../../config/paths';
import { SignInPage } from '../../features/auth/components/sign-in-page';
import { prefetchRecharge } from '../../features/billing/api/prefetch';
import { RechargePage } from '../../features/billing/components/recharge-page';
import { prefetchDashboard, prefetchUpcoming } from '../../features/lessons/api/prefetch';
import { AttendClassNowPage } from '../../features/lessons/components/attend-class-now-page';
import { DashboardPage } from '../../features/lessons/components/dashboard-page';
import { withServerAnswers, type ServerAnswer } from '../../lib/early-calls';
import { HTML_LANG, i18n, loadLanguage } from '../../lib/i18n';
import { createQueryClient } from '@portal/web-kit/query-client';
import { inTimeZone, timeDiff } from '@portal/web-kit/time';
import { AccountLayout } from '../layouts/account-layout';
import { PublicLayout } from '../layouts/public-layout';
import { AppProvider } from '../provider';

/** The languages the build pre-renders each page in, and its files (scripts/prerender.mjs). */
export { LANGUAGES } from '@portal/shared/i18n';
export { shellFile } from '@portal/shared/api';

/** A page the build pre-renders (scripts/prerender.mjs, decisions 026 and 052). */
export interface ShellPage {
  path: string;
  /** Its screen's module, as the build's manifest names it (its chunks are preloaded). */
  source: string;
  /** A signed-in screen: its frame and loading state, for a visitor with a session. */
  signedIn: boolean;
  /** The translation key of its title (the screen sets it in an effect, which does not run here). */
  title: string;
  /** A signed-in screen's first queries, as its route starts them (app/router.tsx). */
  prefetch?: Prefetch;
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
    prefetch: prefetchUpcoming,
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
    prefetch: prefetchDashboard,
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
    prefetch: prefetchRecharge,
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

/** `page` at `location` as the app's first render draws it, with the app's cache or `client`. */
function renderPage(page: ShellPage, location: string, client?: QueryClient): string {
  return renderToString(
    <AppProvider client={client}>
      <StaticRouter location={location}>{page.render()}</StaticRouter>
    </AppProvider>,
  );
}

/** Renders one page in one language at build time. */
export async function renderShell(language: Language, page: ShellPage): Promise<RenderedShell> {
  await loadLanguage(language);
  await i18n.changeLanguage(language);
  return {
    markup: renderPage(page, page.path),
    title: documentTitle(i18n.t(page.title), i18n.t('appName')),
    htmlLang: HTML_LANG[language],
  };
}

export interface DrawnScreen {
  /** The screen with the visitor's data, as the app draws it once its first queries answered. */
  markup: string;
  /** Those answers, for the app's cache (TanStack Query's dehydrated state). */
  state: DehydratedState;
  /** The offset from UTC the screen was drawn for (`time_diff`), in minutes east. */
  timeDiff: number;
}

/** One drawing at a time: the language and the answers are the process's for its duration. */
let drawingNow: Promise<unknown> = Promise.resolve();

/**
 * Draws a signed-in screen for one visitor on the server (decision 056): the screen's own first
 * queries run in a cache of their own, answered by `answer` (the server's API, for the visitor's
 * session), then the screen is drawn with them. Undefined when any of them was refused (an ended
 * session): the server sends the frame instead, and the app asks again.
 */
export function drawScreen(
  language: Language,
  page: ShellPage,
  url: URL,
  zone: DrawnZone,
  answer: ServerAnswer,
): Promise<DrawnScreen | undefined> {
  const prefetch = page.prefetch;
  if (!prefetch) throw new Error(`${page.path} is not a signed-in screen`);
  const draw = () =>
    inTimeZone(zone, async () => {
      await loadLanguage(language);
      await i18n.changeLanguage(language);
      const client = createQueryClient();
      client.setDefaultOptions({
        queries: { ...client.getDefaultOptions().queries, retry: false },
      });
      await withServerAnswers(answer, async () => {
        await Promise.resolve(prefetch(client, url)).catch(() => undefined);
        // Every query the prefetch started is in the cache once it returned.
        const fetches = client
          .getQueryCache()
          .getAll()
          .map((query) => query.promise);
        await Promise.allSettled(fetches);
      });
      const queries = client.getQueryCache().getAll();
      if (queries.length === 0 || queries.some((query) => query.state.status !== 'success'))
        return undefined;
      const markup = renderPage(page, url.pathname + url.search, client);
      return { markup, state: dehydrate(client), timeDiff: timeDiff() };
    });
  const drawn = drawingNow.then(draw, draw);
  drawingNow = drawn.catch(() => undefined);
  return drawn;
}

/** What the server loads from this module to draw a returning parent's screen. */
export const drawing = { SHELL_PAGES, drawScreen } satisfies ScreenDrawing;
