import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../app-context';
import { recordAudit } from '../audit/audit.service';
import { removeCalendarFeed } from '../calendar-feed/calendar-feed.service';
import { forgetReminders } from '../reminders/reminders.service';
import { activePlansAt, updateMembershipRow } from '../membership/membership.service';
import { cancelLessonsOfChild } from '../scheduling/scheduling.service';
import {
  claimDueDeletion,
  erasePersonalData,
  findStudentIdsOfParent,
} from './account-deletion.repository';

/*
 * The erasure job (issue #25, docs/retention.md): accounts whose 14-day grace period is over lose
 * their personal data. Each account is claimed with its row locked (`FOR UPDATE SKIP LOCKED`) and
 * erased in that one transaction, so two instances running the job at once erase each account
 * once, and a parent's "cancel deletion" either lands before the claim or finds the account gone.
 */

type Ctx = Pick<AppContext, 'db' | 'providers' | 'clock'>;

/** At most this many accounts per run; the next run takes the rest. */
const ACCOUNTS_PER_RUN = 50;

/** A public id that names nobody: the financial rows keep pointing at the same parent row. */
export function newAnonymousSn(): string {
  return `anon-${randomBytes(8).toString('hex')}`;
}

/** Erases one due account; false when none is due (or every due one is being erased elsewhere). */
async function eraseOne(ctx: Ctx, now: Date, failures: unknown[]): Promise<boolean> {
  const done = await ctx.db.transaction(async (tx) => {
    const account = await claimDueDeletion(tx, now);
    if (!account) return null;
    // Coming lessons are cancelled (their reserved credits released); lessons on air still settle.
    for (const studentId of await findStudentIdsOfParent(tx, account.id))
      await cancelLessonsOfChild({ db: tx }, studentId, now);
    // What is left of a plan ends now (renewals already stopped when the deletion was asked for).
    const plans = await activePlansAt(tx, account.id, now);
    for (const plan of plans)
      await updateMembershipRow(tx, plan.id, { cancelled_at: now, updated_at: now });
    await erasePersonalData(tx, account, newAnonymousSn(), now);
    // Reminders and the calendar link serve only a live family: nothing to keep (issue #24).
    await forgetReminders({ db: tx }, account.id);
    await removeCalendarFeed({ db: tx }, account.id);
    await recordAudit(tx, {
      staffId: null,
      action: 'account.erased',
      parentId: account.id,
      detail: {
        by: 'system',
        requestedAt: account.deletion_requested_at?.toISOString() ?? null,
      },
    });
    return { subscriptions: plans.flatMap((plan) => plan.subscription_id ?? []) };
  });
  if (!done) return false;
  // After the commit: a provider that fails here leaves a subscription already set to end at
  // its period's end (stopped when the deletion was asked for), so nothing more is charged;
  // the failure is reported once the run is over.
  for (const subscription of done.subscriptions)
    await ctx.providers.payments.cancelSubscription(subscription).catch((error: unknown) => {
      failures.push(error);
    });
  return true;
}

/**
 * One run of the erasure job: every account due by `now`, up to `ACCOUNTS_PER_RUN`. A provider
 * that failed to end a subscription fails the run after every account is erased (the job logs it).
 */
export async function eraseDueAccounts(ctx: Ctx, now: Date): Promise<number> {
  const failures: unknown[] = [];
  let erased = 0;
  while (erased < ACCOUNTS_PER_RUN && (await eraseOne(ctx, now, failures))) erased += 1;
  if (failures.length > 0)
    throw new AggregateError(failures, `erasure: ${failures.length} subscription(s) not ended`);
  return erased;
}
