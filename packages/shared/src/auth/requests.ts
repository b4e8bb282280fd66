import { z } from 'zod';
import { canonicalTimeZone } from '../api/time-zone';
import { LANGUAGES } from '../i18n/language';
import { CAPTCHA_SOLUTION_MAX_LENGTH } from '../onboarding/captcha-limits';
import { VerificationCodeSchema } from './codes';
import { EmailSchema } from './email';
import { newPasswordField, PASSWORD_MAX_LENGTH, SignInPasswordSchema } from './password';
import { PHONE_FIELDS, refinePhone } from './phone';

/**
 * IANA zone from the browser (Intl), kept on the profile. A name that is no zone becomes
 * undefined, so the parent's previous zone stays (issue #18 item 8); sign-in never fails on it.
 */
const TimeZoneSchema = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? canonicalTimeZone(value) : undefined));

/**
 * The device token a browser got at an earlier sign-in (decision 030): a correct password from a
 * known device passes the temporary sign-in locks. Anything malformed counts as "no device".
 */
const DeviceTokenSchema = z.string().max(200).optional().catch(undefined);

/**
 * A solved captcha (the ALTCHA widget's payload, decisions 020 and 041). Optional in the schema:
 * the server asks for it (`signInCaptchaRequired`, `captchaRequired`) only where a rule needs it.
 */
const OptionalCaptchaSchema = z.string().trim().max(CAPTCHA_SOLUTION_MAX_LENGTH).optional();

/**
 * The language the parent chose on the sign-in page (docs/product.md → Languages, decision 036):
 * saved to the account at sign-in, over its earlier language. Absent when they chose none;
 * anything else counts as absent, so sign-in never fails on it.
 */
const ChosenLanguageSchema = z.enum(LANGUAGES).optional().catch(undefined);

/** POST /api/login (spec §7); `captcha` after a few wrong passwords for the phone (decision 030). */
export const LoginBodySchema = z
  .object({
    ...PHONE_FIELDS,
    password: SignInPasswordSchema,
    time_zone: TimeZoneSchema,
    captcha: OptionalCaptchaSchema,
    device: DeviceTokenSchema,
    language: ChosenLanguageSchema,
  })
  .superRefine(refinePhone);
export type LoginBody = z.infer<typeof LoginBodySchema>;

/**
 * POST /api/login/verify-code: `scene: "register"` sends to a phone without an account
 * (docs/product.md → Registration and onboarding).
 */
export const SendCodeBodySchema = z
  .object({
    ...PHONE_FIELDS,
    length: z.coerce.number().int().optional(),
    scene: z.enum(['login', 'register']).optional(),
    /** Required with `scene: "register"` (decision 030: registration codes cost a proof of work). */
    captcha: OptionalCaptchaSchema,
  })
  .superRefine(refinePhone);
export type SendCodeBody = z.infer<typeof SendCodeBodySchema>;

/** POST /api/verify-code-login. */
export const CodeLoginBodySchema = z
  .object({
    ...PHONE_FIELDS,
    code: VerificationCodeSchema,
    time_zone: TimeZoneSchema,
    utm_source: z.string().trim().max(100).optional(),
    device: DeviceTokenSchema,
    language: ChosenLanguageSchema,
  })
  .superRefine(refinePhone);
export type CodeLoginBody = z.infer<typeof CodeLoginBodySchema>;

/** POST /api/verifyCode: checks a code without using it up. */
export const VerifyCodeBodySchema = z
  .object({
    ...PHONE_FIELDS,
    code: VerificationCodeSchema,
    scene: z.enum(['login', 'register']).optional(),
  })
  .superRefine(refinePhone);

/** POST /api/checkUser. */
export const CheckUserBodySchema = z.object(PHONE_FIELDS).superRefine(refinePhone);

/** POST /api/user/password (`_method: PUT` from the legacy client is accepted and ignored). */
export const ChangePasswordBodySchema = z
  .object({
    old_pwd: newPasswordField('currentpswEmpty'),
    new_pwd: newPasswordField('newPswEmpty'),
    _method: z.string().optional(),
  })
  .refine((body) => body.old_pwd !== body.new_pwd, { path: ['new_pwd'], message: 'newPswSameAs' });

/** POST /api/setPassword. */
export const SetPasswordBodySchema = z.object({ password: newPasswordField('newPswEmpty') });

/** POST /api/resetPasswordByEmail: the token from the e-mailed link and the new password. */
export const ResetByEmailBodySchema = z.object({
  token: z.string().trim().min(20, 'resetLinkInvalid').max(200, 'resetLinkInvalid'),
  password: newPasswordField('newPswEmpty'),
});

/** GET /api/postemail?email= */
export const PostEmailQuerySchema = z.object({ email: EmailSchema });

/** POST /api/updateEmail */
export const UpdateEmailBodySchema = z.object({ email: EmailSchema });

/** POST /api/setUserLanguage */
export const SetLanguageBodySchema = z.object({
  language: z.enum(LANGUAGES, { error: 'languageError' }),
});

/** The forms of /resetPassword (spec §5 Reset password): type=1 with the current password. */
export const ChangePasswordFormSchema = z
  .object({
    current: newPasswordField('currentpswEmpty'),
    password: newPasswordField('newPswEmpty'),
    confirm: z.string().min(1, 'newPswDontSame'),
  })
  .refine((form) => form.password !== form.current, { path: ['password'], message: 'newPswSameAs' })
  .refine((form) => form.password === form.confirm, {
    path: ['confirm'],
    message: 'newPswDontSame',
  });
export type ChangePasswordForm = z.infer<typeof ChangePasswordFormSchema>;

export const SetPasswordFormSchema = z
  .object({
    password: newPasswordField('newPswEmpty'),
    confirm: z.string().max(PASSWORD_MAX_LENGTH).min(1, 'newPswDontSame'),
  })
  .refine((form) => form.password === form.confirm, {
    path: ['confirm'],
    message: 'newPswDontSame',
  });
export type SetPasswordForm = z.infer<typeof SetPasswordFormSchema>;
