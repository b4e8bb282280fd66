import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { passwordResetTokens } from '../../db/schema';

export async function insertResetToken(
  db: DbOrTx,
  parentId: number,
  tokenHash: string,
  expiresAt: Date,
): Promise<void> {
  await db
    .insert(passwordResetTokens)
    .values({ parent_id: parentId, token_hash: tokenHash, expires_at: expiresAt });
}

/** Marks a live token used and answers its parent; a second use (or a race) finds nothing. */
export async function useResetToken(
  db: DbOrTx,
  tokenHash: string,
  now: Date,
): Promise<number | undefined> {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ used_at: now })
    .where(
      and(
        eq(passwordResetTokens.token_hash, tokenHash),
        isNull(passwordResetTokens.used_at),
        gt(passwordResetTokens.expires_at, now),
      ),
    )
    .returning({ parentId: passwordResetTokens.parent_id });
  return row?.parentId;
}

/** Marks every outstanding link of the parent used (issue #18 item 6: only the newest may work). */
export async function retireResetTokens(db: DbOrTx, parentId: number, now: Date): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ used_at: now })
    .where(and(eq(passwordResetTokens.parent_id, parentId), isNull(passwordResetTokens.used_at)));
}
