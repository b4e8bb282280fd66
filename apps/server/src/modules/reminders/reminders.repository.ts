import { and, asc, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/client';
import {
  courses,
  lessonReminders,
  lessons,
  levels,
  parents,
  reminderSettings,
  students,
  subjects,
} from '../../db/schema';

export type ReminderRow = typeof lessonReminders.$inferSelect;
export type ReminderSettingsRow = typeof reminderSettings.$inferSelect;

export async function findSettings(
  db: DbOrTx,
  parentId: number,
): Promise<ReminderSettingsRow | undefined> {
  const [row] = await db
    .select()
    .from(reminderSettings)
    .where(eq(reminderSettings.parent_id, parentId));
  return row;
}

export async function upsertSettings(
  db: DbOrTx,
  parentId: number,
  values: Pick<ReminderSettingsRow, 'day_before' | 'soon' | 'quiet_hours'>,
  now: Date,
): Promise<void> {
  await db
    .insert(reminderSettings)
    .values({ parent_id: parentId, ...values, updated_at: now })
    .onConflictDoUpdate({
      target: reminderSettings.parent_id,
      set: { ...values, updated_at: now },
    });
}

/**
 * Inserts the reminders whose moment has arrived: one row per (lesson, kind, channel the parent
 * chose, start). The unique index makes a second planner at the same moment insert nothing, and
 * a moved lesson gets rows for its new start. `staleAfterMs`: a day-before reminder whose moment
 * passed longer ago than this (a lesson booked less than a day ahead) is not planned.
 */
export async function insertDueReminders(
  db: DbOrTx,
  now: Date,
  leads: { dayBeforeMs: number; soonMs: number; staleAfterMs: number },
): Promise<number[]> {
  const result = await db.execute(sql`
    with kinds(kind, lead_ms) as (
           values ('day_before', ${leads.dayBeforeMs}::bigint), ('soon', ${leads.soonMs}::bigint)),
         channels(channel) as (values ('sms'), ('email'))
    insert into lesson_reminders (lesson_id, parent_id, kind, channel, starts_at, created_at, updated_at)
    select l.id, l.parent_id, k.kind, c.channel, l.starts_at, ${now}, ${now}
      from lessons l
      left join reminder_settings s on s.parent_id = l.parent_id
      cross join kinds k
      cross join channels c
     where l.cancelled_at is null
       and l.leave_at is null
       and l.starts_at > ${now}
       and l.starts_at <= ${now}::timestamptz + make_interval(secs => ${leads.dayBeforeMs / 1000})
       and l.starts_at - make_interval(secs => k.lead_ms / 1000.0) <= ${now}
       and (k.kind = 'soon'
            or l.starts_at - make_interval(secs => k.lead_ms / 1000.0)
               > ${now}::timestamptz - make_interval(secs => ${leads.staleAfterMs / 1000}))
       and (case k.kind when 'day_before' then coalesce(s.day_before, 'email')
                        else coalesce(s.soon, 'sms') end) in (c.channel, 'both')
     order by l.id, k.kind, c.channel
    on conflict (lesson_id, kind, channel, starts_at) do nothing
    returning id`);
  return rowsOf<{ id: number }>(result).map((row) => Number(row.id));
}

/** The parent's reminder choices and every reminder planned or sent to them. */
export async function deleteParentReminders(db: DbOrTx, parentId: number): Promise<void> {
  await db.delete(lessonReminders).where(eq(lessonReminders.parent_id, parentId));
  await db.delete(reminderSettings).where(eq(reminderSettings.parent_id, parentId));
}

/**
 * Queued reminders nobody has touched since `before`: a send job lost between planning and the
 * queue, or a worker that died mid-send. Sending them again is safe (`sendReminder` claims).
 */
export async function findStaleQueuedIds(
  db: DbOrTx,
  before: Date,
  limit: number,
): Promise<number[]> {
  const rows = await db
    .select({ id: lessonReminders.id })
    .from(lessonReminders)
    .where(and(eq(lessonReminders.state, 'queued'), lte(lessonReminders.updated_at, before)))
    .orderBy(asc(lessonReminders.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** The reminder, locked for this transaction; undefined when another holds it (or it is gone). */
export async function lockReminder(db: DbOrTx, id: number): Promise<ReminderRow | undefined> {
  const [row] = await db
    .select()
    .from(lessonReminders)
    .where(eq(lessonReminders.id, id))
    .for('update', { skipLocked: true });
  return row;
}

export async function updateReminder(
  db: DbOrTx,
  id: number,
  values: Partial<Pick<ReminderRow, 'state' | 'attempts' | 'reason' | 'updated_at' | 'sent_at'>>,
): Promise<void> {
  await db.update(lessonReminders).set(values).where(eq(lessonReminders.id, id));
}

const lessonFields = {
  id: lessons.id,
  startsAt: lessons.starts_at,
  lessonNumber: lessons.lesson_number,
  cancelledAt: lessons.cancelled_at,
  leaveAt: lessons.leave_at,
  nickname: students.nickname,
  courseZone: courses.time_zone,
  subjectEn: subjects.title_en,
  subjectZh: subjects.title_zh,
  levelEn: levels.title_en,
  levelZh: levels.title_zh,
};

/** The lesson as it is now, with what a reminder names and whom it reaches. */
export async function findReminderLesson(db: DbOrTx, lessonId: number) {
  const [row] = await db
    .select({
      ...lessonFields,
      parent: {
        id: parents.id,
        email: parents.email,
        countryCode: parents.country_code,
        mobile: parents.mobile,
        language: parents.language,
        timeZone: parents.time_zone,
      },
    })
    .from(lessons)
    .innerJoin(parents, eq(parents.id, lessons.parent_id))
    .innerJoin(students, eq(students.id, lessons.student_id))
    .innerJoin(courses, eq(courses.id, lessons.course_id))
    .innerJoin(subjects, eq(subjects.id, courses.subject_id))
    .innerJoin(levels, eq(levels.id, courses.level_id))
    .where(eq(lessons.id, lessonId));
  return row;
}

export type ReminderLessonRow = NonNullable<Awaited<ReturnType<typeof findReminderLesson>>>;

/** The family's lessons that will take place between `from` and `to`, soonest first. */
export function findFamilyLessonsBetween(db: DbOrTx, parentId: number, from: Date, to: Date) {
  return db
    .select(lessonFields)
    .from(lessons)
    .innerJoin(students, eq(students.id, lessons.student_id))
    .innerJoin(courses, eq(courses.id, lessons.course_id))
    .innerJoin(subjects, eq(subjects.id, courses.subject_id))
    .innerJoin(levels, eq(levels.id, courses.level_id))
    .where(
      and(
        eq(lessons.parent_id, parentId),
        sql`${lessons.starts_at} > ${from}`,
        sql`${lessons.starts_at} <= ${to}`,
        sql`${lessons.cancelled_at} is null`,
        sql`${lessons.leave_at} is null`,
      ),
    )
    .orderBy(lessons.starts_at, lessons.id);
}

/** The parent's reminders planned since `since`, newest first. */
export function findDeliveries(db: DbOrTx, parentId: number, since: Date, limit: number) {
  return db
    .select({
      id: lessonReminders.id,
      kind: lessonReminders.kind,
      channel: lessonReminders.channel,
      state: lessonReminders.state,
      attempts: lessonReminders.attempts,
      reason: lessonReminders.reason,
      startsAt: lessonReminders.starts_at,
      updatedAt: lessonReminders.updated_at,
      sentAt: lessonReminders.sent_at,
      lessonNumber: lessons.lesson_number,
      nickname: students.nickname,
      subjectEn: subjects.title_en,
      subjectZh: subjects.title_zh,
      levelEn: levels.title_en,
      levelZh: levels.title_zh,
    })
    .from(lessonReminders)
    .innerJoin(lessons, eq(lessons.id, lessonReminders.lesson_id))
    .innerJoin(students, eq(students.id, lessons.student_id))
    .innerJoin(courses, eq(courses.id, lessons.course_id))
    .innerJoin(subjects, eq(subjects.id, courses.subject_id))
    .innerJoin(levels, eq(levels.id, courses.level_id))
    .where(and(eq(lessonReminders.parent_id, parentId), gte(lessonReminders.created_at, since)))
    .orderBy(desc(lessonReminders.id))
    .limit(limit);
}
