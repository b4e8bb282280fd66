import { z } from 'zod';

export * from './messages';

/**
 * The ledger's event types (every change of credits is one row with its type: docs/product.md →
 * Lessons and credits); `reward-setting` lists them with these message keys as titles.
 */
export const CREDIT_EVENTS = {
  purchase: 'eventPurchase',
  reward: 'eventReward',
  reserve: 'eventReserve',
  release: 'eventRelease',
  consume: 'eventConsume',
  refund: 'eventRefund',
} as const;
export type CreditEvent = keyof typeof CREDIT_EVENTS;

/** `POST /api/reward-setting`: one transaction type. */
export const RewardSettingSchema = z.object({ id: z.string(), title: z.string() });

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
