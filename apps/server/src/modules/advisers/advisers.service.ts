import type { Language } from '@portal/shared/i18n';
import type { AppContext } from '../../app-context';
import { notFound } from '../../lib/app-error';
import { findParentById } from '../parents/parents.service';
import {
  findAdviserById,
  findAdviserByInviteCode,
  findFirstAdviser,
  type AdviserRow,
} from './advisers.repository';

export interface AdviserCard {
  name: string;
  describe: string;
  email: string;
  mobile: string;
  wechat: string;
  qr_code: string;
}

function toCard(row: AdviserRow, language: Language): AdviserCard {
  return {
    name: row.name,
    describe: language === 'zh_CN' ? row.describe_zh : row.describe_en,
    email: row.email,
    mobile: row.mobile,
    wechat: row.wechat,
    qr_code: row.qr_code,
  };
}

/** The signed-in parent's adviser card, or null when none is assigned yet. */
export async function getAdviserForParent(
  ctx: Pick<AppContext, 'db'>,
  parentId: number,
  language: Language,
): Promise<AdviserCard | null> {
  const parent = await findParentById(ctx.db, parentId);
  if (!parent?.adviser_id) return null;
  const adviser = await findAdviserById(ctx.db, parent.adviser_id);
  return adviser ? toCard(adviser, language) : null;
}

/** Public adviser page of an invitation link (`/salecard?invite_code=`). */
export async function getAdviserByInvite(
  ctx: Pick<AppContext, 'db'>,
  inviteCode: string,
  language: Language,
): Promise<AdviserCard> {
  const adviser = await findAdviserByInviteCode(ctx.db, inviteCode);
  if (!adviser) throw notFound('inviteCodeInvalid');
  return toCard(adviser, language);
}

/** An adviser as other modules need it: who, and the invite code their links carry. */
export interface AdviserRef {
  id: number;
  name: string;
  invite_code: string;
}

const toRef = (row: AdviserRow): AdviserRef => ({
  id: row.id,
  name: row.name,
  invite_code: row.invite_code,
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
