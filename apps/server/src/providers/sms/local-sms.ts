import type { Database } from '../../db/client';
import { keepOutboxMessage } from '../../modules/outbox/outbox.service';
import type { SmsProvider } from './sms';

/** Stores each SMS in the dev outbox instead of sending it (docs/product.md → Outside services). */
export function createLocalSmsProvider(db: Database): SmsProvider {
  return {
    kind: 'local',
    async send(to, text) {
      await keepOutboxMessage(db, { channel: 'sms', recipient: to, subject: null, body: text });
    },
  };
}
