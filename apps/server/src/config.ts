import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** Does Intl know this zone name ("Asia/Shanghai")? */
function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * Every setting the server reads, parsed once at boot (STYLE.md: nothing else reads process.env).
 * `.env.example` documents each one; defaults run the demo offline.
 */
const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    /** Loopback by default: the demo's outbox and local checkout are not for the network. */
    HOST: z.string().min(1).default('127.0.0.1'),
    /**
     * Required by GET /api/dev/outbox when the server listens beyond loopback with the local
     * providers (a random one is made and printed at start when it is not set).
     */
    DEV_OUTBOX_TOKEN: z.string().min(16).max(200).optional(),
    /** Where the embedded database lives when DATABASE_URL is not set. */
    DATA_DIR: z.string().min(1).default('./data'),
    /** postgres://… switches from the embedded PGlite to a PostgreSQL server. */
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    /** Public address of the portal, used in links sent by e-mail. */
    PUBLIC_URL: z.url().optional(),
    /** Set when behind a load balancer so the client IP and protocol come from X-Forwarded-*. */
    TRUST_PROXY: booleanString.default(false),
    /**
     * The school's public facts (decision 033), shown on the agreement and download pages; what
     * is not set is not shown (with DEMO_DATA, the demo school's stand in).
     */
    COMPANY_NAME: z.string().trim().min(1).max(120).optional(),
    /** The company's name on Chinese screens; COMPANY_NAME when not set. */
    COMPANY_NAME_ZH_CN: z.string().trim().min(1).max(120).optional(),
    SUPPORT_EMAIL: z.email().optional(),
    SUPPORT_PHONE: z.string().trim().min(3).max(40).optional(),
    /** The lesson app's page in Apple's App Store (no badge without it). */
    APP_STORE_URL: z.url().optional(),
    /** The lesson app's page in Google Play (no badge without it). */
    GOOGLE_PLAY_URL: z.url().optional(),
    /** Fill an empty database with the demo data at start (docs/product.md → Demo data). */
    DEMO_DATA: booleanString.optional(),
    /** Routes under /api/dev/fixtures that create test data (e2e runs only; refused in production). */
    TEST_FIXTURES: booleanString.default(false),
    /** Folder of the built web app; empty to serve the API only. */
    WEB_DIST_DIR: z.string().optional(),
    /** Folder of the built staff console, served under /ops (decision 046). */
    CONSOLE_DIST_DIR: z.string().optional(),
    /**
     * log2 of scrypt's N for new password hashes (17: docs/product.md → Sign-in). Lower only for
     * tests.
     */
    PASSWORD_HASH_COST: z.coerce.number().int().min(10).max(20).default(17),
    /**
     * How hard the captcha's proof of work is, as today's "leading zero bits" (decisions 020 and
     * 041): a browser tries 2^N hashes on average (ALTCHA's secret counter is drawn from
     * 1…2^(N+1)); 18 is about half a second in a laptop browser, each extra bit doubles it.
     */
    CAPTCHA_DIFFICULTY: z.coerce.number().int().min(1).max(31).default(18),
    /**
     * The secret ALTCHA signs captcha challenges with (decision 041). Every instance behind one
     * load balancer must share it, so it is required in production; elsewhere a fixed
     * development key stands in.
     */
    CAPTCHA_HMAC_KEY: z.string().min(32, 'at least 32 characters').max(500).optional(),
    /**
     * The key staff members' TOTP secrets are encrypted under at rest (AES-256-GCM): 32 bytes as
     * 64 hex characters or base64. Required in production; elsewhere a fixed development key.
     */
    STAFF_TOTP_KEY: z
      .string()
      .refine((value) => totpKeyBytes(value) !== undefined, '32 bytes as hex or base64')
      .optional(),
    /** An adviser's credit corrections: at most this many credits per correction (admins: any). */
    ADVISER_CORRECTION_LIMIT: z.coerce.number().int().min(1).max(10_000).default(20),
    /** …and this many credits a day in all (granted and removed together). */
    ADVISER_DAILY_CORRECTION_LIMIT: z.coerce.number().int().min(1).max(100_000).default(100),
    /**
     * Sign-ins that may wait for a password-hashing slot in one instance (decision 030); beyond
     * them a sign-in is answered 429 "too many sign-ins right now" at once.
     */
    SIGN_IN_HASH_WAITING: z.coerce.number().int().min(0).max(1000).default(4),
    /** Codes sent per hour by all instances together (decision 030: SMS pumping). */
    SMS_HOURLY_BUDGET: z.coerce.number().int().min(1).default(1000),
    /** Codes sent per hour to one calling code (e.g. +86) unless SMS_COUNTRY_BUDGETS says otherwise. */
    SMS_COUNTRY_HOURLY_BUDGET: z.coerce.number().int().min(1).default(300),
    /** Per-calling-code hourly budgets, e.g. `86:800,1:100`. */
    SMS_COUNTRY_BUDGETS: z
      .string()
      .regex(/^\d{1,4}:\d{1,9}(,\d{1,4}:\d{1,9})*$/, 'like 86:800,1:100')
      .optional(),
    SMS_PROVIDER: z.enum(['local', 'twilio']).default('local'),
    TWILIO_ACCOUNT_SID: z.string().optional(),
    TWILIO_AUTH_TOKEN: z.string().optional(),
    TWILIO_FROM: z.string().optional(),
    TWILIO_API_BASE: z.url().default('https://api.twilio.com'),
    EMAIL_PROVIDER: z.enum(['local', 'smtp']).default('local'),
    /** smtp://user:pass@host:587 or smtps://… for nodemailer. */
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
    EMAIL_FROM: z.string().default('Parent Portal <no-reply@localhost>'),
    /**
     * Jitsi Meet server whose rooms the live classroom uses (docs/product.md → Outside services).
     */
    CLASSROOM_JITSI_URL: z.url().default('https://meet.jit.si'),
    /** Prefix of every room name, so one Jitsi server can host several portals. */
    CLASSROOM_ROOM_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9-]{1,40}$/, 'letters, digits and dashes only')
      .default('ParentPortalLesson'),
    /**
     * Jitsi token authentication (issue #22), both or neither: with them a teacher joins the
     * lesson's room as moderator through a JWT (HS256) signed with the secret; without them the
     * teacher opens the plain room address like the children. No default.
     */
    CLASSROOM_JITSI_APP_ID: z.string().trim().min(1).max(200).optional(),
    CLASSROOM_JITSI_APP_SECRET: z.string().min(16, 'at least 16 characters').optional(),
    /** `stripe` takes card and wallet payments; `local` is the offline checkout page (demo). */
    PAYMENT_PROVIDER: z.enum(['local', 'stripe']).default('local'),
    STRIPE_SECRET_KEY: z.string().optional(),
    STRIPE_WEBHOOK_SECRET: z.string().optional(),
    /** Only for tests against a local fake of the Stripe API, e.g. http://127.0.0.1:12111. */
    STRIPE_API_BASE: z.url().optional(),
    /** Weeks of lessons generated ahead of today for each enrollment (lessons job). */
    LESSON_WEEKS_AHEAD: z.coerce.number().int().min(1).max(12).default(4),
    /**
     * The school's own calendar (an IANA zone): the console's "today" and its weeks (Monday
     * start) are days of this zone (decision 045). Course timetables keep their own zones.
     */
    SCHOOL_TIME_ZONE: z
      .string()
      .refine(isTimeZone, 'an IANA time zone such as Asia/Shanghai')
      .default('Asia/Shanghai'),
    /** Benchmark diagnostic: a JSON line of memory figures on stderr at each SIGUSR2 (bench/start.mjs). */
    MEMORY_REPORT: booleanString.default(false),
  })
  .superRefine((env, ctx) => {
    if (env.SMS_PROVIDER === 'twilio') {
      for (const key of ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const) {
        if (!env[key])
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: 'required when SMS_PROVIDER=twilio',
          });
      }
    }
    if (env.PAYMENT_PROVIDER === 'stripe') {
      for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
        if (!env[key])
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: 'required when PAYMENT_PROVIDER=stripe',
          });
      }
    }
    if (!env.CLASSROOM_JITSI_APP_ID !== !env.CLASSROOM_JITSI_APP_SECRET) {
      const missing = env.CLASSROOM_JITSI_APP_ID
        ? 'CLASSROOM_JITSI_APP_SECRET'
        : 'CLASSROOM_JITSI_APP_ID';
      ctx.addIssue({
        code: 'custom',
        path: [missing],
        message: 'set both CLASSROOM_JITSI_APP_ID and CLASSROOM_JITSI_APP_SECRET, or neither',
      });
    }
    if (env.EMAIL_PROVIDER === 'smtp' && !env.SMTP_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['SMTP_URL'],
        message: 'required when EMAIL_PROVIDER=smtp',
      });
    }
    if (env.NODE_ENV === 'production') {
      // A production deployment must reach real parents: the offline outbox would swallow codes.
      if (env.SMS_PROVIDER === 'local') {
        ctx.addIssue({
          code: 'custom',
          path: ['SMS_PROVIDER'],
          message: 'the local outbox is not allowed in production',
        });
      }
      if (env.EMAIL_PROVIDER === 'local') {
        ctx.addIssue({
          code: 'custom',
          path: ['EMAIL_PROVIDER'],
          message: 'the local outbox is not allowed in production',
        });
      }
      if (env.PAYMENT_PROVIDER === 'local') {
        // The local checkout grants credits without taking money.
        ctx.addIssue({
          code: 'custom',
          path: ['PAYMENT_PROVIDER'],
          message: 'the local checkout is not allowed in production',
        });
      }
      if (env.PASSWORD_HASH_COST < 17) {
        ctx.addIssue({
          code: 'custom',
          path: ['PASSWORD_HASH_COST'],
          message: 'must be at least 17 in production',
        });
      }
      if (!env.CAPTCHA_HMAC_KEY) {
        ctx.addIssue({
          code: 'custom',
          path: ['CAPTCHA_HMAC_KEY'],
          message: 'required in production (the same on every instance)',
        });
      }
      if (!env.STAFF_TOTP_KEY) {
        ctx.addIssue({
          code: 'custom',
          path: ['STAFF_TOTP_KEY'],
          message: 'required in production (the same on every instance)',
        });
      }
      if (env.CAPTCHA_DIFFICULTY < 16) {
        ctx.addIssue({
          code: 'custom',
          path: ['CAPTCHA_DIFFICULTY'],
          message: 'must be at least 16 in production',
        });
      }
      if (env.TEST_FIXTURES) {
        ctx.addIssue({
          code: 'custom',
          path: ['TEST_FIXTURES'],
          message: 'test fixtures are not allowed in production',
        });
      }
      if (!env.PUBLIC_URL) {
        ctx.addIssue({
          code: 'custom',
          path: ['PUBLIC_URL'],
          message: 'required in production (links in e-mails)',
        });
      }
    }
  });

export type Env = z.infer<typeof EnvSchema>;

/**
 * The captcha key outside production: fixed, so several development instances (and a restart)
 * accept each other's challenges. Public, hence refused in production.
 */
export const DEVELOPMENT_CAPTCHA_HMAC_KEY = 'parent-portal development captcha key, not secret';

/**
 * The TOTP encryption key outside production: fixed, so a restart can still read the secrets it
 * wrote. Public, hence refused in production.
 */
export const DEVELOPMENT_STAFF_TOTP_KEY = Buffer.alloc(32, 'parent-portal development totp key');

/** 32 bytes from 64 hex characters or from base64 / base64url; undefined otherwise. */
export function totpKeyBytes(value: string): Buffer | undefined {
  const bytes = /^[0-9a-fA-F]{64}$/.test(value)
    ? Buffer.from(value, 'hex')
    : Buffer.from(value, value.includes('-') || value.includes('_') ? 'base64url' : 'base64');
  return bytes.length === 32 ? bytes : undefined;
}

export interface Config {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  logLevel: Env['LOG_LEVEL'];
  publicUrl: string;
  trustProxy: boolean;
  demoData: boolean;
  testFixtures: boolean;
  passwordHashCost: number;
  /** The human check (decision 041): ALTCHA, its signing key and difficulty in bits. */
  captcha: { provider: 'altcha'; hmacKey: string; difficulty: number };
  /** Sign-ins that may wait for a hashing slot per instance before 429 (decision 030). */
  signInHashWaiting: number;
  /** The school's staff: the TOTP encryption key and the advisers' correction limits. */
  staff: { totpKey: Buffer; adviserCorrectionLimit: number; adviserDailyCorrectionLimit: number };
  /** Hourly SMS budgets: all codes, and per calling code (`byCountry` overrides `perCountry`). */
  smsBudget: { hourly: number; perCountry: number; byCountry: Record<string, number> };
  webDistDir: string | undefined;
  consoleDistDir: string | undefined;
  /** The school's public facts (decision 033); undefined when not configured. */
  site: {
    companyName: { en?: string; zh_CN?: string };
    supportEmail?: string;
    supportPhone?: string;
    appStoreUrl?: string;
    googlePlayUrl?: string;
  };
  sms:
    | { provider: 'local' }
    | { provider: 'twilio'; accountSid: string; authToken: string; from: string; apiBase: string };
  email: { provider: 'local'; from: string } | { provider: 'smtp'; smtpUrl: string; from: string };
  classroom: {
    provider: 'jitsi';
    baseUrl: string;
    roomPrefix: string;
    /** Jitsi token authentication: the teacher joins as moderator (undefined: plain rooms). */
    jwt?: { appId: string; appSecret: string };
  };
  payments:
    | { provider: 'local' }
    | {
        provider: 'stripe';
        secretKey: string;
        webhookSecret: string;
        apiBase?: { host: string; port: number; protocol: 'http' | 'https' };
      };
  lessonWeeksAhead: number;
  /** The school's calendar zone (IANA): the console's days and weeks. */
  schoolTimeZone: string;
  /**
   * The token the dev outbox asks for; undefined when the server listens on loopback only, where
   * only this machine can read it (issue #18 item 11).
   */
  devOutbox: { token: string; generated: boolean } | undefined;
  /** Memory figures on stderr at SIGUSR2 (lib/memory-report.ts); benchmarks only. */
  memoryReport: boolean;
}

/** Does listening on `host` keep the server to this machine? (127.0.0.0/8, ::1, localhost) */
export function isLoopbackHost(host: string): boolean {
  return /^127(\.\d{1,3}){3}$/.test(host) || host === '::1' || host === 'localhost';
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment; throws ConfigError listing every bad variable. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  // Empty strings mean "not set", as in a copied .env.example with blanks.
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || '(env)'}: ${issue.message}`),
    );
  }
  const env = parsed.data;
  return {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    port: env.PORT,
    host: env.HOST,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    logLevel: env.LOG_LEVEL,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    trustProxy: env.TRUST_PROXY,
    demoData: env.DEMO_DATA ?? env.NODE_ENV !== 'production',
    testFixtures: env.TEST_FIXTURES,
    passwordHashCost: env.PASSWORD_HASH_COST,
    captcha: {
      provider: 'altcha',
      hmacKey: env.CAPTCHA_HMAC_KEY ?? DEVELOPMENT_CAPTCHA_HMAC_KEY,
      difficulty: env.CAPTCHA_DIFFICULTY,
    },
    signInHashWaiting: env.SIGN_IN_HASH_WAITING,
    staff: {
      totpKey: env.STAFF_TOTP_KEY ? totpKeyBytes(env.STAFF_TOTP_KEY)! : DEVELOPMENT_STAFF_TOTP_KEY,
      adviserCorrectionLimit: env.ADVISER_CORRECTION_LIMIT,
      adviserDailyCorrectionLimit: env.ADVISER_DAILY_CORRECTION_LIMIT,
    },
    smsBudget: {
      hourly: env.SMS_HOURLY_BUDGET,
      perCountry: env.SMS_COUNTRY_HOURLY_BUDGET,
      byCountry: Object.fromEntries(
        (env.SMS_COUNTRY_BUDGETS?.split(',') ?? []).map((pair) => {
          const [code, budget] = pair.split(':');
          return [code!, Number(budget)];
        }),
      ),
    },
    site: {
      companyName: {
        en: env.COMPANY_NAME,
        zh_CN: env.COMPANY_NAME_ZH_CN ?? env.COMPANY_NAME,
      },
      supportEmail: env.SUPPORT_EMAIL,
      supportPhone: env.SUPPORT_PHONE,
      appStoreUrl: env.APP_STORE_URL,
      googlePlayUrl: env.GOOGLE_PLAY_URL,
    },
    // apps/server/src or apps/server/dist → apps/web/dist
    webDistDir: env.WEB_DIST_DIR ?? fileURLToPath(new URL('../../web/dist', import.meta.url)),
    consoleDistDir:
      env.CONSOLE_DIST_DIR ?? fileURLToPath(new URL('../../console/dist', import.meta.url)),
    sms:
      env.SMS_PROVIDER === 'twilio'
        ? {
            provider: 'twilio',
            accountSid: env.TWILIO_ACCOUNT_SID!,
            authToken: env.TWILIO_AUTH_TOKEN!,
            from: env.TWILIO_FROM!,
            apiBase: env.TWILIO_API_BASE,
          }
        : { provider: 'local' },
    email:
      env.EMAIL_PROVIDER === 'smtp'
        ? { provider: 'smtp', smtpUrl: env.SMTP_URL!, from: env.EMAIL_FROM }
        : { provider: 'local', from: env.EMAIL_FROM },
    classroom: {
      provider: 'jitsi',
      baseUrl: env.CLASSROOM_JITSI_URL.replace(/\/$/, ''),
      roomPrefix: env.CLASSROOM_ROOM_PREFIX,
      ...(env.CLASSROOM_JITSI_APP_ID && env.CLASSROOM_JITSI_APP_SECRET
        ? {
            jwt: { appId: env.CLASSROOM_JITSI_APP_ID, appSecret: env.CLASSROOM_JITSI_APP_SECRET },
          }
        : {}),
    },
    lessonWeeksAhead: env.LESSON_WEEKS_AHEAD,
    schoolTimeZone: env.SCHOOL_TIME_ZONE,
    devOutbox: isLoopbackHost(env.HOST)
      ? undefined
      : env.DEV_OUTBOX_TOKEN
        ? { token: env.DEV_OUTBOX_TOKEN, generated: false }
        : { token: randomBytes(24).toString('base64url'), generated: true },
    memoryReport: env.MEMORY_REPORT,
    payments:
      env.PAYMENT_PROVIDER === 'stripe'
        ? {
            provider: 'stripe',
            secretKey: env.STRIPE_SECRET_KEY!,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET!,
            ...(env.STRIPE_API_BASE ? { apiBase: apiBaseOf(env.STRIPE_API_BASE) } : {}),
          }
        : { provider: 'local' },
  };
}

function apiBaseOf(url: string) {
  const parsed = new URL(url);
  const protocol = parsed.protocol === 'http:' ? ('http' as const) : ('https' as const);
  return {
    host: parsed.hostname,
    port: Number(parsed.port || (protocol === 'http' ? 80 : 443)),
    protocol,
  };
}
