import { Outlet, useLocation } from 'react-router';
import { SignInButton, SignInCallout } from '../../features/catalogue/components/sign-in-offer';
import { PublicLayout, useHasSession } from './public-layout';

/**
 * The layout route of the public catalogue pages (app/router.tsx): the public frame with a call
 * to sign in (in the header on wider screens, under the content on phones) — or, for a parent
 * with a session, the account menu (PublicLayout). One frame per page, as in PublicLayoutRoute.
 */
export function CatalogueLayoutRoute() {
  const { pathname } = useLocation();
  const signedIn = useHasSession();
  return (
    <PublicLayout key={pathname} actions={<SignInButton />}>
      <Outlet />
      {!signedIn && <SignInCallout />}
    </PublicLayout>
  );
}
