/** An e-mail to one recipient, with a plain-text body and an optional HTML body. */
export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Sends e-mail. Implementations: the local outbox (default) and SMTP through nodemailer. */
export interface EmailProvider {
  /** Which implementation this is; the dev outbox route exists only for `local`. */
  readonly kind: 'local' | 'smtp';
  /** Sends the message; rejects with AppError UNAVAILABLE when the server refused it. */
  send(message: EmailMessage): Promise<void>;
}
