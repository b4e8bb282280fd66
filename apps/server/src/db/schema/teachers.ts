import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { bytea, timestamps } from './platform';
import { staff } from './staff';

/** One weekly window a teacher can teach: local weekday (Sun 0) and "HH:mm" times in their zone. */
export interface AvailabilityWindow {
  weekday: number;
  start: string;
  end: string;
}

/**
 * A teacher's profile (issue #22): a staff member with the `teacher` role, shown to parents on
 * lesson cards by name and photo. `photo` is `preset:<n>` (the fixed set under the web app's
 * /img/teachers) or `upload:<teacher_photos.id>` (served by the server from the database, never
 * from a path a user controls). `subject_ids` are the subjects they teach (cover suggestions).
 */
export const teachers = pgTable('teachers', {
  id: serial('id').primaryKey(),
  teacher_sn: text('teacher_sn').notNull().unique(),
  staff_id: integer('staff_id')
    .notNull()
    .unique()
    .references(() => staff.id),
  name_en: text('name_en').notNull(),
  name_zh: text('name_zh').notNull(),
  photo: text('photo').notNull().default('preset:1'),
  subject_ids: integer('subject_ids')
    .array()
    .notNull()
    .default(sql`'{}'::integer[]`),
  time_zone: text('time_zone').notNull(),
  availability: jsonb('availability').$type<AvailabilityWindow[]>().notNull().default([]),
  ...timestamps,
});

/** An uploaded teacher photo (≤ 1 MB, content type checked from the bytes). */
export const teacherPhotos = pgTable(
  'teacher_photos',
  {
    id: serial('id').primaryKey(),
    teacher_id: integer('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    content_type: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('teacher_photos_teacher_idx').on(t.teacher_id)],
);

/**
 * A teacher's time off as one date range (both ends included, dates in the teacher's zone): one
 * row for a three-week holiday. Lessons in it need cover; new lessons are refused there.
 */
export const teacherTimeOff = pgTable(
  'teacher_time_off',
  {
    id: serial('id').primaryKey(),
    teacher_id: integer('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    starts_on: date('starts_on').notNull(),
    ends_on: date('ends_on').notNull(),
    note: text('note').notNull().default(''),
    created_by: integer('created_by'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('teacher_time_off_teacher_idx').on(t.teacher_id, t.starts_on)],
);
