import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { appMeta } from '../../db/schema';

const KEY = 'local_payment_webhook_secret';

/**
 * The local checkout's signing secret: made once, kept in the database so every instance signs
 * and verifies with the same one, then cached in memory.
 */
export function localPaymentSecret(db: Database): () => Promise<string> {
  let cached: Promise<string> | undefined;
  return () => {
    cached ??= (async () => {
      await db
        .insert(appMeta)
        .values({ key: KEY, value: `whsec_local_${randomBytes(24).toString('hex')}` })
        .onConflictDoNothing({ target: appMeta.key });
      const [row] = await db.select().from(appMeta).where(eq(appMeta.key, KEY));
      return row!.value;
    })().catch((error: unknown) => {
      cached = undefined;
      throw error;
    });
    return cached;
  };
}
