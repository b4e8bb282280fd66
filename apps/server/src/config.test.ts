import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('runs the offline demo with no settings at all', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      env: 'development',
      demoData: true,
      databaseUrl: undefined,
    });
    expect(config.sms.provider).toBe('local');
    expect(config.dataDir).toMatch(/data$/);
  });

  it('listens on loopback by default; beyond it the dev outbox gets a token (issue #18 item 11)', () => {
    expect(loadConfig({})).toMatchObject({ host: '127.0.0.1', devOutbox: undefined });
    expect(loadConfig({ HOST: '::1' }).devOutbox).toBeUndefined();
    const open = loadConfig({ HOST: '0.0.0.0' }).devOutbox;
    expect(open?.generated).toBe(true);
    expect(open?.token.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ HOST: '0.0.0.0' }).devOutbox?.token).not.toBe(open?.token);
    expect(loadConfig({ HOST: '0.0.0.0', DEV_OUTBOX_TOKEN: 'a'.repeat(20) }).devOutbox).toEqual({
      token: 'a'.repeat(20),
      generated: false,
    });
  });

  it('treats empty strings as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).port).toBe(3000);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ SMS_PROVIDER: 'twilio' }, 'TWILIO_ACCOUNT_SID'],
    [{ EMAIL_PROVIDER: 'smtp' }, 'SMTP_URL'],
    [{ NODE_ENV: 'production' }, 'SMS_PROVIDER'],
    [{ NODE_ENV: 'production' }, 'EMAIL_PROVIDER'],
    [{ NODE_ENV: 'production' }, 'PUBLIC_URL'],
    [{ NODE_ENV: 'production' }, 'PAYMENT_PROVIDER'],
    [{ PAYMENT_PROVIDER: 'stripe' }, 'STRIPE_SECRET_KEY'],
    [{ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk' }, 'STRIPE_WEBHOOK_SECRET'],
    [{ TRUST_PROXY: 'maybe' }, 'TRUST_PROXY'],
    [{ DEV_OUTBOX_TOKEN: 'short' }, 'DEV_OUTBOX_TOKEN'],
    [{ CAPTCHA_DIFFICULTY: '33' }, 'CAPTCHA_DIFFICULTY'],
    [{ NODE_ENV: 'production', CAPTCHA_DIFFICULTY: '12' }, 'CAPTCHA_DIFFICULTY'],
    [{ NODE_ENV: 'production' }, 'CAPTCHA_HMAC_KEY'],
    [{ CAPTCHA_HMAC_KEY: 'short' }, 'CAPTCHA_HMAC_KEY'],
    [{ NODE_ENV: 'production' }, 'STAFF_TOTP_KEY'],
    [{ STAFF_TOTP_KEY: 'ab'.repeat(31) }, 'STAFF_TOTP_KEY'],
    [{ ADVISER_CORRECTION_LIMIT: '0' }, 'ADVISER_CORRECTION_LIMIT'],
  ])('refuses %j naming %s', (env, variable) => {
    try {
      loadConfig(env as Record<string, string>);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems.some((p) => p.startsWith(variable))).toBe(true);
    }
  });

  it('lists every problem at once', () => {
    try {
      loadConfig({ PORT: 'x', LOG_LEVEL: 'loud' });
      expect.unreachable();
    } catch (error) {
      expect((error as ConfigError).problems).toHaveLength(2);
    }
  });

  it('accepts a complete production configuration', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://portal.example.com/',
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: 'AC1',
      TWILIO_AUTH_TOKEN: 't',
      TWILIO_FROM: '+15005550006',
      EMAIL_PROVIDER: 'smtp',
      SMTP_URL: 'smtps://u:p@mail.example.com:465',
      DATABASE_URL: 'postgres://db/portal',
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      CAPTCHA_HMAC_KEY: 'k'.repeat(48),
      STAFF_TOTP_KEY: 'ab'.repeat(32),
    });
    expect(config.staff.totpKey).toEqual(Buffer.from('ab'.repeat(32), 'hex'));
    expect(config.publicUrl).toBe('https://portal.example.com');
    expect(config.payments).toEqual({
      provider: 'stripe',
      secretKey: 'sk_live_x',
      webhookSecret: 'whsec_x',
    });
    expect(config.demoData).toBe(false);
  });
});
