import type { AppContext } from '../../app-context';
import type { DbOrTx } from '../../db/client';
import { findOutboxMessages, insertOutboxMessage } from './outbox.repository';

/** A message the local SMS or e-mail provider kept instead of sending (offline mode). */
export interface OutboxMessage {
  id: number;
  channel: 'sms' | 'email';
  /** E.164 phone with its plus, or a lower-cased e-mail address. */
  recipient: string;
  subject: string | null;
  body: string;
  createdAt: Date;
}

/** Keeps a message in the outbox (the local providers' "send"), in the caller's transaction. */
export async function keepOutboxMessage(
  db: DbOrTx,
  message: Pick<OutboxMessage, 'channel' | 'recipient' | 'subject' | 'body'>,
): Promise<void> {
  await insertOutboxMessage(db, message);
}

/**
 * The latest messages to a phone (E.164, with or without its plus) or an e-mail address
 * (any case), newest first.
 */
export async function findOutboxMessagesTo(
  ctx: Pick<AppContext, 'db'>,
  to: string,
  limit: number,
): Promise<OutboxMessage[]> {
  const recipient = to.includes('@') ? to.toLowerCase() : `+${to.replace(/\D+/g, '')}`;
  const rows = await findOutboxMessages(ctx.db, recipient, limit);
  return rows.map(({ created_at: createdAt, ...row }) => ({ ...row, createdAt }));
}
