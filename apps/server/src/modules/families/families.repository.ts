import { and, asc, desc, eq, gte, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { advisers, parents, staff } from '../../db/schema';

/**
 * The console's read models (decision 044): the families search, and the names the audit log
 * shows beside its ids. They read other modules' tables in one SQL statement each so that
 * filters, sorting and paging stay in the database; every write goes through the owning
 * module's service.
 */

export interface FamilySearchFilter {
  /** An ILIKE pattern on name, e-mail, user_sn and the children's nicknames. */
  textPattern?: string;
  /** A LIKE pattern of digits on the mobile, with or without the calling code. */
  digitsPattern?: string;
  registeredFrom?: Date;
  /** Exclusive. */
  registeredTo?: Date;
  member?: boolean;
  onboarded?: boolean;
  adviserId?: number;
}

export type FamilySortColumn = 'registeredAt' | 'name' | 'availableCredits';

/** Credits free to book: the ledger's paid + reward − reserved (credit_ledger_parent_idx). */
const availableCredits = sql<number>`coalesce((select sum(l.paid_delta + l.reward_delta - l.reserved_delta) from credit_ledger l where l.parent_id = ${parents.id}), 0)`;
const childCount = sql<number>`(select count(*) from students s where s.parent_id = ${parents.id} and s.deleted_at is null)`;
const isMemberAt = (now: Date) =>
  sql<boolean>`exists (select 1 from memberships m where m.parent_id = ${parents.id} and m.starts_at <= ${now.toISOString()} and m.ends_at > ${now.toISOString()} and m.cancelled_at is null)`;

function whereOf(filter: FamilySearchFilter, now: Date): SQL | undefined {
  const matches: SQL[] = [];
  if (filter.textPattern) {
    const pattern = filter.textPattern;
    matches.push(
      sql`${parents.name} ilike ${pattern}`,
      sql`${parents.email} ilike ${pattern}`,
      sql`${parents.user_sn} ilike ${pattern}`,
      sql`exists (select 1 from students s where s.parent_id = ${parents.id} and s.deleted_at is null and s.nickname ilike ${pattern})`,
    );
  }
  if (filter.digitsPattern) {
    matches.push(
      sql`${parents.mobile} like ${filter.digitsPattern}`,
      sql`(${parents.country_code} || ${parents.mobile}) like ${filter.digitsPattern}`,
    );
  }
  return and(
    matches.length > 0 ? or(...matches) : undefined,
    filter.registeredFrom ? gte(parents.created_at, filter.registeredFrom) : undefined,
    filter.registeredTo ? lt(parents.created_at, filter.registeredTo) : undefined,
    filter.member === undefined
      ? undefined
      : filter.member
        ? isMemberAt(now)
        : sql`not ${isMemberAt(now)}`,
    filter.onboarded === undefined
      ? undefined
      : filter.onboarded
        ? ne(parents.status, 0)
        : eq(parents.status, 0),
    filter.adviserId === undefined ? undefined : eq(parents.adviser_id, filter.adviserId),
  );
}

/** One page of families, sorted in SQL, with the number matching. */
export async function searchFamilies(
  db: DbOrTx,
  filter: FamilySearchFilter,
  sort: { column: FamilySortColumn; order: 'asc' | 'desc' },
  page: { offset: number; limit: number },
  now: Date,
) {
  const where = whereOf(filter, now);
  const direction = sort.order === 'asc' ? asc : desc;
  const sortKey =
    sort.column === 'name'
      ? sql`lower(coalesce(${parents.name}, ''))`
      : sort.column === 'availableCredits'
        ? availableCredits
        : parents.created_at;
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        userSn: parents.user_sn,
        name: parents.name,
        email: parents.email,
        countryCode: parents.country_code,
        mobile: parents.mobile,
        createdAt: parents.created_at,
        status: parents.status,
        adviserId: advisers.id,
        adviserName: advisers.name,
        children: childCount.mapWith(Number),
        member: isMemberAt(now).mapWith(Boolean),
        availableCredits: availableCredits.mapWith(Number),
      })
      .from(parents)
      .leftJoin(advisers, eq(advisers.id, parents.adviser_id))
      .where(where)
      .orderBy(direction(sortKey), direction(parents.id))
      .offset(page.offset)
      .limit(page.limit),
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(parents)
      .where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** Names of staff members by id (the audit log's "who"). */
export function findStaffRefs(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: staff.id, name: staff.name, email: staff.email })
    .from(staff)
    .where(inArray(staff.id, ids));
}

/** Every staff member, by name (the audit log's filter). */
export function findAllStaffRefs(db: DbOrTx) {
  return db
    .select({ id: staff.id, name: staff.name, email: staff.email })
    .from(staff)
    .orderBy(asc(sql`lower(${staff.name})`), asc(staff.id));
}

/** Public ids and names of parents by internal id (the audit log's family column). */
export function findParentRefs(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: parents.id, userSn: parents.user_sn, name: parents.name })
    .from(parents)
    .where(inArray(parents.id, ids));
}
