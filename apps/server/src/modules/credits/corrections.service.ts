import { type MessageKey } from '@portal/shared/i18n';
import { translate } from '../../lib/catalogue';
import type { CorrectionReason, StaffRole } from '@portal/shared/staff';
import type { AppContext } from '../../app-context';
import { badRequest, conflict } from '../../lib/app-error';
import { recordAudit } from '../audit/audit.service';
import {
  findCorrectionByKey,
  insertCorrection,
  insertCorrectionLedgerRow,
  lockCorrectionsOf,
  sumCorrectedSince,
  type CorrectionRow,
} from './corrections.repository';
import { lockLedgerOf, sumCredits, type CreditTotals } from './credits.repository';
import { availableOf } from './ledger.service';

/**
 * Staff credit corrections (issue #21, decision 044): an append-only ledger row of its own event
 * type (`staff_correction`) with a title in both languages that the parent's credit history
 * shows, plus who, why and the form's idempotency key in `credit_corrections`, and an audit
 * entry — all in one transaction. A grant is reward credit (no money behind it, never refunded);
 * a removal takes reward credit first, then paid, and never leaves the credits free to book
 * (paid + reward − reserved) below 0. Advisers are limited per correction and per day (UTC);
 * admins are not.
 */
export const CORRECTION_EVENT = 'staff_correction';

/** A parent's credits after a correction: what the console's balance shows. */
export interface CreditBalance {
  paid: number;
  reward: number;
  reserved: number;
  /** paid + reward − reserved. */
  available: number;
}

export interface CorrectionRequest {
  parentId: number;
  staff: { staffId: number; role: StaffRole };
  /** Credits to grant (positive) or remove (negative); never 0. */
  delta: number;
  reason: CorrectionReason;
  note: string;
  /** A UUID made once per opened form: a resent form is this same correction. */
  idempotencyKey: string;
  /** The client address, for the audit entry. */
  ip: string | null;
}

export interface CorrectionResult {
  correctionId: number;
  credits: CreditBalance;
  /** True when the key had been used: nothing was written this time. */
  replayed: boolean;
}

const TITLE_KEYS: Record<'grant' | 'remove', Record<CorrectionReason, MessageKey>> = {
  grant: {
    goodwill: 'correctionTitleGrantGoodwill',
    correction: 'correctionTitleGrantCorrection',
    'lesson-problem': 'correctionTitleGrantLessonProblem',
    other: 'correctionTitleGrantOther',
  },
  remove: {
    goodwill: 'correctionTitleRemoveGoodwill',
    correction: 'correctionTitleRemoveCorrection',
    'lesson-problem': 'correctionTitleRemoveLessonProblem',
    other: 'correctionTitleRemoveOther',
  },
};

/** The ledger row's title in both languages (stored, as every ledger title is). */
export function correctionTitle(delta: number, reason: CorrectionReason) {
  const key = TITLE_KEYS[delta > 0 ? 'grant' : 'remove'][reason];
  return { en: translate('en', key), zh: translate('zh_CN', key) };
}

const balanceOf = (totals: CreditTotals): CreditBalance => ({
  ...totals,
  available: availableOf(totals),
});

/** Midnight UTC of `now`'s day: the advisers' daily limit counts from there. */
export function startOfUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/** Does a stored correction say the same as this request (a resent form)? */
const sameRequest = (row: CorrectionRow, request: CorrectionRequest) =>
  row.parent_id === request.parentId &&
  row.delta === request.delta &&
  row.reason === request.reason &&
  row.note === request.note;

/**
 * Grants or removes credits. The member's corrections run one at a time (an advisory lock), then
 * the parent's ledger is locked (`lockLedgerOf`, as every ledger write does), so the key, the
 * daily sum and the balance are all checked with nothing in flight: ten identical requests at
 * once make one correction, and each gets the same answer.
 */
export async function correctCredits(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config'>,
  request: CorrectionRequest,
): Promise<CorrectionResult> {
  if (!Number.isInteger(request.delta) || request.delta === 0)
    throw badRequest('correctionDeltaInvalid');
  const key = request.idempotencyKey.toLowerCase();
  const { staffId } = request.staff;
  const limits = ctx.config.staff;
  const limited = request.staff.role !== 'admin';
  const amount = Math.abs(request.delta);
  return ctx.db.transaction(async (tx) => {
    await lockCorrectionsOf(tx, staffId);
    const earlier = await findCorrectionByKey(tx, staffId, key);
    if (earlier) {
      if (!sameRequest(earlier, request)) throw conflict('correctionKeyReused');
      return {
        correctionId: earlier.id,
        credits: balanceOf(await sumCredits(tx, earlier.parent_id)),
        replayed: true,
      };
    }
    if (limited && amount > limits.adviserCorrectionLimit)
      throw badRequest('correctionOverLimit', { limit: limits.adviserCorrectionLimit });
    const now = ctx.clock.now();
    if (limited) {
      const used = await sumCorrectedSince(tx, staffId, startOfUtcDay(now));
      if (used + amount > limits.adviserDailyCorrectionLimit)
        throw badRequest('correctionDailyLimit', {
          limit: limits.adviserDailyCorrectionLimit,
          left: Math.max(0, limits.adviserDailyCorrectionLimit - used),
        });
    }
    await lockLedgerOf(tx, request.parentId);
    const before = balanceOf(await sumCredits(tx, request.parentId));
    if (request.delta < 0 && amount > before.available)
      throw badRequest('correctionBelowZero', { available: before.available, amount });
    // A grant is reward credit; a removal takes reward first, then paid.
    const rewardDelta =
      request.delta > 0 ? request.delta : -Math.min(Math.max(before.reward, 0), amount);
    const paidDelta = request.delta > 0 ? 0 : -(amount + rewardDelta);
    const title = correctionTitle(request.delta, request.reason);
    const ledgerId = await insertCorrectionLedgerRow(tx, {
      parent_id: request.parentId,
      event: CORRECTION_EVENT,
      paid_delta: paidDelta,
      reward_delta: rewardDelta,
      title_en: title.en,
      title_zh: title.zh,
      idempotency_key: `correction:${staffId}:${key}`,
      created_at: now,
    });
    const correctionId = await insertCorrection(tx, {
      ledger_id: ledgerId,
      staff_id: staffId,
      parent_id: request.parentId,
      delta: request.delta,
      reason: request.reason,
      note: request.note,
      idempotency_key: key,
      created_at: now,
    });
    const after: CreditBalance = {
      paid: before.paid + paidDelta,
      reward: before.reward + rewardDelta,
      reserved: before.reserved,
      available: before.available + request.delta,
    };
    await recordAudit(tx, {
      staffId,
      action: 'credits.corrected',
      target: { type: 'credit-correction', id: correctionId },
      parentId: request.parentId,
      ip: request.ip,
      before: { ...before },
      after: { ...after },
      detail: { delta: request.delta, reason: request.reason, note: request.note },
    });
    return { correctionId, credits: after, replayed: false };
  });
}

/** A parent's credits as the console shows them. */
export async function getCreditBalance(
  ctx: Pick<AppContext, 'db'>,
  parentId: number,
): Promise<CreditBalance> {
  return balanceOf(await sumCredits(ctx.db, parentId));
}
