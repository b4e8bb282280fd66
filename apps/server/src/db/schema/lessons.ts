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
import { courses, topics } from './catalogue';
import { students } from './children';
import { parents } from './parents';
import { timestamps } from './platform';
import { teachers } from './teachers';

/**
 * A child's place in a course (spec §3 Enrolled course). Its weekly timetable is the course's
 * slots; lessons are generated from it for the coming weeks (lessons job).
 */
export const enrollments = pgTable(
  'enrollments',
  {
    id: serial('id').primaryKey(),
    enrollment_sn: text('enrollment_sn').notNull().unique(),
    parent_id: integer('parent_id')
      .notNull()
      .references(() => parents.id),
    student_id: integer('student_id')
      .notNull()
      .references(() => students.id),
    course_id: integer('course_id')
      .notNull()
      .references(() => courses.id),
    /** Lessons are generated from this instant on (the enrollment's first week). */
    starts_at: timestamp('starts_at', { withTimezone: true }).notNull(),
    cancelled_at: timestamp('cancelled_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('enrollments_parent_idx').on(t.parent_id, t.student_id),
    // The generator visits only enrollments still running.
    index('enrollments_active_idx')
      .on(t.id)
      .where(sql`${t.cancelled_at} is null`),
    // A course's capacity counts its running enrollments (migration 0013).
    index('enrollments_course_active_idx')
      .on(t.course_id)
      .where(sql`${t.cancelled_at} is null`),
  ],
);

/**
 * One lesson of an enrollment. Status is derived from time unless cancelled (docs/product.md →
 * Lessons and credits); `leave_at`, `entered_at` and `settled_at` record what happened. Credits:
 * `required_credit` is what the lesson holds in the ledger (0 when a plan covers the child).
 */
export const lessons = pgTable(
  'lessons',
  {
    id: serial('id').primaryKey(),
    lesson_sn: text('lesson_sn').notNull().unique(),
    enrollment_id: integer('enrollment_id')
      .notNull()
      .references(() => enrollments.id),
    parent_id: integer('parent_id')
      .notNull()
      .references(() => parents.id),
    student_id: integer('student_id')
      .notNull()
      .references(() => students.id),
    course_id: integer('course_id')
      .notNull()
      .references(() => courses.id),
    topic_id: integer('topic_id').references(() => topics.id),
    /** 1-based position in the course (spec `start_lessons` of `total_lessons`). */
    lesson_number: integer('lesson_number').notNull(),
    starts_at: timestamp('starts_at', { withTimezone: true }).notNull(),
    ends_at: timestamp('ends_at', { withTimezone: true }).notNull(),
    required_credit: integer('required_credit').notNull(),
    /** Secret part of the classroom room name: unguessable per lesson. */
    room_key: text('room_key').notNull(),
    leave_at: timestamp('leave_at', { withTimezone: true }),
    cancelled_at: timestamp('cancelled_at', { withTimezone: true }),
    /** First entry into the classroom: the child attended (no entry by the end is a no-show). */
    entered_at: timestamp('entered_at', { withTimezone: true }),
    /** When the settlement job consumed (or finished with) the lesson's credits. */
    settled_at: timestamp('settled_at', { withTimezone: true }),
    /** Who teaches this lesson: the course's (or enrollment's) teacher, or a substitute. */
    teacher_id: integer('teacher_id').references(() => teachers.id),
    /** The teacher a substitute covers for; null when the lesson has its own teacher. */
    substitute_for_id: integer('substitute_for_id').references(() => teachers.id),
    /**
     * Why the school cancelled it (LESSON_CANCEL_REASONS in @portal/shared/staff), e.g.
     * `teacher-ill`, `closure`, `teacher-absent`; null when not cancelled or cancelled before #22.
     */
    cancel_reason: text('cancel_reason'),
    /** The closure that cancelled it (closures.id). */
    closure_id: integer('closure_id'),
    /** The teacher's first entry into the classroom (late starts, "teacher absent"). */
    teacher_entered_at: timestamp('teacher_entered_at', { withTimezone: true }),
    /** The teacher's or an admin's mark, overriding `entered_at`: 'attended' | 'absent'. */
    attendance: text('attendance', { enum: ['attended', 'absent'] }),
    attendance_by: integer('attendance_by'),
    /** The teacher's short note for the parent, shown on the completed lesson. */
    teacher_note: text('teacher_note'),
    ...timestamps,
  },
  (t) => [
    // Two instances generating at once insert each lesson once.
    uniqueIndex('lessons_enrollment_number_uq').on(t.enrollment_id, t.lesson_number),
    index('lessons_student_time_idx').on(t.student_id, t.ends_at),
    index('lessons_parent_time_idx').on(t.parent_id, t.ends_at),
    // The console's dashboard: today's lessons and the leave window (decision 045).
    index('lessons_starts_idx').on(t.starts_at),
    // A teacher's week, conflicts and figures.
    index('lessons_teacher_time_idx').on(t.teacher_id, t.starts_at),
    index('lessons_course_time_idx').on(t.course_id, t.starts_at),
    // The settlement job's queue: ended lessons not yet settled.
    index('lessons_unsettled_idx')
      .on(t.ends_at)
      .where(sql`${t.settled_at} is null`),
  ],
);

/** Feedback on a completed lesson (spec §3 Comment): one per lesson, ratings in half steps. */
export const lessonComments = pgTable(
  'lesson_comments',
  {
    id: serial('id').primaryKey(),
    comment_sn: text('comment_sn').notNull().unique(),
    lesson_id: integer('lesson_id')
      .notNull()
      .references(() => lessons.id),
    parent_id: integer('parent_id')
      .notNull()
      .references(() => parents.id),
    /** Rating × 2 (2..10), so half stars stay exact integers. */
    rating_halves: integer('rating_halves').notNull(),
    comment: text('comment').notNull().default(''),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('lesson_comments_lesson_uq').on(t.lesson_id)],
);

/**
 * A parent's monthly plan (spec §3 My plan; docs/product.md → Plans). Granted and renewed by
 * the payment notifications (issue #6); while active, lessons of the first `kids` children
 * consume no credits.
 */
export const memberships = pgTable(
  'memberships',
  {
    id: serial('id').primaryKey(),
    parent_id: integer('parent_id')
      .notNull()
      .references(() => parents.id),
    title_en: text('title_en').notNull(),
    title_zh: text('title_zh').notNull(),
    kids: integer('kids').notNull(),
    /** Spec `member_type`: 0 none, 1 monthly pass. */
    member_type: integer('member_type').notNull().default(1),
    price_minor: integer('price_minor').notNull(),
    currency: text('currency').notNull().default('USD'),
    starts_at: timestamp('starts_at', { withTimezone: true }).notNull(),
    ends_at: timestamp('ends_at', { withTimezone: true }).notNull(),
    cancelled_at: timestamp('cancelled_at', { withTimezone: true }),
    /** 1 card, 2 mobile wallet (spec §3 My plan), with the card or wallet name. */
    pay_method_type: integer('pay_method_type').notNull().default(1),
    pay_method_name: text('pay_method_name').notNull().default(''),
    /** The order that bought it and the provider's subscription that renews it. */
    order_id: integer('order_id'),
    subscription_id: text('subscription_id'),
    /**
     * Renewals stop: the plan runs to `ends_at` and then ends (the provider's subscription was
     * set to cancel at the period's end; issue #23). Set by staff or, later, by the parent.
     */
    cancel_at_period_end: boolean('cancel_at_period_end').notNull().default(false),
    /**
     * A pause (issue #25): the plan's lessons in [paused_from, paused_until) go on leave with
     * nothing charged, and `ends_at` moved by the pause. One per period: `pause_period_ends_at`
     * is the `ends_at` of the period the last pause was taken in.
     */
    paused_from: timestamp('paused_from', { withTimezone: true }),
    paused_until: timestamp('paused_until', { withTimezone: true }),
    pause_period_ends_at: timestamp('pause_period_ends_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('memberships_parent_idx').on(t.parent_id, t.ends_at),
    // The dashboard's active members (decision 045).
    index('memberships_live_idx')
      .on(t.ends_at)
      .where(sql`${t.cancelled_at} is null`),
    uniqueIndex('memberships_order_uq')
      .on(t.order_id)
      .where(sql`${t.order_id} is not null`),
  ],
);
