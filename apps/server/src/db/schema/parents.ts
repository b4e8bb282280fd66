import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bytea, timestamps } from './platform';

/**
 * A parent account, identified by calling code + mobile (docs/product.md → Sign-in).
 * `user_sn` is the public id the API shows; `id` never leaves the server.
 */
export const parents = pgTable(
  'parents',
  {
    id: serial('id').primaryKey(),
    user_sn: text('user_sn').notNull().unique(),
    country_code: text('country_code').notNull(),
    mobile: text('mobile').notNull(),
    /** scrypt hash in PHC-like form; null until the parent sets a first password. */
    password_hash: text('password_hash'),
    name: text('name'),
    email: text('email'),
    wechat: text('wechat'),
    language: text('language', { enum: ['en', 'zh_CN'] }),
    /** IANA zone given at sign-in, shown on the dashboard (docs/product.md → Time zones). */
    time_zone: text('time_zone'),
    user_city: text('user_city'),
    user_country: text('user_country'),
    /** 0 until onboarding is done (spec §3 User profile). */
    status: integer('status').notNull().default(0),
    /** Who referred the parent (name shown on the dashboard) and the referral code they used. */
    referer: text('referer'),
    referer_code: text('referer_code'),
    /** The child the parent last selected (spec §3 `last_student_sn`). */
    last_student_sn: text('last_student_sn'),
    /**
     * Consecutive wrong passwords; at 100 password sign-in is locked until a code sign-in or a
     * reset (issue #3). Reset to 0 by any successful sign-in.
     */
    failed_password_attempts: integer('failed_password_attempts').notNull().default(0),
    /** The parent's course adviser (advisers.id); set at registration from the invite code. */
    adviser_id: integer('adviser_id'),
    /**
     * Self-service child limit raised by the course adviser (up to the cap of 6: docs/product.md →
     * Children limits).
     */
    child_limit_override: integer('child_limit_override'),
    /**
     * Account deletion (issue #25): asked for then, erased by the job at `deletion_due_at` (14
     * days later) unless the parent cancels; `erased_at` once personal data is gone (the row
     * stays, anonymous, for the financial records that must be kept).
     */
    deletion_requested_at: timestamp('deletion_requested_at', { withTimezone: true }),
    deletion_due_at: timestamp('deletion_due_at', { withTimezone: true }),
    erased_at: timestamp('erased_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('parents_phone_uq').on(t.country_code, t.mobile),
    // One account per e-mail: the reset link must reach exactly one parent.
    uniqueIndex('parents_email_uq').on(sql`lower(${t.email})`),
    // The console's registrations per week and its families' date filter (decisions 044, 045).
    index('parents_created_idx').on(t.created_at),
    // The erasure job's due deletions.
    index('parents_deletion_due_idx')
      .on(t.deletion_due_at)
      .where(sql`${t.deletion_due_at} is not null and ${t.erased_at} is null`),
  ],
);

/**
 * A parent's "Download my data" (issue #25): built in the background by a job that claims the
 * row (`FOR UPDATE SKIP LOCKED`, safe across instances), kept as one ZIP in the database (every
 * instance can serve it), downloadable once through a link whose token is stored hashed, for 7
 * days. At most one export is being built per parent.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: serial('id').primaryKey(),
    parent_id: integer('parent_id')
      .notNull()
      .references(() => parents.id),
    status: text('status', {
      enum: ['queued', 'building', 'ready', 'failed', 'downloaded', 'expired'],
    })
      .notNull()
      .default('queued'),
    /** The parent's language when asked (the README and the e-mail). */
    language: text('language', { enum: ['en', 'zh_CN'] }).notNull(),
    requested_at: timestamp('requested_at', { withTimezone: true }).notNull(),
    started_at: timestamp('started_at', { withTimezone: true }),
    ready_at: timestamp('ready_at', { withTimezone: true }),
    expires_at: timestamp('expires_at', { withTimezone: true }),
    downloaded_at: timestamp('downloaded_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    /** SHA-256 of the single-use download token (the link is e-mailed, never stored plain). */
    token_hash: text('token_hash').unique(),
    file_name: text('file_name'),
    file: bytea('file'),
    size_bytes: integer('size_bytes'),
  },
  (t) => [
    index('data_exports_parent_idx').on(t.parent_id, t.id),
    uniqueIndex('data_exports_active_uq')
      .on(t.parent_id)
      .where(sql`${t.status} in ('queued', 'building')`),
    index('data_exports_queue_idx')
      .on(t.requested_at)
      .where(sql`${t.status} = 'queued'`),
  ],
);

/**
 * Bearer sessions: only the SHA-256 of the opaque token is stored (docs/product.md → Sign-in),
 * so a database leak does not leak usable tokens.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    parent_id: integer('parent_id')
      .notNull()
      .references(() => parents.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull().unique(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    last_seen_at: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_parent_idx').on(t.parent_id)],
);

/**
 * SMS verification codes (docs/product.md → Sign-in): stored hashed, valid 5 minutes, single use,
 * at most 5 wrong tries. `scene` keeps sign-in and registration codes apart.
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: serial('id').primaryKey(),
    country_code: text('country_code').notNull(),
    mobile: text('mobile').notNull(),
    scene: text('scene', { enum: ['login', 'register'] }).notNull(),
    code_hash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumed_at: timestamp('consumed_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verification_codes_phone_idx').on(t.country_code, t.mobile, t.scene, t.id)],
);

/** One-time password-reset links sent by e-mail: 30 minutes, single use, stored hashed. */
export const passwordResetTokens = pgTable('password_reset_tokens', {
  id: serial('id').primaryKey(),
  parent_id: integer('parent_id')
    .notNull()
    .references(() => parents.id, { onDelete: 'cascade' }),
  token_hash: text('token_hash').notNull().unique(),
  expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  used_at: timestamp('used_at', { withTimezone: true }),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Browsers that signed in to a parent's account before (decision 030): the SHA-256 of a random
 * device token the browser keeps. A correct password from a known device passes the temporary
 * sign-in locks, so an attacker guessing passwords cannot lock the parent out.
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    id: serial('id').primaryKey(),
    parent_id: integer('parent_id')
      .notNull()
      .references(() => parents.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull().unique(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    last_used_at: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('known_devices_parent_idx').on(t.parent_id, t.last_used_at)],
);
