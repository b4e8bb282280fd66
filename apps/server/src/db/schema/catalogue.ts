import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { timestamps } from './platform';
import { teachers } from './teachers';

/** Subjects taught (spec §3 Subject); titles and descriptions in both languages. */
export const subjects = pgTable('subjects', {
  id: serial('id').primaryKey(),
  title_en: text('title_en').notNull(),
  title_zh: text('title_zh').notNull(),
  description_en: text('description_en').notNull().default(''),
  description_zh: text('description_zh').notNull().default(''),
  /** Path of the subject's picture under the web app (e.g. /img/subjects/reading.svg). */
  img: text('img').notNull().default(''),
  sort: integer('sort').notNull().default(0),
  ...timestamps,
});

/** Groups of levels shown as one filter on the public schedule (e.g. "Beginner"). */
export const levelGroups = pgTable(
  'level_groups',
  {
    id: serial('id').primaryKey(),
    subject_id: integer('subject_id')
      .notNull()
      .references(() => subjects.id),
    title_en: text('title_en').notNull(),
    title_zh: text('title_zh').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('level_groups_subject_idx').on(t.subject_id)],
);

/** Spec §3 Level: an age range and description within a subject. */
export const levels = pgTable(
  'levels',
  {
    id: serial('id').primaryKey(),
    subject_id: integer('subject_id')
      .notNull()
      .references(() => subjects.id),
    level_group_id: integer('level_group_id')
      .notNull()
      .references(() => levelGroups.id),
    title_en: text('title_en').notNull(),
    title_zh: text('title_zh').notNull(),
    age_range_start: integer('age_range_start').notNull(),
    age_range_end: integer('age_range_end').notNull(),
    description_en: text('description_en').notNull().default(''),
    description_zh: text('description_zh').notNull().default(''),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('levels_subject_idx').on(t.subject_id, t.sort)],
);

/** Spec §3 Topic: a level's lessons go through its topics in `position` order. */
export const topics = pgTable(
  'topics',
  {
    id: serial('id').primaryKey(),
    level_id: integer('level_id')
      .notNull()
      .references(() => levels.id),
    position: integer('position').notNull(),
    title_en: text('title_en').notNull(),
    title_zh: text('title_zh').notNull(),
  },
  (t) => [index('topics_level_idx').on(t.level_id, t.position)],
);

/**
 * A course: a level taught in a class type with a weekly timetable. `required_credit` is charged
 * per lesson (spec `requried_credit`); `time_zone` is where the timetable's wall clock lives,
 * so slot instants follow that zone's daylight saving.
 */
export const courses = pgTable(
  'courses',
  {
    id: serial('id').primaryKey(),
    subject_id: integer('subject_id')
      .notNull()
      .references(() => subjects.id),
    level_id: integer('level_id')
      .notNull()
      .references(() => levels.id),
    class_type: text('class_type', { enum: ['one_on_one', 'small_group', 'group'] }).notNull(),
    required_credit: integer('required_credit').notNull(),
    duration_minutes: integer('duration_minutes').notNull(),
    total_lessons: integer('total_lessons').notNull(),
    time_zone: text('time_zone').notNull(),
    is_public: boolean('is_public').notNull().default(true),
    /** The course's teacher (a single lesson may have a substitute: lessons.teacher_id). */
    teacher_id: integer('teacher_id').references(() => teachers.id),
    /** Children a course takes at most (running enrollments); 1 for one-on-one. */
    capacity: integer('capacity').notNull().default(1),
    /** A retired course takes no new enrollments and leaves the public pages; never deleted. */
    retired_at: timestamp('retired_at', { withTimezone: true }),
    /**
     * Secret of the course's classroom rooms: a lesson's room key is derived from it and the
     * lesson's start, so every child of one class (and the teacher) meets in the same room.
     */
    room_secret: text('room_secret')
      .notNull()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
    ...timestamps,
  },
  (t) => [
    index('courses_public_idx').on(t.is_public, t.subject_id),
    index('courses_teacher_idx').on(t.teacher_id),
  ],
);

/** A weekly slot of a course: local weekday (Sun 0) and start "HH:mm" in the course's zone. */
export const courseSlots = pgTable(
  'course_slots',
  {
    id: serial('id').primaryKey(),
    course_id: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    weekday: integer('weekday').notNull(),
    start_time: text('start_time').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('course_slots_course_idx').on(t.course_id)],
);
