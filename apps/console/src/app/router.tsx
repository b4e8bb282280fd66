import { PageLoader, RouteErrorBoundary } from '@portal/web-kit/page';
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { CONSOLE_BASE, paths } from '../config/paths';
import { NotFoundPage } from '../components/not-found-page';
import { PublicLayout } from './layout/public-layout';
import { RequirePermission } from './layout/require-permission';
import { RequireSession } from './layout/require-session';
import { StartPage } from './layout/start-page';
import { CONSOLE_ROUTES } from './routes';

/**
 * The console's routes under /ops: the public pages in a small frame, every other screen inside
 * the signed-in frame behind the session and its permission (app/routes.tsx lists them).
 */
export const routes: RouteObject[] = [
  {
    element: <Outlet />,
    errorElement: <RouteErrorBoundary />,
    hydrateFallbackElement: <PageLoader />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          {
            path: paths.signIn,
            lazy: () =>
              import('../features/auth/components/sign-in-page').then((m) => ({
                Component: m.SignInPage,
              })),
          },
          {
            path: paths.setup,
            lazy: () =>
              import('../features/auth/components/setup-page').then((m) => ({
                Component: m.SetupPage,
              })),
          },
        ],
      },
      {
        element: <RequireSession />,
        children: [
          { index: true, element: <StartPage /> },
          ...CONSOLE_ROUTES.map(({ path, permission, screen }): RouteObject => ({
            path,
            element: <RequirePermission permission={permission} />,
            children: [{ index: true, lazy: async () => ({ Component: await screen() }) }],
          })),
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes, { basename: CONSOLE_BASE });
