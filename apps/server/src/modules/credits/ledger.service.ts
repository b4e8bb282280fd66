import type { Transaction } from '../../db/client';
import { appendLedger, hasLedgerKey, lockLedgerOf, sumCredits } from './credits.repository';

/**
 * Ledger moves of a lesson's credits (decisions.md → Lessons and credits). Every function runs
 * inside the caller's transaction, locks the parent's ledger first and writes one row whose
 * idempotency key names the lesson and the move, so a retry or a second instance is a no-op.
 */
export interface LessonCredits {
  parentId: number;
  lessonId: number;
  credits: number;
  /** Shown in the credit history, e.g. "Reading · lesson 3". */
  label: { en: string; zh: string };
}

const keyOf = (lessonId: number, move: 'reserve' | 'release' | 'consume') =>
  `lesson:${lessonId}:${move}`;

/**
 * Sets the lesson's credits aside. Answers false, writing nothing, when the credits not yet
 * reserved cannot cover it (balances never go negative).
 */
export async function reserveLessonCredits(tx: Transaction, move: LessonCredits): Promise<boolean> {
  if (move.credits <= 0) return true;
  await lockLedgerOf(tx, move.parentId);
  if (await hasLedgerKey(tx, keyOf(move.lessonId, 'reserve'))) return true;
  const totals = await sumCredits(tx, move.parentId);
  if (totals.paid + totals.reward - totals.reserved < move.credits) return false;
  await appendLedger(tx, {
    parent_id: move.parentId,
    event: 'reserve',
    reserved_delta: move.credits,
    title_en: `Reserved: ${move.label.en}`,
    title_zh: `预留：${move.label.zh}`,
    idempotency_key: keyOf(move.lessonId, 'reserve'),
  });
  return true;
}

/** Gives reserved credits back (leave accepted > 3 h before start, or a cancelled lesson). */
export async function releaseLessonCredits(tx: Transaction, move: LessonCredits): Promise<void> {
  if (move.credits <= 0) return;
  await lockLedgerOf(tx, move.parentId);
  if (!(await hasLedgerKey(tx, keyOf(move.lessonId, 'reserve')))) return;
  // Credits already spent by the lesson's end are not reserved any more.
  if (await hasLedgerKey(tx, keyOf(move.lessonId, 'consume'))) return;
  await appendLedger(tx, {
    parent_id: move.parentId,
    event: 'release',
    reserved_delta: -move.credits,
    title_en: `Released: ${move.label.en}`,
    title_zh: `退回：${move.label.zh}`,
    idempotency_key: keyOf(move.lessonId, 'release'),
  });
}

/**
 * Spends a lesson's reserved credits when it ends, attended or not. Reward credit goes first
 * (it is not refundable), then paid credit; the reservation guarantees both suffice.
 */
export async function consumeLessonCredits(tx: Transaction, move: LessonCredits): Promise<void> {
  if (move.credits <= 0) return;
  await lockLedgerOf(tx, move.parentId);
  if (!(await hasLedgerKey(tx, keyOf(move.lessonId, 'reserve')))) return;
  if (await hasLedgerKey(tx, keyOf(move.lessonId, 'release'))) return;
  const totals = await sumCredits(tx, move.parentId);
  const fromReward = Math.min(totals.reward, move.credits);
  const fromPaid = move.credits - fromReward;
  if (fromPaid > totals.paid) throw new Error(`ledger of parent ${move.parentId} is short`);
  await appendLedger(tx, {
    parent_id: move.parentId,
    event: 'consume',
    reserved_delta: -move.credits,
    reward_delta: -fromReward,
    paid_delta: -fromPaid,
    title_en: `Lesson: ${move.label.en}`,
    title_zh: `上课：${move.label.zh}`,
    idempotency_key: keyOf(move.lessonId, 'consume'),
  });
}
