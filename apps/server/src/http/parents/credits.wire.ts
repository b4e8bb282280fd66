import type { z } from 'zod';
import type { CreditLogSchema } from '@portal/shared/billing';
import { CREDIT_EVENTS, type Account, type CreditEvent } from '@portal/shared/credits';
import { type Language } from '@portal/shared/i18n';
import { translate } from '../../lib/catalogue';
import { dayInZone, type Viewpoint } from '../../lib/time';
import type { CreditLogEntry } from '../../modules/credits/credit-log.service';
import { CORRECTION_EVENT } from '../../modules/credits/corrections.service';
import type { CreditAccount } from '../../modules/credits/credits.service';
import type { Membership } from '../../modules/membership/membership.service';
import { stamp } from './calendar';
import { pick } from '../localize';

/**
 * Spec §3 Account: the credits, with the plan's expiry day on the holder's calendar and its
 * type (`member_type` 0 without a plan) for the header.
 */
export function toAccount(account: CreditAccount, membership: Membership): Account {
  return {
    balance: account.balance,
    balance_valid: account.available,
    purchased_credit: account.purchased,
    reward_credit: account.reward,
    member_expire_show: membership.expires_at
      ? dayInZone(account.holder.timeZone, membership.expires_at)
      : '',
    member_type: membership.expires_at ? membership.member_type : 0,
    language: account.holder.language ?? '',
  };
}

/**
 * Spec §3 Credit log row. A row that only reserves or releases credits says how many ("2 set
 * aside for a booked lesson"); a school's correction says so (issue #21); any other says its
 * transaction type.
 */
export function toCreditLogRow(
  entry: CreditLogEntry,
  seen: Viewpoint,
  language: Language,
): z.infer<typeof CreditLogSchema> {
  const event = (entry.event in CREDIT_EVENTS ? entry.event : 'reward') as CreditEvent;
  return {
    id: entry.id,
    created_at: stamp(entry.createdAt, seen),
    title: pick(language, entry.title),
    message:
      entry.heldChange !== 0 && entry.change === 0
        ? translate(language, entry.heldChange > 0 ? 'logReserved' : 'logReleased', {
            count: Math.abs(entry.heldChange),
          })
        : entry.event === CORRECTION_EVENT
          ? translate(language, 'eventStaffCorrection')
          : translate(language, CREDIT_EVENTS[event]),
    quantity: entry.change,
    event: entry.event,
    available_change: entry.availableChange,
    held_change: entry.heldChange,
    balance_after: entry.balanceAfter,
    available_after: entry.availableAfter,
  };
}
