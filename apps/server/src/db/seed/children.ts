import { eq } from 'drizzle-orm';
import { newPublicId } from '../../lib/ids';
import type { Transaction } from '../client';
import { avatars, parents, students } from '../schema';
import { DEMO_MEMBER_SN, DEMO_PARENT_SN } from './parents';

export const AVATAR_COUNT = 8;

/** The avatar options (apps/web/public/img/avatars). Used by tests too. */
export async function seedAvatars(tx: Transaction): Promise<number[]> {
  const rows = await tx
    .insert(avatars)
    .values(
      Array.from({ length: AVATAR_COUNT }, (_, i) => ({
        url: `/img/avatars/avatar-${i + 1}.svg`,
        sort: i,
      })),
    )
    .returning({ id: avatars.id });
  return rows.map((row) => row.id);
}

/**
 * Demo children: two for the demo parent, one for the member parent (docs/product.md → Demo data),
 * added a few minutes after their parent registered.
 */
export async function seedChildren(tx: Transaction, now: Date): Promise<void> {
  const avatarIds = await seedAvatars(tx);
  const children: [string, string, string, number][] = [
    [DEMO_PARENT_SN, 'Mia', '2018-05-14', 0],
    [DEMO_PARENT_SN, 'Leo', '2020-09-02', 1],
    [DEMO_MEMBER_SN, 'Yoyo', '2019-03-21', 4],
  ];
  for (const [parentSn, nickname, birth, avatar] of children) {
    const [parent] = await tx.select().from(parents).where(eq(parents.user_sn, parentSn)).limit(1);
    if (!parent) continue;
    const studentSn = newPublicId('S');
    await tx.insert(students).values({
      student_sn: studentSn,
      parent_id: parent.id,
      nickname,
      birth_date: birth,
      avatar_id: avatarIds[avatar]!,
      created_at: new Date(parent.created_at.getTime() + 5 * 60_000),
      updated_at: now,
    });
    if (!parent.last_student_sn)
      await tx.update(parents).set({ last_student_sn: studentSn }).where(eq(parents.id, parent.id));
  }
}
