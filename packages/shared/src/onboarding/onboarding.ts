import { z } from 'zod';
import { EmailSchema } from '../auth/email';

/** Spec §5 / §9: the parent's name (and e-mail) at most 50 characters. */
export const NAME_MAX_LENGTH = 50;
/** Chat IDs are short handles; 50 is ours (the spec only says "required"). */
export const WECHAT_MAX_LENGTH = 50;
/** Referral and invite codes are the advisers' invite codes (decision 020). */
export const REFERRAL_CODE_MAX_LENGTH = 40;

/** Parent full name: required (nameEmpty), at most 50 (spec §5). */
export const ParentNameSchema = z
  .string({ error: 'nameEmpty' })
  .trim()
  .min(1, 'nameEmpty')
  .max(NAME_MAX_LENGTH, 'nameTooLong');

/** Chat-app ID: required (wechatEmpty). */
export const WechatIdSchema = z
  .string({ error: 'wechatEmpty' })
  .trim()
  .min(1, 'wechatEmpty')
  .max(WECHAT_MAX_LENGTH, 'wechatTooLong');

/** A referral code to verify: not empty (EnterYourReferralCode, spec §5). */
export const ReferralCodeSchema = z
  .string({ error: 'EnterYourReferralCode' })
  .trim()
  .min(1, 'EnterYourReferralCode')
  .max(REFERRAL_CODE_MAX_LENGTH, 'referralFailed');

/**
 * `POST /api/parent/saveEmail` (spec §7: name, wechat, email, optional inviteCode). The field
 * order is the form's order, so the first failing field is the one the parent sees first.
 */
export const SaveEmailBodySchema = z.object({
  name: ParentNameSchema,
  email: EmailSchema,
  wechat: WechatIdSchema,
  /** Sent only after `verifyInvitationCode` said yes; an empty string means "none". */
  inviteCode: z
    .string()
    .trim()
    .max(REFERRAL_CODE_MAX_LENGTH, 'referralFailed')
    .optional()
    .transform((value) => (value ? value : undefined)),
});
export type SaveEmailBody = z.input<typeof SaveEmailBodySchema>;

/** The onboarding form in the browser: the referral code is checked by its own button. */
export const OnboardingFormSchema = SaveEmailBodySchema.pick({
  name: true,
  email: true,
  wechat: true,
});
export type OnboardingForm = z.infer<typeof OnboardingFormSchema>;

/** `POST /api/verifyInvitationCode` (spec §7). */
export const VerifyInvitationCodeBodySchema = z.object({ code: ReferralCodeSchema });
export const VerifyInvitationCodeDataSchema = z.object({ result: z.boolean() });

/** `POST /api/setUserStatus`: the new status, which the client stores (spec §7). */
export const UserStatusDataSchema = z.object({ status: z.number().int() });
