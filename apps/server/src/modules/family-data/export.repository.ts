import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/client';
import {
  avatars,
  courses,
  creditLedger,
  dataExports,
  enrollments,
  knownDevices,
  lessonComments,
  lessons,
  levels,
  memberships,
  messageLog,
  orders,
  parents,
  refunds,
  sessions,
  students,
  subjects,
  subscriptionPayments,
  teachers,
  topics,
} from '../../db/schema';

export type DataExportRow = typeof dataExports.$inferSelect;

// ---------------------------------------------------------------------------------------------
// The export's rows (data_exports). Every state change is one conditional statement, so two
// instances (or two clicks) never both win.
// ---------------------------------------------------------------------------------------------

/**
 * A queued export for the parent, unless one is queued or building already (the partial unique
 * index `data_exports_active_uq` decides, so parallel requests insert one row).
 */
export async function insertQueuedExport(
  db: DbOrTx,
  row: { parent_id: number; language: 'en' | 'zh_CN'; requested_at: Date },
): Promise<void> {
  await db.execute(sql`
    insert into data_exports (parent_id, language, requested_at)
    values (${row.parent_id}, ${row.language}, ${row.requested_at})
    on conflict (parent_id) where status in ('queued', 'building') do nothing`);
}

/** The parent's newest export, without its file. */
export async function findLatestExport(db: DbOrTx, parentId: number) {
  const [row] = await db
    .select({
      id: dataExports.id,
      status: dataExports.status,
      requested_at: dataExports.requested_at,
      ready_at: dataExports.ready_at,
      expires_at: dataExports.expires_at,
      downloaded_at: dataExports.downloaded_at,
      size_bytes: dataExports.size_bytes,
    })
    .from(dataExports)
    .where(eq(dataExports.parent_id, parentId))
    .orderBy(desc(dataExports.id))
    .limit(1);
  return row;
}

/**
 * Claims the oldest queued export, or one whose builder vanished (`building` since before
 * `staleBefore`, an instance that crashed): locked with SKIP LOCKED and moved to `building` in
 * one statement, so two instances running the job at once never claim the same row.
 */
export async function claimNextExport(
  db: DbOrTx,
  now: Date,
  staleBefore: Date,
): Promise<
  { id: number; parent_id: number; language: 'en' | 'zh_CN'; attempts: number } | undefined
> {
  const result = await db.execute(sql`
    update data_exports d
       set status = 'building', started_at = ${now}, attempts = d.attempts + 1, error = null
     where d.id = (
       select id from data_exports
        where status = 'queued' or (status = 'building' and started_at < ${staleBefore})
        order by requested_at, id
        limit 1
        for update skip locked)
    returning d.id, d.parent_id, d.language, d.attempts`);
  return rowsOf<{ id: number; parent_id: number; language: 'en' | 'zh_CN'; attempts: number }>(
    result,
  )[0];
}

/** Stores the built ZIP, if the claim (`attempts`) is still this builder's. */
export async function markExportReady(
  db: DbOrTx,
  claim: { id: number; attempts: number },
  ready: {
    tokenHash: string;
    fileName: string;
    file: Buffer;
    readyAt: Date;
    expiresAt: Date;
  },
): Promise<boolean> {
  const rows = await db
    .update(dataExports)
    .set({
      status: 'ready',
      token_hash: ready.tokenHash,
      file_name: ready.fileName,
      file: ready.file,
      size_bytes: ready.file.length,
      ready_at: ready.readyAt,
      expires_at: ready.expiresAt,
    })
    .where(
      and(
        eq(dataExports.id, claim.id),
        eq(dataExports.status, 'building'),
        eq(dataExports.attempts, claim.attempts),
      ),
    )
    .returning({ id: dataExports.id });
  return rows.length > 0;
}

/** A failed attempt: queued again, or `failed` for good after the last attempt. */
export async function markExportFailed(
  db: DbOrTx,
  claim: { id: number; attempts: number },
  error: string,
  final: boolean,
): Promise<void> {
  await db
    .update(dataExports)
    .set({
      status: final ? 'failed' : 'queued',
      error: error.slice(0, 500),
      token_hash: null,
      file: null,
      file_name: null,
      size_bytes: null,
      ready_at: null,
      expires_at: null,
    })
    .where(and(eq(dataExports.id, claim.id), eq(dataExports.attempts, claim.attempts)));
}

/**
 * Uses a download token once: the ready, unexpired export with that token hash becomes
 * `downloaded` and its file is dropped, returning the file. The row lock makes a second, parallel
 * use find the row no longer ready.
 */
export async function takeExportFile(
  db: DbOrTx,
  tokenHash: string,
  now: Date,
): Promise<{ file: Buffer; file_name: string } | undefined> {
  const result = await db.execute(sql`
    with hit as (
      select id, file, file_name from data_exports
       where token_hash = ${tokenHash} and status = 'ready' and expires_at > ${now}
       for update)
    update data_exports d
       set status = 'downloaded', downloaded_at = ${now}, file = null
      from hit
     where d.id = hit.id
    returning hit.file, hit.file_name`);
  const row = rowsOf<{ file: Buffer | Uint8Array; file_name: string }>(result)[0];
  return row && { file: Buffer.from(row.file), file_name: row.file_name };
}

/** Ready exports past their 7 days: `expired`, their files dropped. */
export async function expireExports(db: DbOrTx, now: Date): Promise<number> {
  const rows = await db
    .update(dataExports)
    .set({ status: 'expired', file: null })
    .where(and(eq(dataExports.status, 'ready'), sql`${dataExports.expires_at} <= ${now}`))
    .returning({ id: dataExports.id });
  return rows.length;
}

// ---------------------------------------------------------------------------------------------
// The family's data: one read model over the family's own rows (like the console's families
// search), read in one transaction so the files agree with each other. Nothing here writes.
// Secrets (password and token hashes, room keys, idempotency keys) and staff (ids, notes,
// refund reasons) are left out; a teacher appears by display name only.
// ---------------------------------------------------------------------------------------------

export function readParentProfile(db: DbOrTx, parentId: number) {
  return db
    .select({
      user_sn: parents.user_sn,
      country_code: parents.country_code,
      mobile: parents.mobile,
      name: parents.name,
      email: parents.email,
      wechat: parents.wechat,
      language: parents.language,
      time_zone: parents.time_zone,
      user_city: parents.user_city,
      user_country: parents.user_country,
      referer: parents.referer,
      referer_code: parents.referer_code,
      created_at: parents.created_at,
      updated_at: parents.updated_at,
      deletion_requested_at: parents.deletion_requested_at,
      deletion_due_at: parents.deletion_due_at,
    })
    .from(parents)
    .where(eq(parents.id, parentId));
}

export function readChildren(db: DbOrTx, parentId: number) {
  return db
    .select({
      student_sn: students.student_sn,
      nickname: students.nickname,
      birth_date: students.birth_date,
      avatar: avatars.url,
      created_at: students.created_at,
      deleted_at: students.deleted_at,
    })
    .from(students)
    .innerJoin(avatars, eq(avatars.id, students.avatar_id))
    .where(eq(students.parent_id, parentId))
    .orderBy(asc(students.id));
}

export function readEnrollments(db: DbOrTx, parentId: number) {
  return db
    .select({
      enrollment_sn: enrollments.enrollment_sn,
      student_sn: students.student_sn,
      subject_en: subjects.title_en,
      subject_zh: subjects.title_zh,
      level_en: levels.title_en,
      level_zh: levels.title_zh,
      class_type: courses.class_type,
      starts_at: enrollments.starts_at,
      cancelled_at: enrollments.cancelled_at,
      created_at: enrollments.created_at,
    })
    .from(enrollments)
    .innerJoin(students, eq(students.id, enrollments.student_id))
    .innerJoin(courses, eq(courses.id, enrollments.course_id))
    .innerJoin(subjects, eq(subjects.id, courses.subject_id))
    .innerJoin(levels, eq(levels.id, courses.level_id))
    .where(eq(enrollments.parent_id, parentId))
    .orderBy(asc(enrollments.id));
}

export function readLessons(db: DbOrTx, parentId: number) {
  return db
    .select({
      lesson_sn: lessons.lesson_sn,
      enrollment_sn: enrollments.enrollment_sn,
      student_sn: students.student_sn,
      subject_en: subjects.title_en,
      subject_zh: subjects.title_zh,
      level_en: levels.title_en,
      level_zh: levels.title_zh,
      topic_en: topics.title_en,
      topic_zh: topics.title_zh,
      lesson_number: lessons.lesson_number,
      starts_at: lessons.starts_at,
      ends_at: lessons.ends_at,
      required_credit: lessons.required_credit,
      leave_at: lessons.leave_at,
      cancelled_at: lessons.cancelled_at,
      cancel_reason: lessons.cancel_reason,
      entered_at: lessons.entered_at,
      attendance: lessons.attendance,
      teacher_name_en: teachers.name_en,
      teacher_name_zh: teachers.name_zh,
      teacher_note: lessons.teacher_note,
    })
    .from(lessons)
    .innerJoin(enrollments, eq(enrollments.id, lessons.enrollment_id))
    .innerJoin(students, eq(students.id, lessons.student_id))
    .innerJoin(courses, eq(courses.id, lessons.course_id))
    .innerJoin(subjects, eq(subjects.id, courses.subject_id))
    .innerJoin(levels, eq(levels.id, courses.level_id))
    .leftJoin(topics, eq(topics.id, lessons.topic_id))
    .leftJoin(teachers, eq(teachers.id, lessons.teacher_id))
    .where(eq(lessons.parent_id, parentId))
    .orderBy(asc(lessons.starts_at), asc(lessons.id));
}

export function readFeedback(db: DbOrTx, parentId: number) {
  return db
    .select({
      comment_sn: lessonComments.comment_sn,
      lesson_sn: lessons.lesson_sn,
      rating_halves: lessonComments.rating_halves,
      comment: lessonComments.comment,
      created_at: lessonComments.created_at,
    })
    .from(lessonComments)
    .innerJoin(lessons, eq(lessons.id, lessonComments.lesson_id))
    .where(eq(lessonComments.parent_id, parentId))
    .orderBy(asc(lessonComments.id));
}

export function readLedger(db: DbOrTx, parentId: number) {
  return db
    .select({
      event: creditLedger.event,
      paid_delta: creditLedger.paid_delta,
      reward_delta: creditLedger.reward_delta,
      reserved_delta: creditLedger.reserved_delta,
      title_en: creditLedger.title_en,
      title_zh: creditLedger.title_zh,
      created_at: creditLedger.created_at,
    })
    .from(creditLedger)
    .where(eq(creditLedger.parent_id, parentId))
    .orderBy(asc(creditLedger.id));
}

export function readOrders(db: DbOrTx, parentId: number) {
  return db
    .select({
      order_no: orders.order_no,
      kind: orders.kind,
      title_en: orders.title_en,
      title_zh: orders.title_zh,
      quantity: orders.quantity,
      extra_quantity: orders.extra_quantity,
      kids: orders.kids,
      amount_minor: orders.amount_minor,
      currency: orders.currency,
      status: orders.status,
      provider: orders.provider,
      pay_method: orders.pay_method,
      pay_method_name: orders.pay_method_name,
      username: orders.username,
      mobile: orders.mobile,
      email: orders.email,
      credit_minor: orders.credit_minor,
      refunded_minor: orders.refunded_minor,
      created_at: orders.created_at,
      paid_at: orders.paid_at,
      refunded_at: orders.refunded_at,
    })
    .from(orders)
    .where(eq(orders.parent_id, parentId))
    .orderBy(asc(orders.id));
}

export function readRefunds(db: DbOrTx, parentId: number) {
  return db
    .select({
      refund_no: refunds.refund_no,
      order_no: orders.order_no,
      amount_minor: refunds.amount_minor,
      currency: refunds.currency,
      credits_taken_back: refunds.credits_taken_back,
      status: refunds.status,
      requested_at: refunds.requested_at,
      confirmed_at: refunds.confirmed_at,
    })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.order_id))
    .where(eq(refunds.parent_id, parentId))
    .orderBy(asc(refunds.id));
}

export function readRenewals(db: DbOrTx, parentId: number) {
  return db
    .select({
      amount_minor: subscriptionPayments.amount_minor,
      currency: subscriptionPayments.currency,
      period_end: subscriptionPayments.period_end,
      paid_at: subscriptionPayments.paid_at,
    })
    .from(subscriptionPayments)
    .where(eq(subscriptionPayments.parent_id, parentId))
    .orderBy(asc(subscriptionPayments.id));
}

export function readMemberships(db: DbOrTx, parentId: number) {
  return db
    .select({
      title_en: memberships.title_en,
      title_zh: memberships.title_zh,
      kids: memberships.kids,
      price_minor: memberships.price_minor,
      currency: memberships.currency,
      starts_at: memberships.starts_at,
      ends_at: memberships.ends_at,
      cancelled_at: memberships.cancelled_at,
      cancel_at_period_end: memberships.cancel_at_period_end,
      paused_from: memberships.paused_from,
      paused_until: memberships.paused_until,
      pay_method_type: memberships.pay_method_type,
      pay_method_name: memberships.pay_method_name,
    })
    .from(memberships)
    .where(eq(memberships.parent_id, parentId))
    .orderBy(asc(memberships.id));
}

export function readSessions(db: DbOrTx, parentId: number) {
  return db
    .select({
      created_at: sessions.created_at,
      last_seen_at: sessions.last_seen_at,
      expires_at: sessions.expires_at,
      revoked_at: sessions.revoked_at,
    })
    .from(sessions)
    .where(eq(sessions.parent_id, parentId))
    .orderBy(asc(sessions.id));
}

export function readKnownDevices(db: DbOrTx, parentId: number) {
  return db
    .select({ created_at: knownDevices.created_at, last_used_at: knownDevices.last_used_at })
    .from(knownDevices)
    .where(eq(knownDevices.parent_id, parentId))
    .orderBy(asc(knownDevices.id));
}

export function readMessages(db: DbOrTx, parentId: number) {
  return db
    .select({
      channel: messageLog.channel,
      recipient_masked: messageLog.recipient_masked,
      kind: messageLog.kind,
      status: messageLog.status,
      created_at: messageLog.created_at,
    })
    .from(messageLog)
    .where(eq(messageLog.parent_id, parentId))
    .orderBy(asc(messageLog.id));
}

/** Months (`YYYY-MM` in `zone`) with a lesson or a ledger entry: one statement PDF each. */
export async function readActiveMonths(
  db: DbOrTx,
  parentId: number,
  zone: string,
): Promise<string[]> {
  const result = await db.execute(sql`
    select distinct to_char(at at time zone ${zone}, 'YYYY-MM') as month from (
      select starts_at as at from lessons where parent_id = ${parentId}
      union all
      select created_at as at from credit_ledger where parent_id = ${parentId}
    ) activity
    order by month`);
  return rowsOf<{ month: string }>(result).map((row) => row.month);
}
