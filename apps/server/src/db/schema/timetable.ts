import { index, integer, pgTable, serial, text, timestamp, date } from 'drizzle-orm/pg-core';
import { courses } from './catalogue';
import { enrollments } from './lessons';
import { teachers } from './teachers';

/**
 * A closure (issue #22): a date range (both ends included, dates in the school's zone,
 * SCHOOL_TIME_ZONE) when a course (`course_id`) or the whole school (null) holds no lessons.
 * Declaring one cancels the lessons in it; the generator skips its dates from then on.
 */
export const closures = pgTable(
  'closures',
  {
    id: serial('id').primaryKey(),
    closure_sn: text('closure_sn').notNull().unique(),
    course_id: integer('course_id').references(() => courses.id),
    starts_on: date('starts_on').notNull(),
    ends_on: date('ends_on').notNull(),
    reason_en: text('reason_en').notNull(),
    reason_zh: text('reason_zh').notNull(),
    created_by: integer('created_by'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('closures_range_idx').on(t.starts_on, t.ends_on)],
);

/**
 * An enrollment's own weekly slots after "move this and all following lessons": when an
 * enrollment has rows here they replace its course's slots for the generator (local weekday and
 * "HH:mm" in the course's zone). `teacher_id` overrides the course's teacher from then on.
 */
export const enrollmentSlots = pgTable(
  'enrollment_slots',
  {
    id: serial('id').primaryKey(),
    enrollment_id: integer('enrollment_id')
      .notNull()
      .references(() => enrollments.id, { onDelete: 'cascade' }),
    weekday: integer('weekday').notNull(),
    start_time: text('start_time').notNull(),
    teacher_id: integer('teacher_id').references(() => teachers.id),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('enrollment_slots_enrollment_idx').on(t.enrollment_id)],
);
