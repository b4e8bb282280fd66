import { eq } from 'drizzle-orm';
import { appendLedger } from '../../modules/credits/ledger.service';
import type { Transaction } from '../client';
import { parents } from '../schema';
import { DEMO_PARENT_SN } from './parents';

/** The demo parent's credit history: the new-parent gift and two 20-credit packages. */
export async function seedCredits(tx: Transaction, now: Date): Promise<void> {
  const [parent] = await tx
    .select()
    .from(parents)
    .where(eq(parents.user_sn, DEMO_PARENT_SN))
    .limit(1);
  if (!parent) return;
  const day = 24 * 3600_000;
  await appendLedger(tx, {
    parent_id: parent.id,
    event: 'reward',
    reward_delta: 4,
    title_en: 'Welcome gift',
    title_zh: '新用户礼包',
    idempotency_key: `demo:${parent.id}:welcome`,
    // Given as the parent registered.
    created_at: parent.created_at,
  });
  await appendLedger(tx, {
    parent_id: parent.id,
    event: 'purchase',
    paid_delta: 20,
    title_en: 'Purchased 20 credits',
    title_zh: '购买 20 课时',
    // The ledger key of a paid order's credits (fulfilment): the order's page finds them.
    idempotency_key: 'order:ODEMO0001:credits',
    created_at: new Date(now.getTime() - 29 * day),
  });
  await appendLedger(tx, {
    parent_id: parent.id,
    event: 'purchase',
    paid_delta: 20,
    title_en: 'Purchased 20 credits',
    title_zh: '购买 20 课时',
    idempotency_key: 'order:ODEMO0002:credits',
    created_at: new Date(now.getTime() - 8 * day),
  });
}
