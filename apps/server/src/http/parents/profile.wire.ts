import type { Profile } from '@portal/shared/auth';
import type { ParentProfile } from '../../modules/profile/profile.service';

/** Spec §3 User profile on the wire: its field names, `member_status` 1/0, `student_info`. */
export function profileWire(profile: ParentProfile): Profile {
  const child = profile.currentChild;
  return {
    user_sn: profile.userSn,
    name: profile.name,
    country_code: profile.countryCode,
    mobile: profile.mobile,
    email: profile.email,
    user_city: profile.city,
    user_country: profile.country,
    referer: profile.referer,
    referer_code: profile.refererCode,
    wechat_id: profile.wechat,
    language: profile.language,
    time_zone: profile.timeZone,
    last_student_sn: child?.studentSn ?? null,
    member_status: profile.plan.isActive ? 1 : 0,
    member_kids: profile.plan.kids,
    member_type: profile.plan.memberType,
    status: profile.status,
    has_password: profile.hasPassword,
    child_limit: profile.childLimit,
    can_add_child: profile.canAddChild,
    student_info: child
      ? {
          student_sn: child.studentSn,
          avatar: child.avatar,
          nickname: child.nickname,
          month_complete: child.monthCounts.complete,
          month_pending: child.monthCounts.pending,
          month_no_show: child.monthCounts.noShow,
        }
      : null,
  };
}
