import { and, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx, Transaction } from '../../db/client';
import { rowsOf } from '../../db/client';
import { parents, students } from '../../db/schema';

/*
 * The account-deletion module's SQL. The erasure statements reach the tables of several modules
 * on purpose: what is erased and what is kept is one policy (docs/retention.md), applied in one
 * transaction so an account is never left half erased, and the erasure test reads every table
 * afterwards to keep this list complete.
 */

/** Marks the deletion as asked for; false when one is already pending (or erased). */
export async function markDeletionRequested(
  db: DbOrTx,
  parentId: number,
  requestedAt: Date,
  dueAt: Date,
): Promise<boolean> {
  const rows = await db
    .update(parents)
    .set({ deletion_requested_at: requestedAt, deletion_due_at: dueAt, updated_at: requestedAt })
    .where(
      and(eq(parents.id, parentId), isNull(parents.deletion_due_at), isNull(parents.erased_at)),
    )
    .returning({ id: parents.id });
  return rows.length > 0;
}

/**
 * Clears a pending deletion; false when none is pending. The erasure job holds the parent's row
 * while it erases, so a cancel either lands first (the job then skips the row) or finds it erased.
 */
export async function clearDeletionRequest(
  db: DbOrTx,
  parentId: number,
  now: Date,
): Promise<{ requestedAt: Date | null } | undefined> {
  const [before] = await db
    .select({ requestedAt: parents.deletion_requested_at })
    .from(parents)
    .where(and(eq(parents.id, parentId), isNotNull(parents.deletion_due_at)))
    .for('update');
  if (!before) return undefined;
  const rows = await db
    .update(parents)
    .set({ deletion_requested_at: null, deletion_due_at: null, updated_at: now })
    .where(
      and(eq(parents.id, parentId), isNotNull(parents.deletion_due_at), isNull(parents.erased_at)),
    )
    .returning({ id: parents.id });
  return rows.length > 0 ? before : undefined;
}

export interface DueDeletion {
  id: number;
  user_sn: string;
  country_code: string;
  mobile: string;
  email: string | null;
  deletion_requested_at: Date | null;
}

/**
 * Claims one account whose grace period is over: the row stays locked until the transaction
 * ends, and a second instance skips it (SKIP LOCKED) and takes the next one.
 */
export async function claimDueDeletion(
  tx: Transaction,
  now: Date,
): Promise<DueDeletion | undefined> {
  const [row] = await tx
    .select({
      id: parents.id,
      user_sn: parents.user_sn,
      country_code: parents.country_code,
      mobile: parents.mobile,
      email: parents.email,
      deletion_requested_at: parents.deletion_requested_at,
    })
    .from(parents)
    .where(
      and(
        isNotNull(parents.deletion_due_at),
        lte(parents.deletion_due_at, now),
        isNull(parents.erased_at),
      ),
    )
    .orderBy(parents.deletion_due_at, parents.id)
    .limit(1)
    .for('update', { skipLocked: true });
  return row;
}

export async function findStudentIdsOfParent(db: DbOrTx, parentId: number): Promise<number[]> {
  const rows = await db
    .select({ id: students.id })
    .from(students)
    .where(eq(students.parent_id, parentId));
  return rows.map((row) => row.id);
}

/** A birth date nobody has: the column is required, the real one is erased. */
export const ERASED_BIRTH_DATE = '1900-01-01';

/**
 * Erases the personal data of one claimed account (docs/retention.md): what identifies the
 * parent, their children, what they wrote and what was sent to them. Orders, charges, refunds,
 * plans and ledger rows stay, pointing at the same (now anonymous) parent row.
 */
export async function erasePersonalData(
  tx: Transaction,
  account: DueDeletion,
  anonymousSn: string,
  now: Date,
): Promise<void> {
  const id = account.id;
  const phone = `+${account.country_code}${account.mobile}`;
  const email = account.email?.toLowerCase() ?? null;
  const statements = [
    // The phone is freed for a new registration: the unique (country_code, mobile) now holds
    // a value no phone can have.
    sql`update parents set user_sn = ${anonymousSn}, country_code = '', mobile = ${`erased:${id}`},
        password_hash = null, name = null, email = null, wechat = null, language = null,
        time_zone = null, user_city = null, user_country = null, referer = null,
        referer_code = null, last_student_sn = null, failed_password_attempts = 0,
        erased_at = ${now}, updated_at = ${now}
        where id = ${id}`,
    sql`update students set nickname = '', birth_date = ${ERASED_BIRTH_DATE},
        deleted_at = coalesce(deleted_at, ${now}), updated_at = ${now} where parent_id = ${id}`,
    sql`update lesson_comments set comment = '' where parent_id = ${id}`,
    sql`update lessons set teacher_note = null where parent_id = ${id} and teacher_note is not null`,
    sql`update registrations set child_nickname = null, params = '{}'::jsonb where parent_id = ${id}`,
    sql`update checkpoint_logs set user_sn = null where user_sn = ${account.user_sn}`,
    sql`update orders set username = null, mobile = null, email = null where parent_id = ${id}`,
    sql`update credit_corrections set note = '' where parent_id = ${id}`,
    sql`delete from sessions where parent_id = ${id}`,
    sql`delete from password_reset_tokens where parent_id = ${id}`,
    sql`delete from known_devices where parent_id = ${id}`,
    sql`delete from data_exports where parent_id = ${id}`,
    sql`delete from message_log where parent_id = ${id}`,
    sql`delete from verification_codes where country_code = ${account.country_code}
        and mobile = ${account.mobile}`,
    sql`delete from outbox_messages where recipient = ${phone}
        or (${email}::text is not null and lower(recipient) = ${email})`,
    // Rate-limit windows are keyed by the phone (`sms:phone-hour:+86…`, `signin:phone-ip:+86…|ip`).
    sql`delete from rate_limit_counters where key like ${`%:${phone}`} or key like ${`%:${phone}|%`}`,
  ];
  for (const statement of statements) await tx.execute(statement);
}

/** How many accounts wait for the erasure job (for tests and the job's log). */
export async function countDueDeletions(db: DbOrTx, now: Date): Promise<number> {
  const rows = rowsOf<{ count: number }>(
    await db.execute(
      sql`select count(*)::int as count from parents
          where deletion_due_at <= ${now} and erased_at is null`,
    ),
  );
  return rows[0]?.count ?? 0;
}
