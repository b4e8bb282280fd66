/** Sends text messages to phones. Implementations: the local outbox (default) and Twilio. */
export interface SmsProvider {
  /** Which implementation this is; the dev outbox route exists only for `local`. */
  readonly kind: 'local' | 'twilio';
  /**
   * Sends `text` to `to` (E.164, e.g. +8613800138000). Resolves when the provider accepted the
   * message; rejects with AppError UNAVAILABLE when it did not.
   */
  send(to: string, text: string): Promise<void>;
}
