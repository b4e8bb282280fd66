import type { Language } from '@portal/shared/i18n';
import type { AppContext } from '../../app-context';
import { badRequest, unauthenticated } from '../../lib/app-error';
import { viewpointOf } from '../../lib/time';
import { canonicalTimeZone } from '@portal/shared/api';
import { findParentById, updateParent } from '../parents/parents.service';
import { childLimitFor, findChildren } from '../children/children.service';
import { getMembership } from '../membership/membership.service';
import { monthCountsOf, type MonthCounts } from '../lessons/lessons.service';

/** The signed-in parent's account, plan, child limit and current child (spec §3 User profile). */
export interface ParentProfile {
  userSn: string;
  name: string | null;
  countryCode: string;
  mobile: string;
  email: string | null;
  city: string | null;
  country: string | null;
  /** The adviser who referred the parent, and their code (decision 020). */
  referer: string | null;
  refererCode: string | null;
  wechat: string | null;
  language: Language | null;
  timeZone: string | null;
  /** 0 while onboarding (spec §3). */
  status: number;
  hasPassword: boolean;
  plan: { isActive: boolean; kids: number; memberType: number };
  childLimit: number;
  canAddChild: boolean;
  /** The child last selected, else the first; null without children. */
  currentChild: {
    studentSn: string;
    avatar: string;
    nickname: string;
    /** This month's lessons in the parent's calendar. */
    monthCounts: MonthCounts;
  } | null;
}

/**
 * The parent's profile (spec §3 User profile). It is composed from the modules that own each
 * part: the account here, the current child and the child limit from the children module;
 * this month's lesson counts from the lessons module and the plan from the membership module.
 */
export async function getProfile(
  ctx: AppContext,
  parentId: number,
  timeDiff?: number,
): Promise<ParentProfile> {
  // Independent reads side by side, each once (issue #8: the profile made 10 round trips one
  // after another, three of them for the same parent row; docs/performance.md).
  const [parent, membership, children] = await Promise.all([
    findParentById(ctx.db, parentId),
    getMembership(ctx, parentId),
    findChildren(ctx, parentId),
  ]);
  if (!parent) throw unauthenticated();
  // The live children are the ones the limit counts (getChildLimit's rule, without re-reading).
  const limit = childLimitFor(parent.child_limit_override, membership.member_kids);
  const count = children.length;
  // The current child: the one last selected, else the first (spec §3 last_student_sn).
  const current =
    children.find((child) => child.studentSn === parent.last_student_sn) ?? children[0];
  return {
    userSn: parent.user_sn,
    name: parent.name,
    countryCode: parent.country_code,
    mobile: parent.mobile,
    email: parent.email,
    city: parent.user_city,
    country: parent.user_country,
    referer: parent.referer,
    refererCode: parent.referer_code,
    wechat: parent.wechat,
    language: parent.language,
    timeZone: parent.time_zone,
    status: parent.status,
    hasPassword: Boolean(parent.password_hash),
    plan: {
      isActive: membership.member_status === 1,
      kids: membership.member_kids,
      memberType: membership.member_type,
    },
    childLimit: limit,
    canAddChild: count < limit,
    currentChild: current
      ? {
          studentSn: current.studentSn,
          avatar: current.avatarUrl,
          nickname: current.nickname,
          monthCounts: await monthCountsOf(
            ctx,
            parentId,
            current.studentSn,
            viewpointOf(timeDiff, parent.time_zone),
          ),
        }
      : null,
  };
}

/**
 * Keeps the parent's stored zone current (decision 035): the web app sends the browser's zone
 * when it differs from the stored one, so calls without `time_diff` (e-mails, statements opened
 * elsewhere) show the times the parent sees on screen. Only real IANA names are kept.
 */
export async function setTimeZone(
  ctx: AppContext,
  parentId: number,
  zone: string,
): Promise<string> {
  const canonical = canonicalTimeZone(zone);
  if (!canonical) throw badRequest('timeZoneInvalid');
  await updateParent(ctx.db, parentId, { time_zone: canonical }, ctx.clock.now());
  return canonical;
}
