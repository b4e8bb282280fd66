import { describe, expect, it } from 'vitest';
import { PERMISSIONS, ROLE_PERMISSIONS, STAFF_ROLES, can, isPermission } from './permissions';

describe('staff permission matrix', () => {
  it.each([
    ['admin', 'staff.manage', true],
    ['admin', 'credits.correct', true],
    ['admin', 'lessons.own', false],
    ['adviser', 'families.read', true],
    ['adviser', 'credits.correct', true],
    ['adviser', 'staff.manage', false],
    ['adviser', 'audit.read', false],
    ['adviser', 'money.manage', false],
    ['adviser', 'orders.read', true],
    ['teacher', 'orders.read', false],
    ['teacher', 'money.manage', false],
    ['teacher', 'lessons.own', true],
    ['teacher', 'families.read', false],
    ['teacher', 'credits.correct', false],
  ] as const)('%s may %s: %s', (role, permission, allowed) => {
    expect(can(role, permission)).toBe(allowed);
  });

  it('gives every role its own account and names only known permissions', () => {
    for (const role of STAFF_ROLES) {
      expect(can(role, 'self.manage')).toBe(true);
      for (const permission of ROLE_PERMISSIONS[role]) expect(PERMISSIONS).toContain(permission);
    }
  });

  it('recognises permissions and nothing else', () => {
    expect(isPermission('families.read')).toBe(true);
    expect(isPermission('families')).toBe(false);
    expect(isPermission(undefined)).toBe(false);
  });
});
