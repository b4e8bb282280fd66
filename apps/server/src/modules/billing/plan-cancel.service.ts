import type {
  MembershipCancelBody,
  MembershipCancelPreview,
  OpsMembership,
} from '@portal/shared/staff';
import type { AppContext } from '../../app-context';
import type { DbOrTx } from '../../db/client';
import { conflict, notFound } from '../../lib/app-error';
import { recordAudit } from '../audit/audit.service';
import { getAccount } from '../credits/credits.service';
import { findOpenLessonsBetween, type PlanLessonRow } from './plan-pause.repository';
import {
  deliverLocalRefund,
  findRefundOfKey,
  lockParentForMoney,
  planPeriodPayment,
  refundInTransaction,
  type MoneyActor,
} from './refunds.service';
import {
  activePlansAt,
  updateMembershipRow as updateMembership,
  type MembershipRow,
} from '../membership/membership.service';

/*
 * A family's plan from the console (issue #23, decision 048): read it, and cancel it at the
 * period's end (renewals stop) or at once with the unused whole days refunded through the same
 * refund engine as any staff refund. Issue #25 lets parents cancel at the period's end here too.
 */

type Ctx = Pick<AppContext, 'db' | 'clock' | 'providers'>;

/**
 * Who cancels a plan: staff from the console (audited, decision 048), or the parent themselves
 * (issue #25: their own act, kept out of the staff audit log; `parentId` must be the plan's).
 */
export type PlanActor = MoneyActor | { parentId: number };
const isStaff = (actor: PlanActor): actor is MoneyActor => 'staffId' in actor;
const DAY_MS = 86_400_000;

/** One calendar month earlier, keeping the day where it can (the inverse of addMonth). */
function monthBefore(from: Date): Date {
  const next = new Date(from);
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() - 1);
  const last = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, last));
  return next;
}

/** The current period: [a month before its end, or its start if later; its end). */
export function periodStartOf(plan: Pick<MembershipRow, 'starts_at' | 'ends_at'>): Date {
  const before = monthBefore(plan.ends_at);
  return before > plan.starts_at ? before : plan.starts_at;
}

async function currentPlan(db: DbOrTx, parentId: number, now: Date) {
  const [plan] = await activePlansAt(db, parentId, now);
  return plan;
}

async function toOpsMembership(db: DbOrTx, plan: MembershipRow): Promise<OpsMembership> {
  const payment = await planPeriodPayment(db, plan, plan.ends_at);
  return {
    id: plan.id,
    name: { en: plan.title_en, zh: plan.title_zh },
    kids: plan.kids,
    price: plan.price_minor,
    currency: plan.currency,
    startsAt: plan.starts_at.toISOString(),
    periodStartsAt: periodStartOf(plan).toISOString(),
    endsAt: plan.ends_at.toISOString(),
    renews: plan.subscription_id !== null && !plan.cancel_at_period_end,
    cancelAtPeriodEnd: plan.cancel_at_period_end,
    provider: payment.order?.provider ?? '',
    orderNo: payment.order?.order_no ?? null,
  };
}

/** The family's plan running now, if any. */
export async function getFamilyMembership(ctx: Pick<AppContext, 'db' | 'clock'>, parentId: number) {
  const plan = await currentPlan(ctx.db, parentId, ctx.clock.now());
  return plan ? toOpsMembership(ctx.db, plan) : null;
}

async function previewOf(db: DbOrTx, plan: MembershipRow, now: Date) {
  const payment = await planPeriodPayment(db, plan, now);
  const start = periodStartOf(plan);
  const periodDays = Math.max(1, Math.round((plan.ends_at.getTime() - start.getTime()) / DAY_MS));
  const unusedDays = Math.max(
    0,
    Math.min(periodDays, Math.floor((plan.ends_at.getTime() - now.getTime()) / DAY_MS)),
  );
  const refund = Math.floor((payment.paidMinor * unusedDays) / periodDays);
  const preview: MembershipCancelPreview = {
    endsAt: plan.ends_at.toISOString(),
    now: now.toISOString(),
    refund,
    currency: plan.currency,
    unusedDays,
    periodDays,
  };
  return { preview, payment };
}

/** What cancelling the family's plan now would refund. */
export async function previewMembershipCancel(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  parentId: number,
): Promise<MembershipCancelPreview> {
  const now = ctx.clock.now();
  const plan = await currentPlan(ctx.db, parentId, now);
  if (!plan) throw notFound('membershipNotFound');
  return (await previewOf(ctx.db, plan, now)).preview;
}

/**
 * Cancels the parent's plan (decision 048) — THE one function for staff and for the parent
 * (issue #25). `period-end`: renewals stop at the provider and the plan runs to `ends_at`;
 * asked again, nothing moves. `now`: the plan ends at once and, for staff, the unused whole days
 * are refunded (the body repeats the previewed figure; a moved one is 409
 * `membershipRefundChanged`), then the provider's subscription ends; a parent's `now` (an
 * account being deleted) refunds nothing and must say `refund: 0`. Under the parent's lock;
 * staff's acts are audited, a parent's are not. Answers the plan after.
 */
export async function cancelMembership(
  ctx: Ctx,
  actor: PlanActor,
  parentId: number,
  command: MembershipCancelBody,
): Promise<OpsMembership | null> {
  const now = ctx.clock.now();
  const payments = ctx.providers.payments;
  const key = command.idempotencyKey.toLowerCase();
  const done = await ctx.db.transaction(async (tx) => {
    await lockParentForMoney(tx, parentId);
    // A resent cancellation with a refund: answered as it was, nothing moves again.
    if (command.mode === 'now' && (await findRefundOfKey(tx, key)))
      return { plan: null, refund: null };
    const plan = await currentPlan(tx, parentId, now);
    if (!plan) throw notFound(isStaff(actor) ? 'membershipNotFound' : 'planCancelNoPlan');
    if (!isStaff(actor) && actor.parentId !== parentId) throw notFound('planCancelNoPlan');
    if (command.mode === 'period-end') {
      if (plan.cancel_at_period_end) return { plan, refund: null };
      if (plan.subscription_id) await payments.cancelSubscriptionAtPeriodEnd(plan.subscription_id);
      const updated = await updateMembership(tx, plan.id, {
        cancel_at_period_end: true,
        updated_at: now,
      });
      if (isStaff(actor))
        await recordAudit(tx, {
          staffId: actor.staffId,
          action: 'membership.cancelled',
          target: { type: 'membership', id: plan.id },
          parentId,
          ip: actor.ip,
          detail: {
            mode: 'period-end',
            amount: 0,
            currency: plan.currency,
            reason: command.reason,
          },
        });
      return { plan: updated, refund: null };
    }
    if (!isStaff(actor)) {
      if (command.refund !== 0) throw conflict('membershipRefundChanged');
      if (plan.subscription_id) await payments.cancelSubscription(plan.subscription_id);
      await updateMembership(tx, plan.id, { cancelled_at: now, updated_at: now });
      return { plan: null, refund: null };
    }
    const { preview, payment } = await previewOf(tx, plan, now);
    if (preview.refund !== command.refund) throw conflict('membershipRefundChanged');
    let refund = null;
    if (preview.refund > 0) {
      if (!payment.order || !payment.source) throw conflict('refundOrderNotPaid');
      refund = await refundInTransaction(
        tx,
        payments,
        {
          order: payment.order,
          amount: preview.refund,
          credits: 0,
          reason: command.reason,
          idempotencyKey: key,
          staffId: actor.staffId,
          membershipId: plan.id,
          source: payment.source,
        },
        now,
      );
    }
    if (plan.subscription_id) await payments.cancelSubscription(plan.subscription_id);
    await updateMembership(tx, plan.id, { cancelled_at: now, updated_at: now });
    await recordAudit(tx, {
      staffId: actor.staffId,
      action: 'membership.cancelled',
      target: { type: 'membership', id: plan.id },
      parentId,
      ip: actor.ip,
      detail: {
        mode: 'now',
        amount: preview.refund,
        currency: plan.currency,
        reason: command.reason,
        ...(refund ? { refundNo: refund.refund_no } : {}),
      },
    });
    return { plan: null, refund };
  });
  if (done.refund) await deliverLocalRefund(ctx, done.refund);
  return done.plan ? toOpsMembership(ctx.db, done.plan) : null;
}

/** What a parent's own cancellation at the period's end would do (issue #25). */
export interface ParentCancelPreview {
  plan: MembershipRow;
  /** Renewals already stopped (by the parent, staff or the provider). */
  alreadyCancelled: boolean;
  renews: boolean;
  /** Lessons scheduled after the plan ends: not covered, they use credits (held already). */
  lessonsAfter: PlanLessonRow[];
  balance: number;
}

export async function previewParentPlanCancel(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  parentId: number,
): Promise<ParentCancelPreview> {
  const plan = await currentPlan(ctx.db, parentId, ctx.clock.now());
  if (!plan) throw notFound('planCancelNoPlan');
  const lessonsAfter = await findOpenLessonsBetween(ctx.db, parentId, { from: plan.ends_at });
  const account = await getAccount(ctx, parentId);
  return {
    plan,
    alreadyCancelled: plan.cancel_at_period_end,
    renews: plan.subscription_id !== null && !plan.cancel_at_period_end,
    lessonsAfter,
    balance: account.balance,
  };
}

/** The parent cancels their own plan at the period's end: the staff's function, as the parent. */
export async function cancelOwnPlan(ctx: Ctx, parentId: number): Promise<MembershipRow> {
  await cancelMembership(ctx, { parentId }, parentId, {
    mode: 'period-end',
    reason: 'parent',
    idempotencyKey: '00000000-0000-4000-8000-000000000000',
  });
  const plan = await currentPlan(ctx.db, parentId, ctx.clock.now());
  if (!plan) throw notFound('planCancelNoPlan');
  return plan;
}
