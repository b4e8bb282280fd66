import { useQuery } from '@tanstack/react-query';
import { ListState } from '@portal/web-kit/list-state';
import { PageLoader } from '@portal/web-kit/page';
import { Navigate, useLocation } from 'react-router';
import { signInPath } from '../../config/paths';
import { session } from '../../lib/session';
import { meQuery } from '../../lib/use-me';
import { ConsoleLayout } from './console-layout';

/**
 * The signed-in frame's guard: without a staff token the member goes to sign-in (and comes back
 * here after); with one, the frame waits for `me` so every screen under it has the member.
 */
export function RequireSession() {
  const token = session.getToken();
  const location = useLocation();
  const me = useQuery({ ...meQuery(), enabled: token !== null });
  if (!token) return <Navigate to={signInPath(location.pathname + location.search)} replace />;
  return (
    <ListState query={me} loading={<PageLoader />}>
      {(data) => <ConsoleLayout me={data} />}
    </ListState>
  );
}
