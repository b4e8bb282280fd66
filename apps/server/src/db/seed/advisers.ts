import { inArray } from 'drizzle-orm';
import type { Transaction } from '../client';
import { advisers, parents } from '../schema';
import { DEMO_MEMBER_SN, DEMO_PARENT_SN } from './parents';

/** Invite code of the demo adviser (docs/product.md → Demo data). */
export const DEMO_INVITE_CODE = 'ADV2026';

/** One course adviser, assigned to both demo parents. No QR image ships with the demo. */
export async function seedAdvisers(tx: Transaction, now: Date): Promise<void> {
  const [adviser] = await tx
    .insert(advisers)
    .values({
      name: 'Amy Chen',
      describe_en:
        'Your course adviser: scheduling, plans and anything about your child’s lessons.',
      describe_zh: '您的课程顾问：排课、套餐以及孩子上课的任何问题都可以找我。',
      email: 'amy.chen@example.com',
      mobile: '+86 400 800 2026',
      wechat: 'amy_chen_courses',
      invite_code: DEMO_INVITE_CODE,
      created_at: now,
      updated_at: now,
    })
    .returning();
  await tx
    .update(parents)
    .set({ adviser_id: adviser!.id })
    .where(inArray(parents.user_sn, [DEMO_PARENT_SN, DEMO_MEMBER_SN]));
}
