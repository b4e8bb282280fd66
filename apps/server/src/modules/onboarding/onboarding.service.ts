import type { z } from 'zod';
import type { SaveEmailBodySchema } from '@portal/shared/onboarding';
import type { AppContext } from '../../app-context';
import { badRequest, conflict, unauthenticated } from '../../lib/app-error';
import { findAdviserByCode } from '../advisers/advisers.service';
import { updateEmail } from '../auth/auth.service';
import { findParentById, updateParent } from '../parents/parents.service';
import { getChildLimit } from '../children/children.service';

type OnboardingDetails = z.output<typeof SaveEmailBodySchema>;

/** Status of a parent whose onboarding is done (spec §3: "onboarding done when not 0"). */
export const ONBOARDED_STATUS = 1;

async function requireParentRow(ctx: AppContext, parentId: number) {
  const parent = await findParentById(ctx.db, parentId);
  if (!parent) throw unauthenticated();
  return parent;
}

/** Spec §5 / §7 verifyInvitationCode: a referral code is an adviser's invite code (decision 020). */
export async function isValidReferralCode(ctx: AppContext, code: string): Promise<boolean> {
  return Boolean(await findAdviserByCode(ctx, code));
}

/**
 * The onboarding account form (spec §2 /email): name, e-mail, chat ID and, once verified, a
 * referral code. Only while onboarding (status 0); a referral code is checked again here, so a
 * code the server does not know changes nothing. The first adviser a parent gets stays theirs.
 */
export async function saveOnboardingDetails(
  ctx: AppContext,
  parentId: number,
  details: OnboardingDetails,
): Promise<void> {
  const parent = await requireParentRow(ctx, parentId);
  if (parent.status !== 0) throw conflict('onboardingDone');
  const adviser = details.inviteCode ? await findAdviserByCode(ctx, details.inviteCode) : undefined;
  if (details.inviteCode && !adviser) throw badRequest('referralFailed');
  // The e-mail goes through the account rule (unique per account, raced by the unique index).
  await updateEmail(ctx, parentId, details.email);
  await updateParent(
    ctx.db,
    parentId,
    {
      name: details.name,
      wechat: details.wechat,
      ...(adviser
        ? {
            referer: adviser.name,
            referer_code: adviser.inviteCode,
            adviser_id: parent.adviser_id ?? adviser.id,
          }
        : {}),
    },
    ctx.clock.now(),
  );
}

/**
 * Marks onboarding done (spec §4: Next on /addChild, or the first child created). Needs the
 * account form and at least one child, so no parent reaches the lessons without them.
 * Answers the new status; calling it again changes nothing.
 */
export async function completeOnboarding(
  ctx: AppContext,
  parentId: number,
): Promise<{ status: number }> {
  const parent = await requireParentRow(ctx, parentId);
  if (parent.status !== 0) return { status: parent.status };
  if (!parent.name || !parent.email || !parent.wechat) throw badRequest('onboardingDetailsFirst');
  const { count } = await getChildLimit(ctx, parentId);
  if (count === 0) throw badRequest('onboardingChildFirst');
  await updateParent(ctx.db, parentId, { status: ONBOARDED_STATUS }, ctx.clock.now());
  return { status: ONBOARDED_STATUS };
}
