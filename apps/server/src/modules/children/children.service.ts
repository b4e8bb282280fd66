import { isIsoDateInRange } from '@portal/shared/api';
import { DEFAULT_CHILD_LIMIT, MAX_CHILDREN, isPastDate } from '@portal/shared/children';
import { CHILD_LIMIT_MIN } from '@portal/shared/staff';
import type { AppContext } from '../../app-context';
import { badRequest, notFound, unauthenticated } from '../../lib/app-error';
import { newPublicId } from '../../lib/ids';
import { dayInZone } from '../../lib/time';
import { findParentById, updateParent } from '../parents/parents.service';
import { getMembership } from '../membership/membership.service';
import { cancelLessonsOfChild, deletionImpactOfChild } from '../scheduling/scheduling.service';
import {
  countStudents,
  findAvatar,
  findAvatars,
  findOwnStudent,
  findOwnStudentId,
  findStudents,
  insertStudent,
  lockParent,
  updateStudent,
  type StudentRow,
} from './children.repository';

/** One of the parent's live children. */
export interface Child {
  studentSn: string;
  nickname: string;
  /** A calendar day, "YYYY-MM-DD". */
  birthDate: string;
  avatarId: number;
  avatarUrl: string;
  /** Whole years on the parent's calendar today. */
  age: number;
}

/** A child's profile as the parent fills it in (spec §5). */
export interface ChildInput {
  nickname: string;
  /** A calendar day, "YYYY-MM-DD". */
  birthDate: string;
  avatarId: number;
}

/** Birthdays and ages follow the parent's calendar: today is `dayInZone(zone, now)`. */
function ageOn(birthIso: string, todayIso: string): number {
  const [by, bm, bd] = birthIso.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = todayIso.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

/**
 * The self-service child limit (docs/product.md → Children limits): the plan's kids while one is
 * active, otherwise 3, or what the adviser set; never above the cap of 6.
 */
export function childLimitFor(override: number | null | undefined, memberKids = 0): number {
  return Math.min(MAX_CHILDREN, override ?? (memberKids > 0 ? memberKids : DEFAULT_CHILD_LIMIT));
}

/** Spec §5 order: avatar, birthday (a real day, before today on the parent's calendar). */
async function validFields(ctx: AppContext, parentId: number, fields: ChildInput) {
  const parent = await findParentById(ctx.db, parentId);
  if (!parent) throw unauthenticated();
  if (!(await findAvatar(ctx.db, fields.avatarId))) throw badRequest('selectAvatar');
  const birth = fields.birthDate;
  if (!isIsoDateInRange(birth)) throw badRequest('selectBirthday');
  if (!isPastDate(birth, dayInZone(parent.time_zone, ctx.clock.now())))
    throw badRequest('birthdayInFuture');
  return { birth, parent };
}

export async function findChildren(ctx: AppContext, parentId: number): Promise<Child[]> {
  const parent = await findParentById(ctx.db, parentId);
  const today = dayInZone(parent?.time_zone, ctx.clock.now());
  const rows = await findStudents(ctx.db, parentId);
  return rows.map(({ student, avatarUrl }) => toChild(student, avatarUrl, today));
}

function toChild(student: StudentRow, avatarUrl: string, today: string): Child {
  return {
    studentSn: student.student_sn,
    nickname: student.nickname,
    birthDate: student.birth_date,
    avatarId: student.avatar_id,
    avatarUrl,
    age: ageOn(student.birth_date, today),
  };
}

export async function getChildLimit(
  ctx: AppContext,
  parentId: number,
): Promise<{ limit: number; count: number }> {
  const parent = await findParentById(ctx.db, parentId);
  const membership = await getMembership(ctx, parentId);
  return {
    limit: childLimitFor(parent?.child_limit_override, membership.member_kids),
    count: await countStudents(ctx.db, parentId),
  };
}

/**
 * Sets the self-service child limit of a parent (the school's console: what the adviser dialog
 * promises parents), from 1 to the cap of 6. Children already added stay when it is lowered.
 */
export async function setChildLimit(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  parentId: number,
  limit: number,
): Promise<void> {
  if (!Number.isInteger(limit) || limit < CHILD_LIMIT_MIN || limit > MAX_CHILDREN)
    throw badRequest('familiesChildLimitInvalid');
  await updateParent(ctx.db, parentId, { child_limit_override: limit }, ctx.clock.now());
}

/** Adds a child under the limit; the parent row lock makes parallel adds count one by one. */
export async function addChild(
  ctx: AppContext,
  parentId: number,
  fields: ChildInput,
): Promise<string> {
  const { birth } = await validFields(ctx, parentId, fields);
  const membership = await getMembership(ctx, parentId);
  return ctx.db.transaction(async (tx) => {
    const parent = await lockParent(tx, parentId);
    if (!parent) throw unauthenticated();
    if (
      (await countStudents(tx, parentId)) >= childLimitFor(parent.override, membership.member_kids)
    )
      throw badRequest('childLimitReached');
    const now = ctx.clock.now();
    const student = await insertStudent(tx, {
      student_sn: newPublicId('S'),
      parent_id: parentId,
      nickname: fields.nickname,
      birth_date: birth,
      avatar_id: fields.avatarId,
      created_at: now,
      updated_at: now,
    });
    return student.student_sn;
  });
}

export async function editChild(
  ctx: AppContext,
  parentId: number,
  studentSn: string,
  fields: ChildInput,
): Promise<void> {
  const { birth } = await validFields(ctx, parentId, fields);
  const student = await findOwnStudent(ctx.db, parentId, studentSn);
  if (!student) throw notFound('childNotFound');
  await updateStudent(ctx.db, student.id, {
    nickname: fields.nickname,
    birth_date: birth,
    avatar_id: fields.avatarId,
    updated_at: ctx.clock.now(),
  });
}

/** What deleting this child would do, for the confirmation to say it (issue #19). */
export async function getDeletionImpact(
  ctx: AppContext,
  parentId: number,
  studentSn: string,
): Promise<{ studentSn: string; nickname: string; lessons: number; credits: number }> {
  const student = await findOwnStudent(ctx.db, parentId, studentSn);
  if (!student) throw notFound('childNotFound');
  const impact = await deletionImpactOfChild(ctx, student.id, ctx.clock.now());
  return { studentSn: student.student_sn, nickname: student.nickname, ...impact };
}

/** Soft delete: lessons and the ledger keep pointing at the row. */
export async function deleteChild(
  ctx: AppContext,
  parentId: number,
  studentSn: string,
): Promise<void> {
  const student = await findOwnStudent(ctx.db, parentId, studentSn);
  if (!student) throw notFound('childNotFound');
  const now = ctx.clock.now();
  await updateStudent(ctx.db, student.id, { deleted_at: now, updated_at: now });
  await cancelLessonsOfChild(ctx, student.id, now);
  const parent = await findParentById(ctx.db, parentId);
  if (parent?.last_student_sn === studentSn)
    await updateParent(ctx.db, parentId, { last_student_sn: null }, now);
}

/** Makes one of the parent's own children the current one (spec §2 addChildren). */
export async function selectChild(
  ctx: AppContext,
  parentId: number,
  studentSn: string,
): Promise<void> {
  if (!(await findOwnStudent(ctx.db, parentId, studentSn))) throw notFound('childNotFound');
  await updateParent(ctx.db, parentId, { last_student_sn: studentSn }, ctx.clock.now());
}

export async function listAvatars(ctx: AppContext, selectedId?: number) {
  return (await findAvatars(ctx.db)).map((row) => ({
    id: row.id,
    url: row.url,
    selected: row.id === selectedId,
  }));
}

/** The id of one of the parent's live children by `student_sn`; another parent's finds nothing. */
export function findOwnChildId(
  ctx: Pick<AppContext, 'db'>,
  parentId: number,
  studentSn: string,
): Promise<number | undefined> {
  return findOwnStudentId(ctx.db, parentId, studentSn);
}

/** One of the parent's live children by `student_sn`; another parent's child is not found. */
export async function requireOwnChildId(
  ctx: Pick<AppContext, 'db'>,
  parentId: number,
  studentSn: string,
): Promise<number> {
  const studentId = await findOwnStudentId(ctx.db, parentId, studentSn);
  if (studentId === undefined) throw notFound('childNotFound');
  return studentId;
}
