import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { agreements } from '../../db/schema';
import type { Language } from '@portal/shared/i18n';

export async function findAgreement(db: DbOrTx, type: number, language: Language) {
  const [row] = await db
    .select()
    .from(agreements)
    .where(and(eq(agreements.type, type), eq(agreements.language, language)))
    .limit(1);
  return row;
}

/** Both languages' rows of `type` (either may be missing), locked when `lock` for an edit. */
export function findAgreementLanguages(db: DbOrTx, type: number, lock = false) {
  const query = db.select().from(agreements).where(eq(agreements.type, type));
  return lock ? query.for('update') : query;
}

export async function upsertAgreement(
  db: DbOrTx,
  row: { type: number; language: Language; title: string; content_html: string },
  now: Date,
): Promise<void> {
  await db
    .insert(agreements)
    .values({ ...row, created_at: now, updated_at: now })
    .onConflictDoUpdate({
      target: [agreements.type, agreements.language],
      set: { title: row.title, content_html: row.content_html, updated_at: now },
    });
}
