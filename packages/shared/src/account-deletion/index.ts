import { z } from 'zod';
import { SignInPasswordSchema, VerificationCodeSchema } from '../auth';

export * from './messages';

/** Issue #25: an account is erased this many days after the parent asks, unless they cancel. */
export const DELETION_GRACE_DAYS = 14;

/**
 * `POST /api/accountDeletion`: confirmed by the account's password or by an SMS code sent to the
 * account's own phone (`POST /api/accountDeletion/code`), one of the two.
 */
export const AccountDeletionBodySchema = z
  .object({
    password: SignInPasswordSchema.optional(),
    code: VerificationCodeSchema.optional(),
  })
  .refine((body) => (body.password === undefined) !== (body.code === undefined), {
    message: 'deletionConfirmRequired',
  });
export type AccountDeletionBody = z.infer<typeof AccountDeletionBodySchema>;

/**
 * What deleting the account means now (`GET /api/accountDeletion`): the pending request if any
 * (the sign-in banner offers to cancel it), the credits that will be forfeited and the plan that
 * stops renewing at once.
 */
export const AccountDeletionStatusSchema = z.object({
  pending: z.boolean(),
  requested_at: z.string().nullable(),
  /** When the erasure job erases the account (ISO instant). */
  due_at: z.string().nullable(),
  grace_days: z.number().int(),
  /** When the account would be erased if the deletion were asked for now (the preview). */
  would_erase_at: z.string(),
  has_password: z.boolean(),
  /** Masked phone the SMS code goes to. */
  phone_masked: z.string(),
  credits: z.object({ paid: z.number().int(), reward: z.number().int() }),
  children: z.number().int(),
  plan: z
    .object({
      title_en: z.string(),
      title_zh: z.string(),
      ends_at: z.string(),
      renews: z.boolean(),
    })
    .nullable(),
});
export type AccountDeletionStatus = z.infer<typeof AccountDeletionStatusSchema>;
