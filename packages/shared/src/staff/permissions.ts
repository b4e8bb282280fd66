/**
 * The school's staff roles and what each may do: one matrix, enforced by the server's staff edge
 * (`requireStaff(permission)` on every `/api/ops` route) and read by the console to hide what a
 * role cannot use. docs/product.md → Staff.
 */
export const STAFF_ROLES = ['admin', 'adviser', 'teacher'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const PERMISSIONS = [
  /** The staff member's own account: profile, sessions, second factor. */
  'self.manage',
  /** Find families and read a family's page (reveals personal data: audited). */
  'families.read',
  /** Edit a parent's or a child's details through the parents' own rules. */
  'families.write',
  /** Grant or take back credits with a reason, within the role's limit. */
  'credits.correct',
  /** Invite staff, change roles, disable accounts, reset second factors. */
  'staff.manage',
  /** Read the audit log. */
  'audit.read',
  /** The dashboard's figures. */
  'dashboard.read',
  /** Courses, classes, the timetable and the lesson generator. */
  'schedule.manage',
  /** Teachers' records and availability. */
  'teachers.manage',
  /** A teacher's own lessons: roster, attendance, notes. */
  'lessons.own',
  /** Orders and payments, the payments that need attention and a family's plan (read only). */
  'orders.read',
  /** Refunds, fulfilling by hand, cancelling plans, price lists and the books (issue #23). */
  'money.manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const ROLE_PERMISSIONS: Readonly<Record<StaffRole, readonly Permission[]>> = {
  admin: PERMISSIONS.filter((permission) => permission !== 'lessons.own'),
  adviser: [
    'self.manage',
    'families.read',
    'families.write',
    'credits.correct',
    'dashboard.read',
    'orders.read',
  ],
  teacher: ['self.manage', 'lessons.own'],
};

export function can(role: StaffRole, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

export function isPermission(value: unknown): value is Permission {
  return typeof value === 'string' && (PERMISSIONS as readonly string[]).includes(value);
}
