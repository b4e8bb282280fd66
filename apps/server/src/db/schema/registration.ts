import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { advisers } from './advisers';
import { parents } from './parents';

/**
 * Proof-of-work captcha challenges (decision 020): issued by `GET /api/captcha`, redeemed once
 * by sign-up. `used_at` is set by one atomic update, so a solution works exactly once.
 */
export const captchaChallenges = pgTable(
  'captcha_challenges',
  {
    /** Random 128-bit id, base64url; part of the solution the browser sends. */
    id: text('id').primaryKey(),
    salt: text('salt').notNull(),
    /** Leading zero bits SHA-256(salt + nonce) must have. */
    difficulty: integer('difficulty').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('captcha_challenges_expires_idx').on(t.expires_at)],
);

/**
 * How a parent registered (spec §7 signUpUser): the landing page, the invite code and every
 * other parameter of the landing page's address (utm_source, utm_campaign, …) as sent.
 */
export const registrations = pgTable('registrations', {
  id: serial('id').primaryKey(),
  parent_id: integer('parent_id')
    .notNull()
    .unique()
    .references(() => parents.id, { onDelete: 'cascade' }),
  /** Spec §9: 12 the share page, 13 the adviser registration form. */
  landingpage_id: integer('landingpage_id').notNull(),
  invite_code: text('invite_code'),
  adviser_id: integer('adviser_id').references(() => advisers.id),
  /** The child's name when the landing page asked for it, for the adviser's trial booking. */
  child_nickname: text('child_nickname'),
  params: jsonb('params').$type<Record<string, string>>().notNull().default({}),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Marketing checkpoints (spec §7 addCheckPointsLog): a landing page was opened (type 3, value
 * "landingpage-id:12"), the adviser registration was opened (type 1). No IP or phone is kept.
 */
export const checkpointLogs = pgTable(
  'checkpoint_logs',
  {
    id: serial('id').primaryKey(),
    type: integer('type').notNull(),
    value: text('value').notNull(),
    user_sn: text('user_sn'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('checkpoint_logs_type_idx').on(t.type, t.created_at)],
);
