import type { Profile } from '@portal/shared/auth';
import type { AppContext } from '../../app-context';
import { unauthenticated } from '../../lib/app-error';
import { findParentById } from '../auth/parents.repository';

/** decisions.md → Children: 3 without a plan; the hard cap is 6. */
export const DEFAULT_CHILD_LIMIT = 3;

/**
 * The parent's profile (spec §3 User profile). It is composed from the modules that own each
 * part: the account here; the current child's card, membership and the child limit come from
 * the children, lessons and billing modules as they land (issues #4–#6). Until a parent has
 * children and a plan, those parts are what they truly are: no child, no plan, limit 3.
 */
export async function getProfile(ctx: AppContext, parentId: number): Promise<Profile> {
  const parent = await findParentById(ctx.db, parentId);
  if (!parent) throw unauthenticated();
  const childLimit = DEFAULT_CHILD_LIMIT;
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
    language: parent.language,
    time_zone: parent.time_zone,
    last_student_sn: parent.last_student_sn,
    member_status: 0,
    member_kids: 0,
    member_type: 0,
    status: parent.status,
    has_password: Boolean(parent.password_hash),
    child_limit: childLimit,
    can_add_child: true,
    student_info: null,
  };
}
