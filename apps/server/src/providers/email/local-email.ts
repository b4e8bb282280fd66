import type { Database } from '../../db/client';
import { keepOutboxMessage } from '../../modules/outbox/outbox.service';
import type { EmailProvider } from './email';

/** Stores each e-mail (text body) in the dev outbox instead of sending it. */
export function createLocalEmailProvider(db: Database): EmailProvider {
  return {
    kind: 'local',
    async send(message) {
      await keepOutboxMessage(db, {
        channel: 'email',
        recipient: message.to.toLowerCase(),
        subject: message.subject,
        body: message.text,
      });
    },
  };
}
