import { z } from 'zod';

/** `GET /api/accounts?model=lessons`: `model` names the account kind; lessons is the only one. */
export const AccountQuerySchema = z.object({ model: z.enum(['lessons']).default('lessons') });

/** Spec §3 Account (lessons). */
export const AccountSchema = z.object({
  balance: z.number().int(),
  balance_valid: z.number().int(),
  purchased_credit: z.number().int(),
  reward_credit: z.number().int(),
  member_expire_show: z.string(),
  member_type: z.number().int(),
  language: z.string(),
});
export type Account = z.infer<typeof AccountSchema>;
