import { MAX_CHILDREN } from '@portal/shared/children';
import type {
  AuditAction,
  CorrectionReason,
  FamilyLessonStatus,
  FamilySearchQuery,
  StaffRole,
} from '@portal/shared/staff';
import { LESSON_STATUS } from '@portal/shared/lessons';
import { maskPhoneForStaff } from '@portal/shared/staff';
import type { AppContext } from '../../app-context';
import { likePattern } from '../../db/like';
import { badRequest, notFound } from '../../lib/app-error';
import { zonedTimeToUtc } from '../../lib/time';
import {
  changedFields,
  listAudit,
  recordAudit,
  type AuditEntry,
  type AuditFilter,
} from '../audit/audit.service';
import { findAdviserRefById, listAdvisers } from '../advisers/advisers.service';
import { updateEmail } from '../auth/auth.service';
import { endAllSessions, listLiveSessions } from '../auth/session.service';
import { getCharges } from '../billing/history.service';
import {
  editChild,
  findChildren,
  getChildLimit,
  setChildLimit,
  type Child,
} from '../children/children.service';
import {
  correctCredits,
  getCreditBalance,
  type CreditBalance,
} from '../credits/corrections.service';
import { getCreditLog } from '../credits/credit-log.service';
import {
  findCompletedLessons,
  findUpcomingLessons,
  type LessonSummary,
} from '../lessons/lessons.service';
import { getMembership } from '../membership/membership.service';
import { findMessagesOf, type SentMessage } from '../messages/messages.service';
import { listReminderDeliveries, type ReminderDeliveryView } from '../reminders/reminders.service';
import {
  findParentById,
  findParentByUserSn,
  updateParent,
  type ParentRow,
} from '../parents/parents.service';
import {
  findAllStaffRefs,
  findParentRefs,
  findStaffRefs,
  searchFamilies as searchFamilyRows,
  type FamilySearchFilter,
} from './families.repository';

/**
 * The school's view of a family (issue #21): search, the family's page and the staff's edits.
 * Everything is composed from the services that own each part; edits go through the same rules
 * and messages as the parents' own screens and are audited in the same transaction.
 */

/** Who is acting, for the audit entry. */
export interface Actor {
  staffId: number;
  role: StaffRole;
  ip: string | null;
}

type Bilingual = { en: string; zh: string };

export interface AdviserSummary {
  id: number;
  name: string;
}

export interface FamilySummary {
  userSn: string;
  name: string;
  email: string | null;
  phoneMasked: string;
  registeredAt: Date;
  onboarded: boolean;
  member: boolean;
  adviser: AdviserSummary | null;
  children: number;
  availableCredits: number;
}

export interface FamilyParent {
  userSn: string;
  name: string;
  email: string | null;
  phoneMasked: string;
  registeredAt: Date;
  onboarded: boolean;
  language: string | null;
  timeZone: string | null;
  adviser: AdviserSummary | null;
  childLimit: number;
  childLimitMax: number;
}

export interface FamilyChild {
  studentSn: string;
  nickname: string;
  birthday: string | null;
  age: number | null;
  avatar: string | null;
  avatarId: number | null;
}

export interface FamilyLesson {
  id: string;
  startsAt: Date;
  endsAt: Date;
  course: Bilingual;
  child: string;
  status: FamilyLessonStatus;
}

export interface FamilyDetail {
  parent: FamilyParent;
  children: FamilyChild[];
  plan: { name: Bilingual; startsAt: Date; endsAt: Date; autoRenew: boolean } | null;
  credits: CreditBalance;
  upcomingLessons: FamilyLesson[];
  pastLessons: FamilyLesson[];
  orders: {
    orderNo: string;
    createdAt: Date;
    title: Bilingual;
    amount: number;
    currency: string;
    status: 'pending' | 'paid' | 'cancelled' | 'expired' | 'refunded';
  }[];
  sessions: { id: number; createdAt: Date; lastSeenAt: Date; expiresAt: Date }[];
  messages: SentMessage[];
  /** The last 30 days' lesson reminders and their delivery state, newest first (issue #24). */
  reminders: ReminderDeliveryView[];
}

/** How many of each list the family's page shows (the ledger and the audit are paged). */
const PAGE_LIST_SIZE = 10;
const PAGE_MESSAGES = 20;

export async function listAdviserOptions(ctx: Pick<AppContext, 'db'>): Promise<AdviserSummary[]> {
  return (await listAdvisers(ctx)).map(({ id, name }) => ({ id, name }));
}

/** A family by its parent's `user_sn`, or 404. */
async function requireFamily(ctx: Pick<AppContext, 'db'>, userSn: string): Promise<ParentRow> {
  const parent = await findParentByUserSn(ctx.db, userSn);
  if (!parent) throw notFound();
  return parent;
}

/** The first instant of a calendar day in the school's zone (the day may overflow its month). */
function schoolDayStart(ctx: Pick<AppContext, 'config'>, iso: string, plusDays = 0): Date {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  return zonedTimeToUtc(
    { year, month, day: day + plusDays, hour: 0, minute: 0 },
    ctx.config.schoolTimeZone,
  );
}

/** Characters a phone number is typed with; anything else makes the search a text search only. */
const PHONE_LIKE = /^[\d\s+()\-.]+$/;

/**
 * The search box's words as SQL patterns: the text on name, e-mail, user_sn and the children's
 * nicknames; a phone-like entry (3 digits or more) also on the mobile, with or without its calling
 * code ("+86 138 0013", "8613800", "0013800").
 */
export function searchPatterns(q: string | undefined): Omit<FamilySearchFilter, 'registeredFrom'> {
  const text = q?.trim();
  if (!text) return {};
  const digits = text.replace(/\D/g, '');
  return {
    textPattern: likePattern(text),
    ...(PHONE_LIKE.test(text) && digits.length >= 3 ? { digitsPattern: `%${digits}%` } : {}),
  };
}

/** GET /api/ops/families: filters, sort and paging in SQL. */
export async function searchFamilies(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config'>,
  query: FamilySearchQuery,
): Promise<{ items: FamilySummary[]; total: number }> {
  const filter: FamilySearchFilter = {
    ...searchPatterns(query.q),
    ...(query.registeredFrom ? { registeredFrom: schoolDayStart(ctx, query.registeredFrom) } : {}),
    ...(query.registeredTo ? { registeredTo: schoolDayStart(ctx, query.registeredTo, 1) } : {}),
    ...(query.member ? { member: query.member === 'yes' } : {}),
    ...(query.onboarding ? { onboarded: query.onboarding === 'done' } : {}),
    ...(query.adviserId ? { adviserId: query.adviserId } : {}),
  };
  const { rows, total } = await searchFamilyRows(
    ctx.db,
    filter,
    { column: query.sort, order: query.order },
    { offset: (query.page - 1) * query.pageSize, limit: query.pageSize },
    ctx.clock.now(),
  );
  return {
    total,
    items: rows.map((row) => ({
      userSn: row.userSn,
      name: row.name ?? '',
      email: row.email,
      phoneMasked: maskPhoneForStaff(row.countryCode, row.mobile),
      registeredAt: row.createdAt,
      onboarded: row.status !== 0,
      member: row.member,
      adviser:
        row.adviserId !== null && row.adviserName !== null
          ? { id: row.adviserId, name: row.adviserName }
          : null,
      children: row.children,
      availableCredits: row.availableCredits,
    })),
  };
}

async function adviserOf(ctx: Pick<AppContext, 'db'>, adviserId: number | null) {
  if (adviserId === null) return null;
  const adviser = await findAdviserRefById(ctx, adviserId);
  return adviser ? { id: adviser.id, name: adviser.name } : null;
}

async function parentPart(ctx: AppContext, parent: ParentRow): Promise<FamilyParent> {
  const [adviser, limit] = await Promise.all([
    adviserOf(ctx, parent.adviser_id),
    getChildLimit(ctx, parent.id),
  ]);
  return {
    userSn: parent.user_sn,
    name: parent.name ?? '',
    email: parent.email,
    phoneMasked: maskPhoneForStaff(parent.country_code, parent.mobile),
    registeredAt: parent.created_at,
    onboarded: parent.status !== 0,
    language: parent.language,
    timeZone: parent.time_zone,
    adviser,
    childLimit: limit.limit,
    childLimitMax: MAX_CHILDREN,
  };
}

const toFamilyChild = (child: Child): FamilyChild => ({
  studentSn: child.studentSn,
  nickname: child.nickname,
  birthday: child.birthDate,
  age: child.age,
  avatar: child.avatarUrl || null,
  avatarId: child.avatarId,
});

function lessonStatusOf(lesson: LessonSummary): FamilyLessonStatus {
  if (lesson.cancellation) return 'cancelled';
  if (lesson.onLeave) return 'on-leave';
  if (lesson.status === LESSON_STATUS.notStarted) return 'upcoming';
  if (lesson.status === LESSON_STATUS.onAir) return 'in-progress';
  if (lesson.status === LESSON_STATUS.cancelled) return 'cancelled';
  return lesson.attended ? 'done' : 'no-show';
}

const titleOf = (titles: { en: string; zh: string | null }) => ({
  en: titles.en,
  zh: titles.zh || titles.en,
});

function toFamilyLesson(lesson: LessonSummary): FamilyLesson {
  const subject = titleOf(lesson.subject);
  const level = titleOf(lesson.level);
  return {
    id: lesson.lessonSn,
    startsAt: lesson.startsAt,
    endsAt: lesson.endsAt,
    course: { en: `${subject.en} · ${level.en}`, zh: `${subject.zh} · ${level.zh}` },
    child: lesson.nickname,
    status: lessonStatusOf(lesson),
  };
}

/** GET /api/ops/families/:userSn: the family's page, recorded as `family.viewed`. */
export async function getFamily(
  ctx: AppContext,
  userSn: string,
  actor: Actor,
): Promise<FamilyDetail> {
  const parent = await requireFamily(ctx, userSn);
  const page = { page: 1, pageSize: PAGE_LIST_SIZE };
  const [
    parentView,
    children,
    membership,
    credits,
    upcoming,
    past,
    charges,
    sessions,
    messages,
    reminders,
  ] = await Promise.all([
    parentPart(ctx, parent),
    findChildren(ctx, parent.id),
    getMembership(ctx, parent.id),
    getCreditBalance(ctx, parent.id),
    findUpcomingLessons(ctx, parent.id, page),
    findCompletedLessons(ctx, parent.id, page),
    getCharges(ctx, parent.id, page),
    listLiveSessions(ctx, parent.id),
    findMessagesOf(ctx, parent.id, PAGE_MESSAGES),
    listReminderDeliveries(ctx, parent.id),
  ]);
  await audit(ctx, actor, parent, 'family.viewed');
  const plan = membership.plan;
  return {
    parent: parentView,
    children: children.map(toFamilyChild),
    plan: plan
      ? {
          name: { en: plan.title_en, zh: plan.title_zh || plan.title_en },
          startsAt: plan.starts_at,
          endsAt: plan.ends_at,
          autoRenew: plan.subscription_id !== null && plan.cancelled_at === null,
        }
      : null,
    credits,
    upcomingLessons: upcoming.lessons.map(toFamilyLesson),
    pastLessons: past.lessons.map(toFamilyLesson),
    orders: charges.charges.map((charge) => ({
      orderNo: charge.orderNo,
      createdAt: charge.date,
      title: charge.title,
      amount: charge.amountMinor,
      currency: charge.currency,
      status: charge.status,
    })),
    sessions,
    messages,
    reminders,
  };
}

/**
 * An entry about the family by the actor: about the family as a whole (viewed, phone shown,
 * signed out, edited) unless `entry` names another target (a child).
 */
function audit(
  ctx: Pick<AppContext, 'db'>,
  actor: Actor,
  parent: ParentRow,
  action: AuditAction,
  entry: Pick<AuditEntry, 'target' | 'before' | 'after' | 'detail'> = {},
) {
  return recordAudit(ctx.db, {
    staffId: actor.staffId,
    action,
    target: { type: 'parent', id: parent.user_sn },
    parentId: parent.id,
    ip: actor.ip,
    ...entry,
  });
}

/** GET /api/ops/families/:userSn/ledger: the credit ledger, newest first, paged. */
export async function getFamilyLedger(
  ctx: AppContext,
  userSn: string,
  page: { page: number; pageSize: number },
) {
  const parent = await requireFamily(ctx, userSn);
  const { entries, total } = await getCreditLog(ctx, parent.id, {}, page);
  return {
    total,
    items: entries.map((entry) => ({
      id: entry.id,
      at: entry.createdAt,
      event: entry.event,
      title: titleOf(entry.title),
      paid: entry.paidChange,
      reward: entry.rewardChange,
      reserved: entry.heldChange,
    })),
  };
}

/** POST /api/ops/families/:userSn/reveal-phone: the full number, audited. */
export async function revealPhone(
  ctx: AppContext,
  userSn: string,
  actor: Actor,
): Promise<{ phone: string }> {
  const parent = await requireFamily(ctx, userSn);
  await audit(ctx, actor, parent, 'family.phone-revealed');
  return { phone: `+${parent.country_code} ${parent.mobile}` };
}

export interface FamilyChanges {
  name?: string | undefined;
  email?: string | undefined;
  adviserId?: number | null | undefined;
  childLimit?: number | undefined;
}

/**
 * POST /api/ops/families/:userSn: the parent's name, e-mail (the account's rule: unique), adviser
 * and child limit (the children module's rule), audited with the changed fields.
 */
export async function updateFamily(
  ctx: AppContext,
  userSn: string,
  changes: FamilyChanges,
  actor: Actor,
): Promise<FamilyParent> {
  const parent = await requireFamily(ctx, userSn);
  if (changes.adviserId !== undefined && changes.adviserId !== null) {
    if (!(await findAdviserRefById(ctx, changes.adviserId)))
      throw badRequest('familiesAdviserUnknown');
  }
  await ctx.db.transaction(async (tx) => {
    const txCtx: AppContext = { ...ctx, db: tx };
    const current = (await findParentById(tx, parent.id)) ?? parent;
    const limit = await getChildLimit(txCtx, parent.id);
    const was = {
      name: current.name,
      email: current.email,
      adviserId: current.adviser_id,
      childLimit: limit.limit,
    };
    if (changes.email !== undefined && changes.email.toLowerCase() !== current.email)
      await updateEmail(txCtx, parent.id, changes.email);
    const now = ctx.clock.now();
    if (changes.name !== undefined || changes.adviserId !== undefined)
      await updateParent(
        tx,
        parent.id,
        {
          ...(changes.name !== undefined ? { name: changes.name } : {}),
          ...(changes.adviserId !== undefined ? { adviser_id: changes.adviserId } : {}),
        },
        now,
      );
    if (changes.childLimit !== undefined && changes.childLimit !== limit.limit)
      await setChildLimit(txCtx, parent.id, changes.childLimit);
    const diff = changedFields(was, {
      name: changes.name,
      email: changes.email?.toLowerCase(),
      adviserId: changes.adviserId,
      childLimit: changes.childLimit,
    });
    if (Object.keys(diff.after).length === 0) return;
    await audit(txCtx, actor, parent, 'parent.updated', diff);
  });
  return parentPart(ctx, (await findParentById(ctx.db, parent.id)) ?? parent);
}

export interface ChildChanges {
  nickname?: string | undefined;
  /** YYYY-MM-DD. */
  birthday?: string | undefined;
  avatar?: number | undefined;
}

/**
 * POST /api/ops/families/:userSn/children/:studentSn: the children module's edit (its rules and
 * messages: a real birthday before today on the parent's calendar, a known avatar), audited.
 * Another family's child is not found.
 */
export async function updateFamilyChild(
  ctx: AppContext,
  userSn: string,
  studentSn: string,
  changes: ChildChanges,
  actor: Actor,
): Promise<FamilyChild> {
  const parent = await requireFamily(ctx, userSn);
  const child = (await findChildren(ctx, parent.id)).find((c) => c.studentSn === studentSn);
  if (!child) throw notFound('childNotFound');
  const was = { nickname: child.nickname, birthday: child.birthDate, avatar: child.avatarId };
  const next = {
    nickname: changes.nickname ?? child.nickname,
    birthDate: changes.birthday ?? child.birthDate,
    avatarId: changes.avatar ?? child.avatarId,
  };
  await ctx.db.transaction(async (tx) => {
    const txCtx: AppContext = { ...ctx, db: tx };
    await editChild(txCtx, parent.id, studentSn, next);
    const diff = changedFields(was, {
      nickname: changes.nickname,
      birthday: changes.birthday,
      avatar: changes.avatar,
    });
    if (Object.keys(diff.after).length === 0) return;
    await audit(txCtx, actor, parent, 'child.updated', {
      target: { type: 'child', id: studentSn },
      ...diff,
    });
  });
  const updated = (await findChildren(ctx, parent.id)).find((c) => c.studentSn === studentSn);
  return toFamilyChild(updated ?? child);
}

/** POST /api/ops/families/:userSn/sign-out-everywhere: every session of the parent ends. */
export async function signOutEverywhere(
  ctx: AppContext,
  userSn: string,
  actor: Actor,
): Promise<void> {
  const parent = await requireFamily(ctx, userSn);
  await ctx.db.transaction(async (tx) => {
    const txCtx: AppContext = { ...ctx, db: tx };
    const revoked = await endAllSessions(txCtx, parent.id);
    await audit(txCtx, actor, parent, 'parent.sessions-revoked', { detail: { sessions: revoked } });
  });
}

/** POST /api/ops/families/:userSn/credits: a correction (the credits module's rules). */
export async function correctFamilyCredits(
  ctx: AppContext,
  userSn: string,
  correction: { delta: number; reason: CorrectionReason; note: string; idempotencyKey: string },
  actor: Actor,
): Promise<{ credits: CreditBalance }> {
  const parent = await requireFamily(ctx, userSn);
  const result = await correctCredits(ctx, {
    parentId: parent.id,
    staff: { staffId: actor.staffId, role: actor.role },
    ...correction,
    ip: actor.ip,
  });
  return { credits: result.credits };
}

// ---------------------------------------------------------------------------------------------
// The audit log as the console reads it: entries with the names of who and which family

export interface AuditTrailQuery {
  staffId?: number | undefined;
  action?: string | undefined;
  targetType?: string | undefined;
  targetId?: string | undefined;
  userSn?: string | undefined;
  /** YYYY-MM-DD, days of the school's calendar, both included. */
  from?: string | undefined;
  to?: string | undefined;
}

export interface AuditTrailItem {
  id: number;
  at: Date;
  staff: { id: number; name: string; email: string } | null;
  action: string;
  target: { type: string; id: string } | null;
  family: { userSn: string; name: string } | null;
  ip: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  detail: Record<string, unknown> | null;
}

/** GET /api/ops/audit (and a family's entries): newest first, paged in SQL. */
export async function listAuditTrail(
  ctx: AppContext,
  query: AuditTrailQuery,
  page: { page: number; pageSize: number },
): Promise<{ items: AuditTrailItem[]; total: number }> {
  let parentId: number | undefined;
  if (query.userSn !== undefined) {
    const parent = await findParentByUserSn(ctx.db, query.userSn);
    if (!parent) return { items: [], total: 0 };
    parentId = parent.id;
  }
  const filter: AuditFilter = {
    ...(query.staffId !== undefined ? { staffId: query.staffId } : {}),
    ...(query.action !== undefined ? { action: query.action } : {}),
    ...(query.targetType !== undefined ? { targetType: query.targetType } : {}),
    ...(query.targetId !== undefined ? { targetId: query.targetId } : {}),
    ...(parentId !== undefined ? { parentId } : {}),
    ...(query.from ? { from: schoolDayStart(ctx, query.from) } : {}),
    ...(query.to ? { to: schoolDayStart(ctx, query.to, 1) } : {}),
  };
  const { entries, total } = await listAudit(ctx, filter, page);
  const staffIds = [...new Set(entries.flatMap((e) => (e.staffId === null ? [] : [e.staffId])))];
  const parentIds = [...new Set(entries.flatMap((e) => (e.parentId === null ? [] : [e.parentId])))];
  const [staffRows, parentRows] = await Promise.all([
    findStaffRefs(ctx.db, staffIds),
    findParentRefs(ctx.db, parentIds),
  ]);
  const staffById = new Map(staffRows.map((row) => [row.id, row]));
  const parentById = new Map(parentRows.map((row) => [row.id, row]));
  return {
    total,
    items: entries.map((entry) => {
      const member = entry.staffId === null ? undefined : staffById.get(entry.staffId);
      const family = entry.parentId === null ? undefined : parentById.get(entry.parentId);
      return {
        id: entry.id,
        at: entry.at,
        staff: member ? { id: member.id, name: member.name, email: member.email } : null,
        action: entry.action,
        target: entry.target,
        family: family ? { userSn: family.userSn, name: family.name ?? '' } : null,
        ip: entry.ip,
        before: entry.before,
        after: entry.after,
        detail: entry.detail,
      };
    }),
  };
}

/** GET /api/ops/families/:userSn/audit: the entries about one family (404 for an unknown one). */
export async function listFamilyAudit(
  ctx: AppContext,
  userSn: string,
  query: Omit<AuditTrailQuery, 'userSn'>,
  page: { page: number; pageSize: number },
) {
  await requireFamily(ctx, userSn);
  return listAuditTrail(ctx, { ...query, userSn }, page);
}

/** GET /api/ops/staff-options: every staff member, for the audit filter. */
export async function listStaffOptions(ctx: Pick<AppContext, 'db'>) {
  return findAllStaffRefs(ctx.db);
}
