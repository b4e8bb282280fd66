import type { Config } from '../config';
import type { Database } from '../db/client';
import type { ClassroomProvider } from './classroom/classroom';
import { createJitsiClassroomProvider } from './classroom/jitsi-classroom';
import type { CaptchaProvider } from './captcha/captcha';
import { createAltchaCaptchaProvider } from './captcha/altcha-captcha';
import type { EmailProvider } from './email/email';
import { createLocalPaymentProvider, type LocalPaymentProvider } from './payments/local-payments';
import { localPaymentSecret } from './payments/local-secret';
import type { PaymentProvider } from './payments/payments';
import { createStripePaymentProvider } from './payments/stripe-payments';
import { createLocalEmailProvider } from './email/local-email';
import { createSmtpEmailProvider } from './email/smtp-email';
import { createLocalSmsProvider } from './sms/local-sms';
import type { SmsProvider } from './sms/sms';
import { createTwilioSmsProvider } from './sms/twilio-sms';

/** Every outside service the app talks to, chosen once from configuration. */
export interface Providers {
  sms: SmsProvider;
  email: EmailProvider;
  classroom: ClassroomProvider;
  payments: PaymentProvider | LocalPaymentProvider;
  captcha: CaptchaProvider;
}

/**
 * Picks each implementation from configuration; config.ts already refused local providers in
 * production, so this never silently falls back to the outbox there.
 */
export function createProviders(
  config: Pick<Config, 'sms' | 'email' | 'classroom' | 'payments' | 'captcha'>,
  db: Database,
): Providers {
  const sms =
    config.sms.provider === 'twilio'
      ? createTwilioSmsProvider(config.sms)
      : createLocalSmsProvider(db);
  const email =
    config.email.provider === 'smtp'
      ? createSmtpEmailProvider({ smtpUrl: config.email.smtpUrl, from: config.email.from })
      : createLocalEmailProvider(db);
  const payments =
    config.payments.provider === 'stripe'
      ? createStripePaymentProvider(config.payments)
      : createLocalPaymentProvider(localPaymentSecret(db));
  const captcha = createAltchaCaptchaProvider(config.captcha);
  return {
    sms,
    email,
    classroom: createJitsiClassroomProvider(config.classroom),
    payments,
    captcha,
  };
}

/**
 * True while every messaging provider is the local outbox (the outbox route exists only then:
 * docs/product.md → Outside services).
 */
export function usesLocalOutbox(providers: Providers): boolean {
  return providers.sms.kind === 'local' && providers.email.kind === 'local';
}
