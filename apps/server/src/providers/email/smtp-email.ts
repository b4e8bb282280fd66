import nodemailer, { type Transporter } from 'nodemailer';
import { AppError } from '../../lib/app-error';
import type { EmailProvider } from './email';

export interface SmtpOptions {
  /** smtp://user:pass@host:587 or smtps://user:pass@host:465 */
  smtpUrl: string;
  from: string;
}

/** SMTP through nodemailer; any transport failure becomes UNAVAILABLE. */
export function createSmtpEmailProvider(
  options: SmtpOptions,
  transporter?: Transporter,
): EmailProvider {
  const transport = transporter ?? nodemailer.createTransport(options.smtpUrl);
  return {
    kind: 'smtp',
    async send(message) {
      try {
        await transport.sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.html ? { html: message.html } : {}),
        });
      } catch (error) {
        throw new AppError('UNAVAILABLE', 'serviceUnavailable', {}, null, { cause: error });
      }
    },
  };
}
