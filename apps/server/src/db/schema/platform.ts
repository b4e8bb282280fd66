import {
  customType,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const timestamps = {
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};
export { timestamps };

/** Raw bytes (PostgreSQL `bytea`), read and written as a Buffer. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Messages the local SMS and e-mail providers "send" (docs/product.md → Outside services).
 * Read back by `GET /api/dev/outbox` so the demo and the tests can follow codes and links.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: serial('id').primaryKey(),
    channel: text('channel', { enum: ['sms', 'email'] }).notNull(),
    /** E.164 phone (+8613800138000) or e-mail address. */
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_messages_recipient_idx').on(t.recipient, t.id)],
);

/** Agreement texts (spec §9 types 2, 3, 4), one row per type and language, stored sanitised. */
export const agreements = pgTable(
  'agreements',
  {
    id: serial('id').primaryKey(),
    type: integer('type').notNull(),
    language: text('language', { enum: ['en', 'zh_CN'] }).notNull(),
    title: text('title').notNull(),
    content_html: text('content_html').notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('agreements_type_language_uq').on(t.type, t.language)],
);

/**
 * Fixed-window rate-limit counters shared by every server instance (nothing shared lives in
 * process memory: docs/architecture.md → Scale-out). Expired rows are overwritten in place by the
 * next hit.
 */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  reset_at: timestamp('reset_at', { withTimezone: true }).notNull(),
});

/** Small key/value facts about the database itself (e.g. when the demo data was created). */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  ...timestamps,
});
