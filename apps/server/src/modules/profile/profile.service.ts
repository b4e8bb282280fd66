import type { Profile } from '@portal/shared/auth';
import type { AppContext } from '../../app-context';
import { unauthenticated } from '../../lib/app-error';
import { viewpointOf } from '../../lib/time';
import { canonicalTimeZone } from '@portal/shared/api';
import { badRequest } from '../../lib/app-error';
import { findParentById, updateParent } from '../parents/parents.service';
import { childLimitFor, findChildren } from '../children/children.service';
import { getMembership } from '../membership/membership.service';
import { monthCountsOf, type MonthCounts } from '../lessons/lessons.service';

/** This month's lesson counts as spec §3 student_info names them. */
const monthCountsWire = (counts: MonthCounts) => ({
  month_complete: counts.complete,
  month_pending: counts.pending,
  month_no_show: counts.noShow,
});

/**
 * The parent's profile (spec §3 User profile). It is composed from the modules that own each
 * part: the account here, the current child and the child limit from the children module;
 * this month's lesson counts from the lessons module and membership from billing.
 */
export async function getProfile(
  ctx: AppContext,
  parentId: number,
  timeDiff?: number,
): Promise<Profile> {
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
    children.find((child) => child.student_sn === parent.last_student_sn) ?? children[0];
  return {
    user_sn: parent.user_sn,
    name: parent.name,
    country_code: parent.country_code,
    mobile: parent.mobile,
    email: parent.email,
    user_city: parent.user_city,
    user_country: parent.user_country,
    referer: parent.referer,
    referer_code: parent.referer_code,
    wechat_id: parent.wechat,
    language: parent.language,
    time_zone: parent.time_zone,
    last_student_sn: current?.student_sn ?? null,
    member_status: membership.member_status,
    member_kids: membership.member_kids,
    member_type: membership.member_type,
    status: parent.status,
    has_password: Boolean(parent.password_hash),
    child_limit: limit,
    can_add_child: count < limit,
    student_info: current
      ? {
          student_sn: current.student_sn,
          avatar: current.avatar,
          nickname: current.nickname,
          ...monthCountsWire(
            await monthCountsOf(
              ctx,
              parentId,
              current.student_sn,
              viewpointOf(timeDiff, parent.time_zone),
            ),
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
