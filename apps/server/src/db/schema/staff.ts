import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { STAFF_ROLES } from '@portal/shared/staff';
import { advisers } from './advisers';
import { creditLedger } from './credits';
import { parents } from './parents';
import { timestamps } from './platform';

/**
 * The school's staff (docs/product.md → Staff): not parents; their own table and sessions.
 * A member is `invited` until they set a password and enrol a second factor through their set-up
 * link; `disabled` members cannot sign in and have no live session.
 */
export const staff = pgTable(
  'staff',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    role: text('role', { enum: STAFF_ROLES }).notNull(),
    status: text('status', { enum: ['invited', 'active', 'disabled'] })
      .notNull()
      .default('invited'),
    /** scrypt, like the parents' (lib/passwords.ts); null until the set-up link is used. */
    password_hash: text('password_hash'),
    /** The TOTP secret, encrypted at rest (AES-256-GCM under STAFF_TOTP_KEY); null until enrolled. */
    totp_secret_enc: text('totp_secret_enc'),
    /** A secret shown for enrolment and not yet confirmed by a first code. */
    totp_pending_enc: text('totp_pending_enc'),
    /** The last accepted TOTP time step: a code is accepted once (RFC 6238 §5.2). */
    totp_last_step: integer('totp_last_step'),
    /** Consecutive wrong second-factor codes; at 5 sign-in is locked for 15 minutes. */
    failed_codes: integer('failed_codes').notNull().default(0),
    locked_until: timestamp('locked_until', { withTimezone: true }),
    /** An adviser's record in the parents' adviser list (the families they look after). */
    adviser_id: integer('adviser_id').references(() => advisers.id),
    ...timestamps,
  },
  (t) => [uniqueIndex('staff_email_uq').on(sql`lower(${t.email})`)],
);

/** Staff sessions: opaque tokens stored as SHA-256, 12 hours, revocable. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: serial('id').primaryKey(),
    staff_id: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull().unique(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    user_agent: text('user_agent'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    last_seen_at: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staff_id)],
);

/**
 * Single-use tokens of a staff member, stored as SHA-256: `setup` (the 48-hour set-up link of an
 * invitation, a new admin or a second-factor reset) and `sign-in` (the few minutes between a right
 * password and the second factor).
 */
export const staffTokens = pgTable(
  'staff_tokens',
  {
    id: serial('id').primaryKey(),
    staff_id: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['setup', 'sign-in'] }).notNull(),
    token_hash: text('token_hash').notNull().unique(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('staff_tokens_staff_idx').on(t.staff_id, t.purpose)],
);

/** Ten single-use recovery codes per enrolment, stored as SHA-256. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: serial('id').primaryKey(),
    staff_id: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    code_hash: text('code_hash').notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('staff_recovery_codes_uq').on(t.staff_id, t.code_hash)],
);

/**
 * The audit log: every staff write and every reveal of personal data, and every staff sign-in,
 * failure and lock. Append-only: no route changes it, and a trigger (migration 0011) refuses
 * UPDATE, DELETE and TRUNCATE. `parent_id` names the family an entry is about (its page lists
 * them); `staff_id` is null for a failed sign-in of an unknown address.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    staff_id: integer('staff_id').references(() => staff.id),
    /** e.g. `staff.sign-in`, `family.phone-revealed`, `credits.corrected` (packages/shared/staff). */
    action: text('action').notNull(),
    target_type: text('target_type'),
    target_id: text('target_id'),
    /** Not a foreign key: the entry outlives a deleted family. */
    parent_id: integer('parent_id'),
    ip: text('ip'),
    /** The changed fields before and after (never a password, code, token or secret). */
    before: jsonb('before'),
    after: jsonb('after'),
    /** Anything else worth keeping (a reason, an e-mail tried at a failed sign-in). */
    detail: jsonb('detail'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_staff_idx').on(t.staff_id, t.id),
    index('audit_log_action_idx').on(t.action, t.id),
    index('audit_log_parent_idx').on(t.parent_id, t.id),
    index('audit_log_target_idx').on(t.target_type, t.target_id, t.id),
  ],
);

/**
 * A staff credit correction: its ledger row (event `staff_correction`) plus who, why and the
 * form's idempotency key; the advisers' daily limit sums these per member and day.
 */
export const creditCorrections = pgTable(
  'credit_corrections',
  {
    id: serial('id').primaryKey(),
    ledger_id: integer('ledger_id')
      .notNull()
      .references(() => creditLedger.id),
    staff_id: integer('staff_id')
      .notNull()
      .references(() => staff.id),
    parent_id: integer('parent_id')
      .notNull()
      .references(() => parents.id),
    /** Credits granted (positive) or removed (negative). */
    delta: integer('delta').notNull(),
    reason: text('reason', {
      enum: ['goodwill', 'correction', 'lesson-problem', 'other'],
    }).notNull(),
    note: text('note').notNull().default(''),
    idempotency_key: text('idempotency_key').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('credit_corrections_idempotency_uq').on(t.staff_id, t.idempotency_key),
    index('credit_corrections_staff_day_idx').on(t.staff_id, t.created_at),
    index('credit_corrections_parent_idx').on(t.parent_id, t.id),
  ],
);

/**
 * Every SMS and e-mail sent to a parent through a provider, with its delivery state, so staff
 * can see what a family was told (the local outbox keeps bodies for development only).
 */
export const messageLog = pgTable(
  'message_log',
  {
    id: serial('id').primaryKey(),
    parent_id: integer('parent_id').references(() => parents.id, { onDelete: 'set null' }),
    channel: text('channel', { enum: ['sms', 'email'] }).notNull(),
    /** Masked (`+86 138****8000`, `p***@example.com`): the log never holds a full number. */
    recipient_masked: text('recipient_masked').notNull(),
    /** What it was: `sign-in-code`, `password-reset`, `lesson-reminder`… */
    kind: text('kind').notNull(),
    status: text('status', { enum: ['sent', 'failed', 'delivered'] }).notNull(),
    provider: text('provider').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('message_log_parent_idx').on(t.parent_id, t.id)],
);
