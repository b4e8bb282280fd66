import { eq } from 'drizzle-orm';
import type { DbOrTx, Transaction } from '../../db/client';
import { creditLedger } from '../../db/schema';
import {
  appendLedger as appendRow,
  consumedByLesson,
  hasLedgerKey,
  lockLedgerOf,
  sumCredits,
  type CreditTotals,
  type NewLedgerRow,
} from './credits.repository';

/**
 * Ledger moves of a lesson's credits (docs/product.md → Lessons and credits). Every function runs
 * inside the caller's transaction, locks the parent's ledger first and writes one row, dated at
 * the caller's `now` like every other ledger row, whose idempotency key names the lesson and the
 * move, so a retry or a second instance is a no-op.
 */
export interface LessonCredits {
  parentId: number;
  lessonId: number;
  credits: number;
  /** Shown in the credit history, e.g. "Reading · lesson 3". */
  label: { en: string; zh: string };
}

/**
 * Credits free to book: paid and reward credit less what is held for scheduled lessons
 * (docs/product.md → Lessons and credits: `balance_valid`). Never negative by the ledger's rules.
 */
export function availableOf(totals: CreditTotals): number {
  return totals.paid + totals.reward - totals.reserved;
}

/** The ledger key of a lesson's credit move: one row per lesson and move, however often retried. */
export const lessonLedgerKey = (lessonId: number, move: 'reserve' | 'release' | 'consume') =>
  `lesson:${lessonId}:${move}`;

/**
 * Sets the lesson's credits aside. Answers false, writing nothing, when the credits not yet
 * reserved cannot cover it (balances never go negative).
 */
export async function reserveLessonCredits(
  tx: Transaction,
  move: LessonCredits,
  now: Date,
): Promise<boolean> {
  if (move.credits <= 0) return true;
  await lockLedgerOf(tx, move.parentId);
  if (await hasLedgerKey(tx, lessonLedgerKey(move.lessonId, 'reserve'))) return true;
  const totals = await sumCredits(tx, move.parentId);
  if (availableOf(totals) < move.credits) return false;
  await appendRow(tx, {
    parent_id: move.parentId,
    event: 'reserve',
    created_at: now,
    reserved_delta: move.credits,
    title_en: `Reserved: ${move.label.en}`,
    title_zh: `预留：${move.label.zh}`,
    idempotency_key: lessonLedgerKey(move.lessonId, 'reserve'),
  });
  return true;
}

/** Gives reserved credits back (leave accepted > 3 h before start, or a cancelled lesson). */
export async function releaseLessonCredits(
  tx: Transaction,
  move: LessonCredits,
  now: Date,
): Promise<void> {
  if (move.credits <= 0) return;
  await lockLedgerOf(tx, move.parentId);
  if (!(await hasLedgerKey(tx, lessonLedgerKey(move.lessonId, 'reserve')))) return;
  // Credits already spent by the lesson's end are not reserved any more.
  if (await hasLedgerKey(tx, lessonLedgerKey(move.lessonId, 'consume'))) return;
  await appendRow(tx, {
    parent_id: move.parentId,
    event: 'release',
    created_at: now,
    reserved_delta: -move.credits,
    title_en: `Released: ${move.label.en}`,
    title_zh: `退回：${move.label.zh}`,
    idempotency_key: lessonLedgerKey(move.lessonId, 'release'),
  });
}

/**
 * Spends a lesson's reserved credits when it ends, attended or not. Reward credit goes first
 * (it is not refundable), then paid credit; the reservation guarantees both suffice.
 */
export async function consumeLessonCredits(
  tx: Transaction,
  move: LessonCredits,
  now: Date,
): Promise<void> {
  if (move.credits <= 0) return;
  await lockLedgerOf(tx, move.parentId);
  if (!(await hasLedgerKey(tx, lessonLedgerKey(move.lessonId, 'reserve')))) return;
  if (await hasLedgerKey(tx, lessonLedgerKey(move.lessonId, 'release'))) return;
  const totals = await sumCredits(tx, move.parentId);
  const fromReward = Math.min(totals.reward, move.credits);
  const fromPaid = move.credits - fromReward;
  if (fromPaid > totals.paid) throw new Error(`ledger of parent ${move.parentId} is short`);
  await appendRow(tx, {
    parent_id: move.parentId,
    event: 'consume',
    created_at: now,
    reserved_delta: -move.credits,
    reward_delta: -fromReward,
    paid_delta: -fromPaid,
    title_en: `Lesson: ${move.label.en}`,
    title_zh: `上课：${move.label.zh}`,
    idempotency_key: lessonLedgerKey(move.lessonId, 'consume'),
  });
}

/** Credits bought by a paid order (a package or a credit good). */
export interface CreditPurchase {
  parentId: number;
  /** Names the order in the rows' idempotency keys: a redelivered payment grants nothing twice. */
  orderNo: string;
  quantity: number;
  /** Free credits that come with the package (reward credit: not refundable). */
  extraQuantity: number;
  /** What was bought, in the history's title of the free credits. */
  title: { en: string; zh: string };
}

/** Grants a purchase's credits inside the fulfilment's transaction: paid, then any free extra. */
export async function grantPurchasedCredits(tx: Transaction, purchase: CreditPurchase, now: Date) {
  await appendRow(tx, {
    parent_id: purchase.parentId,
    event: 'purchase',
    paid_delta: purchase.quantity,
    title_en: `Purchased ${purchase.quantity} credits`,
    title_zh: `购买 ${purchase.quantity} 课时`,
    idempotency_key: `order:${purchase.orderNo}:credits`,
    created_at: now,
  });
  if (purchase.extraQuantity > 0)
    await appendRow(tx, {
      parent_id: purchase.parentId,
      event: 'reward',
      reward_delta: purchase.extraQuantity,
      title_en: `${purchase.extraQuantity} free credits with ${purchase.title.en}`,
      title_zh: `${purchase.title.zh} 赠送 ${purchase.extraQuantity} 课时`,
      idempotency_key: `order:${purchase.orderNo}:extra`,
      created_at: now,
    });
}

/** Credits a staff refund takes back (issue #23): named by the refund's number. */
export interface RefundCredits {
  parentId: number;
  refundNo: string;
  credits: number;
}

/**
 * Takes back a refund's credits inside the refund's transaction (the caller holds the parent's
 * ledger lock and checked `credits` ≤ what is free to book): paid credit first (that is what was
 * paid for), then reward. Answers the row's deltas; a replay writes nothing.
 */
export async function takeBackRefundedCredits(
  tx: Transaction,
  move: RefundCredits,
  now: Date,
): Promise<{ paid: number; reward: number }> {
  if (move.credits <= 0) return { paid: 0, reward: 0 };
  await lockLedgerOf(tx, move.parentId);
  const totals = await sumCredits(tx, move.parentId);
  if (availableOf(totals) < move.credits)
    throw new Error(`ledger of parent ${move.parentId} is short for refund ${move.refundNo}`);
  const paid = Math.min(move.credits, Math.max(totals.paid, 0));
  const reward = move.credits - paid;
  await appendRow(tx, {
    parent_id: move.parentId,
    event: 'refund',
    paid_delta: -paid,
    reward_delta: -reward,
    title_en: `Refund ${move.refundNo}: ${move.credits} credits taken back`,
    title_zh: `退款 ${move.refundNo}：收回 ${move.credits} 课时`,
    idempotency_key: `refund:${move.refundNo}:credits`,
    created_at: now,
  });
  return { paid, reward };
}

/**
 * The provider refused the refund: its credits come back as they were taken (the take-back
 * row's own split), once.
 */
export async function restoreRefundedCredits(
  tx: Transaction,
  move: Omit<RefundCredits, 'credits'>,
  now: Date,
): Promise<void> {
  await lockLedgerOf(tx, move.parentId);
  const [taken] = await tx
    .select({ paid: creditLedger.paid_delta, reward: creditLedger.reward_delta })
    .from(creditLedger)
    .where(eq(creditLedger.idempotency_key, `refund:${move.refundNo}:credits`));
  if (!taken) return;
  const credits = -(taken.paid + taken.reward);
  await appendRow(tx, {
    parent_id: move.parentId,
    event: 'refund_reversed',
    paid_delta: -taken.paid,
    reward_delta: -taken.reward,
    title_en: `Refund ${move.refundNo} failed: ${credits} credits given back`,
    title_zh: `退款 ${move.refundNo} 未成功：退回 ${credits} 课时`,
    idempotency_key: `refund:${move.refundNo}:restore`,
    created_at: now,
  });
}

/** Credits each lesson actually consumed, by lesson id (absent: none consumed yet). */
export function creditsConsumedByLessons(
  db: DbOrTx,
  parentId: number,
  lessonIds: number[],
): Promise<Map<number, number>> {
  return consumedByLesson(db, parentId, lessonIds);
}

/**
 * Appends one ledger row as given; answers false when its idempotency key was used before.
 * For the demo data, test fixtures and tests only: the product's moves are the functions above.
 */
export function appendLedger(db: DbOrTx, row: NewLedgerRow): Promise<boolean> {
  return appendRow(db, row);
}
