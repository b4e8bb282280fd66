import { z } from 'zod';
import { LANGUAGES } from '../i18n/language';

/** Spec §3 Login response: `status` 0 means onboarding is not done. */
export const LoginDataSchema = z.object({
  token: z.string(),
  status: z.number().int(),
  user_sn: z.string(),
  /**
   * A new device token for this browser to keep and send with later sign-ins (decision 030);
   * absent when the browser's token is still good.
   */
  device_token: z.string().optional(),
  /**
   * While the parent's account deletion is pending (issue #25): when it will be erased (ISO
   * instant). The signed-in screens then offer "Cancel deletion".
   */
  deletion_due_at: z.string().optional(),
});
export type LoginData = z.infer<typeof LoginDataSchema>;

export const CheckUserDataSchema = z.object({ is_exist: z.boolean(), status: z.number().int() });
export const VerifyCodeDataSchema = z.object({ valid: z.literal(true) });
export const MessageDataSchema = z.object({ message: z.string() });

/** Spec §3 User profile, plus the computed child limit (docs/product.md → Children limits). */
export const ProfileSchema = z.object({
  user_sn: z.string(),
  name: z.string().nullable(),
  country_code: z.string(),
  /** Full number: the parent's own profile, answered only to the parent, never logged. */
  mobile: z.string(),
  email: z.string().nullable(),
  user_city: z.string().nullable(),
  user_country: z.string().nullable(),
  referer: z.string().nullable(),
  referer_code: z.string().nullable(),
  /** Chat-app ID from onboarding or registration. */
  wechat_id: z.string().nullable(),
  language: z.enum(LANGUAGES).nullable(),
  time_zone: z.string().nullable(),
  last_student_sn: z.string().nullable(),
  member_status: z.number().int(),
  member_kids: z.number().int(),
  member_type: z.number().int(),
  status: z.number().int(),
  has_password: z.boolean(),
  child_limit: z.number().int(),
  can_add_child: z.boolean(),
  student_info: z
    .object({
      student_sn: z.string(),
      avatar: z.string(),
      nickname: z.string(),
      month_complete: z.number().int(),
      month_pending: z.number().int(),
      month_no_show: z.number().int(),
    })
    .nullable(),
});
export type Profile = z.infer<typeof ProfileSchema>;

/** Spec §3 Sales adviser. */
export const SalespersonSchema = z.object({
  name: z.string(),
  describe: z.string(),
  email: z.string(),
  mobile: z.string(),
  wechat: z.string(),
  qr_code: z.string(),
});

export const UserInfoSchema = z.object({
  user_info: ProfileSchema,
  salesperson_info: SalespersonSchema.nullable(),
});
