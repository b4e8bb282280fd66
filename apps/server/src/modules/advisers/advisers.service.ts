import type { AppContext } from '../../app-context';
import { notFound } from '../../lib/app-error';
import { findParentById } from '../parents/parents.service';
import {
  findAdviserById,
  findAllAdvisers,
  findAdviserByInviteCode,
  findFirstAdviser,
  type AdviserRow,
} from './advisers.repository';

/** The course adviser as parents see them (spec §3 salesperson_info); the edge picks a language. */
export interface Adviser {
  name: string;
  description: { en: string; zh: string };
  email: string;
  mobile: string;
  wechat: string;
  qrCode: string;
}

function toAdviser(row: AdviserRow): Adviser {
  return {
    name: row.name,
    description: { en: row.describe_en, zh: row.describe_zh },
    email: row.email,
    mobile: row.mobile,
    wechat: row.wechat,
    qrCode: row.qr_code,
  };
}

/** The signed-in parent's adviser, or null when none is assigned yet. */
export async function getAdviserForParent(
  ctx: Pick<AppContext, 'db'>,
  parentId: number,
): Promise<Adviser | null> {
  const parent = await findParentById(ctx.db, parentId);
  if (!parent?.adviser_id) return null;
  const adviser = await findAdviserById(ctx.db, parent.adviser_id);
  return adviser ? toAdviser(adviser) : null;
}

/** Public adviser page of an invitation link (`/salecard?invite_code=`). */
export async function getAdviserByInvite(
  ctx: Pick<AppContext, 'db'>,
  inviteCode: string,
): Promise<Adviser> {
  const adviser = await findAdviserByInviteCode(ctx.db, inviteCode);
  if (!adviser) throw notFound('inviteCodeInvalid');
  return toAdviser(adviser);
}

/** An adviser as other modules need it: who, and the invite code their links carry. */
export interface AdviserRef {
  id: number;
  name: string;
  inviteCode: string;
}

const toRef = (row: AdviserRow): AdviserRef => ({
  id: row.id,
  name: row.name,
  inviteCode: row.invite_code,
});

/** The adviser of an invite or referral code; undefined when no adviser has it. */
export async function findAdviserByCode(
  ctx: Pick<AppContext, 'db'>,
  code: string,
): Promise<AdviserRef | undefined> {
  const row = await findAdviserByInviteCode(ctx.db, code.trim());
  return row ? toRef(row) : undefined;
}

/**
 * The adviser a parent registering without an invite code is given (decision 020): the first
 * adviser by sort order, so every new parent has someone to book the trial lesson with.
 */
export async function findDefaultAdviser(
  ctx: Pick<AppContext, 'db'>,
): Promise<AdviserRef | undefined> {
  const row = await findFirstAdviser(ctx.db);
  return row ? toRef(row) : undefined;
}

/** An adviser by id (the school's console assigns one to a family); undefined when unknown. */
export async function findAdviserRefById(
  ctx: Pick<AppContext, 'db'>,
  id: number,
): Promise<AdviserRef | undefined> {
  const row = await findAdviserById(ctx.db, id);
  return row ? toRef(row) : undefined;
}

/** Every adviser, in sort order (the console's adviser filter and picker). */
export async function listAdvisers(ctx: Pick<AppContext, 'db'>): Promise<AdviserRef[]> {
  return (await findAllAdvisers(ctx.db)).map(toRef);
}
