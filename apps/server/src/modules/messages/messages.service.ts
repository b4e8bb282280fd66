import { maskEmail, maskPhoneForStaff } from '@portal/shared/staff';
import type { AppContext } from '../../app-context';
import type { DbOrTx } from '../../db/client';
import type { EmailMessage } from '../../providers/email/email';
import { findMessagesOfParent, insertMessage } from './messages.repository';

/**
 * The message log (issue #21): every SMS and e-mail the service sends a parent, with what it was
 * and whether the provider took it, so the school can see what a family was told. Only a masked
 * recipient is kept (`+86 138****8000`, `p***@example.com`), never the text: it may hold a code
 * or a link. Send parents' messages through `sendSmsToParent` / `sendEmailToParent`, which log
 * them; staff e-mails (invitations) are not parents' messages and are not logged here.
 */
export type MessageChannel = 'sms' | 'email';
export type MessageStatus = 'sent' | 'failed' | 'delivered';

/** What a message was, as the console lists (and translates) it. */
export type MessageKind =
  'sign-in-code' | 'registration-code' | 'sign-in-alert' | 'password-reset' | (string & {});

export interface MessageEntry {
  /** Null for a phone that has no account yet (a registration code). */
  parentId: number | null;
  channel: MessageChannel;
  recipientMasked: string;
  kind: MessageKind;
  status: MessageStatus;
  /** The provider's kind (`local`, `twilio`, `smtp`). */
  provider: string;
}

export interface SentMessage {
  id: number;
  channel: MessageChannel;
  recipientMasked: string;
  kind: string;
  status: MessageStatus;
  createdAt: Date;
}

export function recordMessage(db: DbOrTx, entry: MessageEntry, at?: Date): Promise<number> {
  return insertMessage(db, {
    parent_id: entry.parentId,
    channel: entry.channel,
    recipient_masked: entry.recipientMasked,
    kind: entry.kind,
    status: entry.status,
    provider: entry.provider,
    ...(at ? { created_at: at } : {}),
  });
}

/** Runs the provider's send and logs its outcome; a failure is logged, then thrown on. */
async function sendAndRecord(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  entry: Omit<MessageEntry, 'status'>,
  send: () => Promise<void>,
): Promise<void> {
  try {
    await send();
  } catch (error) {
    await recordMessage(ctx.db, { ...entry, status: 'failed' }, ctx.clock.now());
    throw error;
  }
  await recordMessage(ctx.db, { ...entry, status: 'sent' }, ctx.clock.now());
}

/** Sends an SMS to a phone (a parent's, or one registering) and logs it. */
export function sendSmsToParent(
  ctx: Pick<AppContext, 'db' | 'clock' | 'providers'>,
  message: {
    parentId: number | null;
    phone: { country_code: string; mobile: string };
    text: string;
    kind: MessageKind;
  },
): Promise<void> {
  const { phone } = message;
  return sendAndRecord(
    ctx,
    {
      parentId: message.parentId,
      channel: 'sms',
      recipientMasked: maskPhoneForStaff(phone.country_code, phone.mobile),
      kind: message.kind,
      provider: ctx.providers.sms.kind,
    },
    () => ctx.providers.sms.send(`+${phone.country_code}${phone.mobile}`, message.text),
  );
}

/** Sends an e-mail to a parent and logs it. */
export function sendEmailToParent(
  ctx: Pick<AppContext, 'db' | 'clock' | 'providers'>,
  message: { parentId: number; email: EmailMessage; kind: MessageKind },
): Promise<void> {
  return sendAndRecord(
    ctx,
    {
      parentId: message.parentId,
      channel: 'email',
      recipientMasked: maskEmail(message.email.to),
      kind: message.kind,
      provider: ctx.providers.email.kind,
    },
    () => ctx.providers.email.send(message.email),
  );
}

/** The latest messages sent to a parent, newest first. */
export async function findMessagesOf(
  ctx: Pick<AppContext, 'db'>,
  parentId: number,
  limit = 20,
): Promise<SentMessage[]> {
  const rows = await findMessagesOfParent(ctx.db, parentId, limit);
  return rows.map((row) => ({
    id: row.id,
    channel: row.channel,
    recipientMasked: row.recipient_masked,
    kind: row.kind,
    status: row.status,
    createdAt: row.created_at,
  }));
}
