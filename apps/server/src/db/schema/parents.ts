import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './platform';

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
    ...timestamps,
  },
  (t) => [
    uniqueIndex('parents_phone_uq').on(t.country_code, t.mobile),
    // One account per e-mail: the reset link must reach exactly one parent.
    uniqueIndex('parents_email_uq').on(sql`lower(${t.email})`),
    // The console's registrations per week and its families' date filter (decisions 044, 045).
    index('parents_created_idx').on(t.created_at),
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
