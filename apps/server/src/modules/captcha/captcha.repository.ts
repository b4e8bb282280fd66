import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { captchaChallenges } from '../../db/schema';

export async function insertChallenge(
  db: DbOrTx,
  challenge: { id: string; salt: string; difficulty: number; expires_at: Date },
): Promise<void> {
  await db.insert(captchaChallenges).values(challenge);
}

/**
 * Marks a live, unused challenge used and answers it; undefined when it is unknown, expired or
 * already used. One statement, so of two parallel uses only one gets the row.
 */
export async function useChallenge(db: DbOrTx, id: string, now: Date) {
  const [row] = await db
    .update(captchaChallenges)
    .set({ used_at: now })
    .where(
      and(
        eq(captchaChallenges.id, id),
        isNull(captchaChallenges.used_at),
        gt(captchaChallenges.expires_at, now),
      ),
    )
    .returning({ salt: captchaChallenges.salt, difficulty: captchaChallenges.difficulty });
  return row;
}

/** Housekeeping: drops challenges that expired an hour ago. Idempotent. */
export async function deleteExpiredChallenges(db: DbOrTx, now: Date): Promise<void> {
  await db
    .delete(captchaChallenges)
    .where(lt(captchaChallenges.expires_at, new Date(now.getTime() - 3_600_000)));
}
