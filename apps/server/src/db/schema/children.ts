import { date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { parents } from './parents';
import { timestamps } from './platform';

/** Avatar pictures a parent picks for a child (spec §3 Avatar option); no photo uploads. */
export const avatars = pgTable('avatars', {
  id: serial('id').primaryKey(),
  url: text('url').notNull(),
  sort: integer('sort').notNull().default(0),
});

/**
 * A child profile: nickname, birth date and avatar only (docs/product.md → Children). Deleted
 * children keep their row (`deleted_at`) because lessons and the ledger refer to them.
 */
export const students = pgTable(
  'students',
  {
    id: serial('id').primaryKey(),
    student_sn: text('student_sn').notNull().unique(),
    parent_id: integer('parent_id')
      .notNull()
      .references(() => parents.id),
    nickname: text('nickname').notNull(),
    birth_date: date('birth_date', { mode: 'string' }).notNull(),
    avatar_id: integer('avatar_id')
      .notNull()
      .references(() => avatars.id),
    deleted_at: timestamp('deleted_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('students_parent_idx').on(t.parent_id)],
);
