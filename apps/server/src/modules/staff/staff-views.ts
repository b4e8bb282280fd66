import {
  ROLE_PERMISSIONS,
  type Permission,
  type StaffRole,
  type StaffStatus,
} from '@portal/shared/staff';
import type { StaffListRow, StaffRow } from './staff.repository';

/** The signed-in member as the console sees themselves: what their role may do included. */
export interface Me {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  permissions: Permission[];
}

/** A member in the staff list (docs/product.md → Staff → Staff management). */
export interface StaffMemberView {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  status: StaffStatus;
  /** Enrolled in TOTP: false for an invited member and after a reset, until the enrolment. */
  secondFactor: boolean;
  lastSignInAt: Date | null;
  createdAt: Date;
}

export function meOf(row: StaffRow): Me {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    permissions: [...ROLE_PERMISSIONS[row.role]],
  };
}

export function memberViewOf(row: StaffListRow): StaffMemberView {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    status: row.status,
    secondFactor: row.totp_secret_enc !== null,
    lastSignInAt: row.last_sign_in_at,
    createdAt: row.created_at,
  };
}
