import type { Permission } from '@portal/shared/staff';
import { Outlet } from 'react-router';
import { NotAllowed } from '../../components/not-allowed';
import { useMe } from '../../lib/use-me';

/** A screen's permission: without it the member reads "not allowed" (the server refuses too). */
export function RequirePermission({ permission }: { permission: Permission }) {
  const { can } = useMe();
  return can(permission) ? <Outlet /> : <NotAllowed />;
}
