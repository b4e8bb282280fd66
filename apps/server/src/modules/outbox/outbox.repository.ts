import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { outboxMessages } from '../../db/schema';

export interface OutboxMessage {
  id: number;
  channel: 'sms' | 'email';
  recipient: string;
  subject: string | null;
  body: string;
  created_at: Date;
}

export async function insertOutboxMessage(
  db: DbOrTx,
  message: Pick<OutboxMessage, 'channel' | 'recipient' | 'subject' | 'body'>,
): Promise<void> {
  await db.insert(outboxMessages).values(message);
}

/** Newest first. */
export async function findOutboxMessages(
  db: DbOrTx,
  recipient: string,
  limit: number,
): Promise<OutboxMessage[]> {
  return db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.recipient, recipient))
    .orderBy(desc(outboxMessages.id))
    .limit(limit);
}
