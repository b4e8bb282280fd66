import type { Profile } from '@portal/shared/auth';

/** A parent's profile as `GET /api/user/profile` answers it: parent U1, no child chosen; `overrides` win. */
export function profileFixture(overrides: Partial<Profile> = {}): Profile {
  return {
    user_sn: 'U1',
    name: 'Lin',
    country_code: '86',
    mobile: '13800138000',
    email: null,
    user_city: null,
    user_country: null,
    referer: null,
    referer_code: null,
    wechat_id: null,
    language: 'en',
    time_zone: 'Asia/Shanghai',
    last_student_sn: null,
    member_status: 0,
    member_kids: 0,
    member_type: 0,
    status: 1,
    has_password: true,
    child_limit: 3,
    can_add_child: true,
    student_info: null,
    ...overrides,
  };
}
