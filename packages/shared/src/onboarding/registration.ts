import { z } from 'zod';
import { EmailSchema } from '../auth/email';
import { VerificationCodeSchema } from '../auth/codes';
import { PHONE_FIELDS, refinePhone } from '../auth/phone';
import { CaptchaSolutionSchema } from './captcha';
import { ParentNameSchema, REFERRAL_CODE_MAX_LENGTH, WechatIdSchema } from './onboarding';

/** Spec §9: the share landing page is 12, the adviser registration form 13. */
export const LANDING_PAGE_IDS = { share: 12, adviserRegistration: 13 } as const;
/** Spec §9: the share page registers with +86 only. */
export const LANDING_COUNTRY_CODE = '86';
/** Spec §7 addCheckPointsLog types: 1 on the adviser registration, 3 on the share page. */
export const CHECKPOINT_TYPES = { adviserRegistration: 1, sharePage: 3 } as const;
/** Spec §9: the floating claim button appears after this much scrolling. */
export const FLOATING_CLAIM_SCROLL_PX = 500;

/** Extra query parameters of a landing link (utm_*, …) kept with the registration; ours: ≤ 20. */
export const MAX_EXTRA_PARAMS = 20;
export const EXTRA_PARAM_KEY = /^[A-Za-z0-9_.-]{1,40}$/;
export const EXTRA_PARAM_MAX_LENGTH = 200;
export const CHILD_NICKNAME_MAX_LENGTH = 20;

/** The body fields signUpUser knows; every other field is a landing-page parameter. */
export const SIGN_UP_FIELDS = [
  'mobile',
  'country_code',
  'verification',
  'code',
  'nickname',
  'child_nickname',
  'email',
  'wechat_id',
  'landingpage_id',
  'captcha',
] as const;

const optionalText = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' || value === null ? undefined : value), schema.optional());

/**
 * `POST /api/signUpUser` (spec §7; docs/product.md → Registration and onboarding): `verification`
 * is the SMS code of scene "register", `code` the adviser's invite code, and every other field a
 * parameter of the landing page's address (utm_source, utm_campaign, …), stored with the
 * registration.
 */
export const SignUpBodySchema = z
  .object({
    ...PHONE_FIELDS,
    verification: VerificationCodeSchema,
    code: optionalText(z.string().trim().max(REFERRAL_CODE_MAX_LENGTH, 'inviteCodeInvalid')),
    nickname: optionalText(ParentNameSchema),
    child_nickname: optionalText(
      z.string().trim().max(CHILD_NICKNAME_MAX_LENGTH, 'childNicknameTooLong'),
    ),
    email: optionalText(EmailSchema),
    wechat_id: optionalText(WechatIdSchema),
    landingpage_id: z.coerce
      .number({ error: 'landingPageInvalid' })
      .int('landingPageInvalid')
      .refine(
        (id) => (Object.values(LANDING_PAGE_IDS) as number[]).includes(id),
        'landingPageInvalid',
      ),
    captcha: CaptchaSolutionSchema,
  })
  .catchall(z.union([z.string().max(EXTRA_PARAM_MAX_LENGTH, 'invalidRequest'), z.number()]))
  .superRefine((body, ctx) => {
    refinePhone(body, ctx);
    const extra = Object.keys(body).filter(
      (key) => !(SIGN_UP_FIELDS as readonly string[]).includes(key),
    );
    if (extra.length > MAX_EXTRA_PARAMS || extra.some((key) => !EXTRA_PARAM_KEY.test(key)))
      ctx.addIssue({ code: 'custom', path: [], message: 'tooManyParams' });
  });
export type SignUpBody = z.input<typeof SignUpBodySchema>;

/** The landing-page parameters of a sign-up body: everything that is not a known field. */
export function extraParamsOf(body: Record<string, unknown>): Record<string, string> {
  const extra: Record<string, string> = {};
  for (const [key, value] of Object.entries(body)) {
    if ((SIGN_UP_FIELDS as readonly string[]).includes(key) || value === undefined) continue;
    extra[key] = String(value);
  }
  return extra;
}

/** Spec §3 Sign-up response. `invite_code` is the code of the adviser the parent now has. */
export const SignUpDataSchema = z.object({
  user_sn: z.string(),
  invite_code: z.string().nullable(),
  /**
   * The new parent's session: the SMS code proved the phone (docs/product.md → Registration and
   * onboarding).
   */
  token: z.string(),
  /** 0: onboarding is next (spec §3 Login response). */
  status: z.number().int(),
});
export type SignUpData = z.infer<typeof SignUpDataSchema>;

/** `/newUser` (spec §3 Registration form) with the SMS code that proves the phone. */
export const NewUserFormSchema = z
  .object({
    nickname: ParentNameSchema,
    email: EmailSchema,
    ...PHONE_FIELDS,
    verification: VerificationCodeSchema,
    wechat_id: WechatIdSchema,
  })
  .superRefine(refinePhone);
export type NewUserForm = z.infer<typeof NewUserFormSchema>;

/** `/shareRegister`: phone (+86) and the SMS code. */
export const ShareRegisterFormSchema = z
  .object({ ...PHONE_FIELDS, verification: VerificationCodeSchema })
  .superRefine(refinePhone);

/** Spec §3 Share image response: picture addresses and the page's background colour. */
export const ShareImagesSchema = z.object({
  list: z.array(z.string()),
  colour: z.string(),
});
export type ShareImages = z.infer<typeof ShareImagesSchema>;

/** `POST /api/addCheckPointsLog` (spec §7): type, value and, when known, the parent's user_sn. */
export const CheckpointBodySchema = z.object({
  type: z.coerce
    .number({ error: 'checkpointTypeError' })
    .int('checkpointTypeError')
    .min(1, 'checkpointTypeError')
    .max(9, 'checkpointTypeError'),
  value: z.string().trim().max(200, 'checkpointValueError').default(''),
  user_sn: optionalText(z.string().trim().max(40, 'invalidRequest')),
});
export type CheckpointBody = z.input<typeof CheckpointBodySchema>;
