import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './platform';

/**
 * A parent account, identified by calling code + mobile (decisions.md → Accounts).
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
    /** IANA zone given at sign-in, shown on the dashboard (decisions.md → Accounts). */
    time_zone: text('time_zone'),
    user_city: text('user_city'),
    user_country: text('user_country'),
    /** 0 until onboarding is done (spec §3 User profile). */
    status: integer('status').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('parents_phone_uq').on(t.country_code, t.mobile),
    index('parents_email_idx').on(sql`lower(${t.email})`),
  ],
);

/**
 * Bearer sessions: only the SHA-256 of the opaque token is stored (decisions.md → Accounts),
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
