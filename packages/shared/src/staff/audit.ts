/**
 * What the audit log records (docs/product.md → Staff → Audit log): every staff write, every
 * reveal of personal data, and every staff sign-in, failure and lock. The console filters by
 * these names and translates them (its `audit` texts).
 */
export const AUDIT_ACTIONS = [
  'staff.signed-in',
  'staff.sign-in-failed',
  'staff.locked',
  'staff.recovery-code-used',
  'staff.signed-out',
  'staff.session-revoked',
  'staff.setup-link-created',
  'staff.setup-completed',
  'staff.second-factor-enrolled',
  'staff.second-factor-reset',
  'staff.invited',
  'staff.updated',
  'staff.disabled',
  'staff.enabled',
  'family.viewed',
  'family.phone-revealed',
  'parent.updated',
  'parent.sessions-revoked',
  'child.updated',
  'credits.corrected',
  'catalogue.created',
  'catalogue.updated',
  'catalogue.retired',
  'agreement.updated',
  'teacher.created',
  'teacher.updated',
  'teacher.photo-uploaded',
  'teacher.time-off-added',
  'teacher.time-off-removed',
  'enrollment.created',
  'enrollment.ended',
  'lesson.moved',
  'lesson.series-moved',
  'lesson.cancelled',
  'lesson.substitute-assigned',
  'closure.declared',
  'lesson.teacher-entered',
  'lesson.attendance-marked',
  'lesson.note-written',
  // #23 money
  'order.fulfilled',
  'refund.requested',
  'membership.cancelled',
  'price.created',
  'price.updated',
  'price.retired',
  // #25 a parent deleting their account: asked for and cancelled by the parent (no staff
  // member: `staffId` null), erased by the erasure job. Never the erased data itself.
  'account.deletion-requested',
  'account.deletion-cancelled',
  'account.erased',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an entry is about. */
export const AUDIT_TARGETS = [
  'staff',
  'parent',
  'child',
  'session',
  'credit-correction',
  'subject',
  'level-group',
  'level',
  'topic',
  'course',
  'agreement',
  'teacher',
  'time-off',
  'enrollment',
  'lesson',
  'closure',
  // #23 money
  'order',
  'refund',
  'payment-event',
  'membership',
  'package',
  'plan',
  'credit-good',
] as const;
export type AuditTarget = (typeof AUDIT_TARGETS)[number];
