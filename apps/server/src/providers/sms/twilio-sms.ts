import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import type { SmsProvider } from './sms';

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  from: string;
  /** https://api.twilio.com in production; a local fake in tests. */
  apiBase: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

const TwilioMessageSchema = z.object({ sid: z.string(), status: z.string() });

/**
 * Twilio's Programmable Messaging REST API (Messages resource) over plain HTTPS, so no SDK is
 * needed. Failures map to UNAVAILABLE; the caller decides whether the parent may retry.
 */
export function createTwilioSmsProvider(options: TwilioOptions): SmsProvider {
  const doFetch = options.fetch ?? fetch;
  const url = `${options.apiBase.replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
  return {
    kind: 'twilio',
    async send(to, text) {
      let response: Response;
      try {
        response = await doFetch(url, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ To: to, From: options.from, Body: text }).toString(),
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        });
      } catch (error) {
        throw new AppError('UNAVAILABLE', 'serviceUnavailable', {}, null, { cause: error });
      }
      const body: unknown = await response.json().catch(() => null);
      if (!response.ok || !TwilioMessageSchema.safeParse(body).success) {
        throw new AppError('UNAVAILABLE', 'serviceUnavailable');
      }
    },
  };
}
