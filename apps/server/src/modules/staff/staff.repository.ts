import {
  and,
  count,
  desc,
  eq,
  gt,
  ilike,
  inArray,
  isNull,
  lt,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { StaffRole, StaffStatus } from '@portal/shared/staff';
import type { DbOrTx } from '../../db/client';
import { likePattern } from '../../db/like';
import { staff, staffRecoveryCodes, staffSessions, staffTokens } from '../../db/schema';

export type StaffRow = typeof staff.$inferSelect;
export type StaffTokenPurpose = (typeof staffTokens.$inferInsert)['purpose'];

export async function findStaffById(db: DbOrTx, id: number): Promise<StaffRow | undefined> {
  const [row] = await db.select().from(staff).where(eq(staff.id, id)).limit(1);
  return row;
}

/** Addresses compare without case (the unique index is on lower(email)). */
export async function findStaffByEmail(db: DbOrTx, email: string): Promise<StaffRow | undefined> {
  const [row] = await db
    .select()
    .from(staff)
    .where(sql`lower(${staff.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row;
}

/** The new member's id, or undefined when the address is taken (the unique index decides). */
export async function insertStaff(
  db: DbOrTx,
  values: {
    email: string;
    name: string;
    role: StaffRole;
    status: StaffStatus;
    password_hash?: string | null;
  },
  now: Date,
): Promise<number | undefined> {
  const [row] = await db
    .insert(staff)
    .values({ ...values, created_at: now, updated_at: now })
    .onConflictDoNothing()
    .returning({ id: staff.id });
  return row?.id;
}

export async function updateStaffRow(
  db: DbOrTx,
  id: number,
  patch: Partial<Omit<StaffRow, 'id' | 'created_at' | 'updated_at'>>,
  now: Date,
): Promise<void> {
  await db
    .update(staff)
    .set({ ...patch, updated_at: now })
    .where(eq(staff.id, id));
}

/**
 * Counts one wrong second-factor code, atomically: at `maxFailures` the member is locked until
 * `lockUntil` and the count starts again. A member already locked at `now` is left as is (codes
 * tried in parallel with the one that locked them do not lock them again).
 */
export async function countWrongCode(
  db: DbOrTx,
  id: number,
  maxFailures: number,
  now: Date,
  lockUntil: Date,
): Promise<'counted' | 'locked-now' | 'already-locked'> {
  const reaches = sql`${staff.failed_codes} + 1 >= ${maxFailures}`;
  const [row] = await db
    .update(staff)
    .set({
      failed_codes: sql`case when ${reaches} then 0 else ${staff.failed_codes} + 1 end`,
      locked_until: sql`case when ${reaches} then ${lockUntil.toISOString()}::timestamptz else ${staff.locked_until} end`,
    })
    .where(and(eq(staff.id, id), or(isNull(staff.locked_until), lte(staff.locked_until, now))))
    .returning({ lockedUntil: staff.locked_until });
  if (!row) return 'already-locked';
  return row.lockedUntil?.getTime() === lockUntil.getTime() ? 'locked-now' : 'counted';
}

/**
 * Accepts a TOTP time step once: true when `step` is after the last accepted one (and records
 * it, clearing the wrong-code count), false for a code already used.
 */
export async function acceptTotpStep(db: DbOrTx, id: number, step: number): Promise<boolean> {
  const rows = await db
    .update(staff)
    .set({ totp_last_step: step, failed_codes: 0 })
    .where(and(eq(staff.id, id), or(isNull(staff.totp_last_step), lt(staff.totp_last_step, step))))
    .returning({ id: staff.id });
  return rows.length === 1;
}

// ---------------------------------------------------------------------------------------------
// Single-use tokens (set-up links, sign-in tickets)

export async function insertStaffToken(
  db: DbOrTx,
  staffId: number,
  purpose: StaffTokenPurpose,
  tokenHash: string,
  expiresAt: Date,
  now: Date,
): Promise<void> {
  await db.insert(staffTokens).values({
    staff_id: staffId,
    purpose,
    token_hash: tokenHash,
    expires_at: expiresAt,
    created_at: now,
  });
}

/** A token with this hash and purpose, unused and unexpired at `now`. */
const liveToken = (tokenHash: string, purpose: StaffTokenPurpose, now: Date) =>
  and(
    eq(staffTokens.token_hash, tokenHash),
    eq(staffTokens.purpose, purpose),
    isNull(staffTokens.used_at),
    gt(staffTokens.expires_at, now),
  );

/** The member of a live token (unused, unexpired), without using it. */
export async function findLiveToken(
  db: DbOrTx,
  tokenHash: string,
  purpose: StaffTokenPurpose,
  now: Date,
): Promise<number | undefined> {
  const [row] = await db
    .select({ staffId: staffTokens.staff_id })
    .from(staffTokens)
    .where(liveToken(tokenHash, purpose, now))
    .limit(1);
  return row?.staffId;
}

/** Uses a live token once (an atomic update): its member, or undefined when it is not live. */
export async function useToken(
  db: DbOrTx,
  tokenHash: string,
  purpose: StaffTokenPurpose,
  now: Date,
): Promise<number | undefined> {
  const [row] = await db
    .update(staffTokens)
    .set({ used_at: now })
    .where(liveToken(tokenHash, purpose, now))
    .returning({ staffId: staffTokens.staff_id });
  return row?.staffId;
}

/** Retires the member's unused tokens of these purposes (a newer link replaces older ones). */
export async function retireTokens(
  db: DbOrTx,
  staffId: number,
  purposes: StaffTokenPurpose[],
  now: Date,
): Promise<void> {
  await db
    .update(staffTokens)
    .set({ used_at: now })
    .where(
      and(
        eq(staffTokens.staff_id, staffId),
        inArray(staffTokens.purpose, purposes),
        isNull(staffTokens.used_at),
      ),
    );
}

// ---------------------------------------------------------------------------------------------
// Recovery codes

/** Replaces the member's codes with a new set (an enrolment). */
export async function replaceRecoveryCodes(
  db: DbOrTx,
  staffId: number,
  codeHashes: string[],
  now: Date,
): Promise<void> {
  await deleteRecoveryCodes(db, staffId);
  await db
    .insert(staffRecoveryCodes)
    .values(codeHashes.map((code_hash) => ({ staff_id: staffId, code_hash, created_at: now })));
}

export async function deleteRecoveryCodes(db: DbOrTx, staffId: number): Promise<void> {
  await db.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staff_id, staffId));
}

/**
 * Takes the member's second factor away (a reset, a set-up): no secret, no pending one, no
 * recovery codes, no wrong-code count or lock; `patch` changes other columns in the same update.
 */
export async function clearSecondFactor(
  db: DbOrTx,
  staffId: number,
  patch: Partial<Omit<StaffRow, 'id' | 'created_at' | 'updated_at'>>,
  now: Date,
): Promise<void> {
  await updateStaffRow(
    db,
    staffId,
    {
      ...patch,
      totp_secret_enc: null,
      totp_pending_enc: null,
      totp_last_step: null,
      failed_codes: 0,
      locked_until: null,
    },
    now,
  );
  await deleteRecoveryCodes(db, staffId);
}

/** Uses an unused code once (an atomic update): true when it was the member's and unused. */
export async function useRecoveryCode(
  db: DbOrTx,
  staffId: number,
  codeHash: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(staffRecoveryCodes)
    .set({ used_at: now })
    .where(
      and(
        eq(staffRecoveryCodes.staff_id, staffId),
        eq(staffRecoveryCodes.code_hash, codeHash),
        isNull(staffRecoveryCodes.used_at),
      ),
    )
    .returning({ id: staffRecoveryCodes.id });
  return rows.length === 1;
}

export async function countUnusedRecoveryCodes(db: DbOrTx, staffId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(staffRecoveryCodes)
    .where(and(eq(staffRecoveryCodes.staff_id, staffId), isNull(staffRecoveryCodes.used_at)));
  return Number(row?.n ?? 0);
}

// ---------------------------------------------------------------------------------------------
// The staff list

export interface StaffListFilter {
  /** Part of the e-mail or the name (ILIKE; `%` and `_` typed are matched literally). */
  q?: string;
  role?: StaffRole;
  status?: StaffStatus;
}

export interface StaffListRow extends StaffRow {
  last_sign_in_at: Date | null;
}

/** The latest sign-in: a staff session is opened only by a completed sign-in. */
const lastSignInAt = sql<Date | null>`(select max(${staffSessions.created_at}) from ${staffSessions}
  where ${staffSessions.staff_id} = ${staff.id})`;

function listRowOf(row: { member: StaffRow; lastSignInAt: Date | null }): StaffListRow {
  return {
    ...row.member,
    last_sign_in_at: row.lastSignInAt === null ? null : new Date(row.lastSignInAt),
  };
}

function whereOf(filter: StaffListFilter): SQL | undefined {
  const pattern = filter.q ? likePattern(filter.q) : undefined;
  return and(
    pattern === undefined ? undefined : or(ilike(staff.email, pattern), ilike(staff.name, pattern)),
    filter.role === undefined ? undefined : eq(staff.role, filter.role),
    filter.status === undefined ? undefined : eq(staff.status, filter.status),
  );
}

/** Newest members first, one page, with the number of members matching. */
export async function selectStaffPage(
  db: DbOrTx,
  filter: StaffListFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: StaffListRow[]; total: number }> {
  const where = whereOf(filter);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({ member: staff, lastSignInAt })
      .from(staff)
      .where(where)
      .orderBy(desc(staff.created_at), desc(staff.id))
      .offset(page.offset)
      .limit(page.limit),
    db.select({ n: count() }).from(staff).where(where),
  ]);
  return {
    rows: rows.map(listRowOf),
    total: Number(totalRow?.n ?? 0),
  };
}

/** One member with their latest sign-in. */
export async function findStaffListRow(db: DbOrTx, id: number): Promise<StaffListRow | undefined> {
  const [row] = await db
    .select({ member: staff, lastSignInAt })
    .from(staff)
    .where(eq(staff.id, id))
    .limit(1);
  return row ? listRowOf(row) : undefined;
}
