import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { messageLog } from '../../db/schema';

export type MessageRow = typeof messageLog.$inferSelect;
export type NewMessageRow = typeof messageLog.$inferInsert;

export async function insertMessage(db: DbOrTx, row: NewMessageRow): Promise<number> {
  const [inserted] = await db.insert(messageLog).values(row).returning({ id: messageLog.id });
  return inserted!.id;
}

/** The latest messages to a parent, newest first (an index range scan). */
export function findMessagesOfParent(db: DbOrTx, parentId: number, limit: number) {
  return db
    .select()
    .from(messageLog)
    .where(eq(messageLog.parent_id, parentId))
    .orderBy(desc(messageLog.id))
    .limit(limit);
}
