import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { verificationCodes } from '../../db/schema';

export type CodeScene = 'login' | 'register';
export type CodeRow = typeof verificationCodes.$inferSelect;

export async function insertCode(
  db: DbOrTx,
  code: {
    country_code: string;
    mobile: string;
    scene: CodeScene;
    code_hash: string;
    expires_at: Date;
  },
): Promise<void> {
  await db.insert(verificationCodes).values(code);
}

/**
 * The newest live code of a phone and scene, locked for this transaction so parallel guesses are
 * counted one after another (no race lets a sixth try through).
 */
export async function lockLatestLiveCode(
  db: DbOrTx,
  phone: { country_code: string; mobile: string },
  scene: CodeScene,
  now: Date,
): Promise<CodeRow | undefined> {
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.country_code, phone.country_code),
        eq(verificationCodes.mobile, phone.mobile),
        eq(verificationCodes.scene, scene),
        isNull(verificationCodes.consumed_at),
        gt(verificationCodes.expires_at, now),
      ),
    )
    .orderBy(desc(verificationCodes.id))
    .limit(1)
    .for('update');
  return row;
}

export async function countWrongTry(db: DbOrTx, id: number): Promise<void> {
  await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(eq(verificationCodes.id, id));
}

export async function consumeCode(db: DbOrTx, id: number, now: Date): Promise<void> {
  await db.update(verificationCodes).set({ consumed_at: now }).where(eq(verificationCodes.id, id));
}

/** Older codes of the phone stop working when a new one is sent. */
export async function retireCodes(
  db: DbOrTx,
  phone: { country_code: string; mobile: string },
  scene: CodeScene,
  now: Date,
) {
  await db
    .update(verificationCodes)
    .set({ consumed_at: now })
    .where(
      and(
        eq(verificationCodes.country_code, phone.country_code),
        eq(verificationCodes.mobile, phone.mobile),
        eq(verificationCodes.scene, scene),
        isNull(verificationCodes.consumed_at),
      ),
    );
}
