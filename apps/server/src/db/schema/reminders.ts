import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { lessons } from './lessons';
import { parents } from './parents';

/** How a reminder reaches the parent: `off`, or by SMS, e-mail or both (issue #24). */
export const REMINDER_CHANNEL_CHOICES = ['off', 'email', 'sms', 'both'] as const;

/**
 * A parent's lesson-reminder choices (issue #24). No row means the defaults: the day-before
 * reminder by e-mail, the 10-minute one by SMS, quiet hours on.
 */
export const reminderSettings = pgTable('reminder_settings', {
  parent_id: integer('parent_id')
    .primaryKey()
    .references(() => parents.id, { onDelete: 'cascade' }),
  day_before: text('day_before', { enum: REMINDER_CHANNEL_CHOICES }).notNull().default('email'),
  soon: text('soon', { enum: REMINDER_CHANNEL_CHOICES }).notNull().default('sms'),
  /** No SMS between 22:00 and 08:00 in the parent's zone, unless the lesson is in that window. */
  quiet_hours: boolean('quiet_hours').notNull().default(true),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One reminder message for one lesson's start (issue #24): planned once per (lesson, kind,
 * channel, start) — a moved lesson gets new rows for its new start and the old ones are never
 * sent — and carried through its delivery: `queued`, `sent`, `failed` (with the provider's
 * reason after the last attempt) or `skipped` (cancelled, moved, on leave, started, quiet hours).
 */
export const lessonReminders = pgTable(
  'lesson_reminders',
  {
    id: serial('id').primaryKey(),
    lesson_id: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    parent_id: integer('parent_id')
      .notNull()
      .references(() => parents.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['day_before', 'soon'] }).notNull(),
    channel: text('channel', { enum: ['sms', 'email'] }).notNull(),
    /** The lesson's start this reminder is for. */
    starts_at: timestamp('starts_at', { withTimezone: true }).notNull(),
    state: text('state', { enum: ['queued', 'sent', 'failed', 'skipped'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    /** The provider's reason of the last failure, or why it was skipped; never a phone or address. */
    reason: text('reason'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    sent_at: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('lesson_reminders_once_uq').on(t.lesson_id, t.kind, t.channel, t.starts_at),
    index('lesson_reminders_parent_idx').on(t.parent_id, t.id),
    index('lesson_reminders_queued_idx')
      .on(t.id)
      .where(sql`${t.state} = 'queued'`),
  ],
);

/**
 * A family's private calendar feed (issue #24): the URL's 256-bit token, kept only as its
 * SHA-256. Resetting replaces the row, so the old URL stops working at once.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  parent_id: integer('parent_id')
    .primaryKey()
    .references(() => parents.id, { onDelete: 'cascade' }),
  token_hash: text('token_hash').notNull().unique(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
