import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { checkpointLogs, registrations } from '../../db/schema';

export type NewRegistration = typeof registrations.$inferInsert;

export async function insertRegistration(db: DbOrTx, row: NewRegistration): Promise<void> {
  await db.insert(registrations).values(row);
}

export async function findRegistrationByParent(db: DbOrTx, parentId: number) {
  const [row] = await db
    .select()
    .from(registrations)
    .where(eq(registrations.parent_id, parentId))
    .limit(1);
  return row;
}

export async function insertCheckpoint(
  db: DbOrTx,
  row: { type: number; value: string; user_sn: string | null; created_at: Date },
): Promise<void> {
  await db.insert(checkpointLogs).values(row);
}
