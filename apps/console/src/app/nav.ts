import type { Permission } from '@portal/shared/staff';
import { paths } from '../config/paths';

export interface NavItem {
  to: string;
  /** `<namespace>:<key>` of the feature's texts. */
  label: string;
  /** Hidden when the member's role lacks it. */
  permission: Permission;
}

/**
 * The navigation, in the order shown (one line per feature; see app/routes.tsx). The first item
 * the member may open is where the console starts.
 */
export const NAV_ITEMS: NavItem[] = [
  { to: paths.dashboard, label: 'dashboard:nav', permission: 'dashboard.read' },
  { to: paths.families, label: 'families:nav', permission: 'families.read' },
  { to: paths.timetable, label: 'timetable:nav', permission: 'schedule.manage' },
  { to: paths.catalogue, label: 'catalogue:nav', permission: 'schedule.manage' },
  { to: paths.orders, label: 'orders:nav', permission: 'orders.read' },
  { to: paths.prices, label: 'prices:nav', permission: 'money.manage' },
  { to: paths.books, label: 'books:nav', permission: 'money.manage' },
  { to: paths.audit, label: 'audit:nav', permission: 'audit.read' },
  { to: paths.staff, label: 'staff:nav', permission: 'staff.manage' },
  { to: paths.teachers, label: 'teachers:nav', permission: 'teachers.manage' },
  // A teacher (lessons.own, self.manage) starts on their week: it comes before the account.
  { to: paths.teaching, label: 'teaching:nav', permission: 'lessons.own' },
  { to: paths.account, label: 'account:nav', permission: 'self.manage' },
];

/** The items a member with these permissions sees. */
export function navFor(permissions: readonly Permission[]): NavItem[] {
  return NAV_ITEMS.filter((item) => permissions.includes(item.permission));
}
