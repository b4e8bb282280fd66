import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { AppContext, Clock } from '../../src/app-context';
import { buildApp, type BuildAppOptions } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import { loggerOptions } from '../../src/lib/logger';
import type { DatabaseHandle } from '../../src/db/client';
import { createProviders } from '../../src/providers';
import { createTestDatabase } from './database';

/** A clock tests move by hand (STYLE.md: inject a clock; never sleep). */
export class TestClock implements Clock {
  constructor(private current = new Date('2026-11-20T08:00:00.000Z')) {}
  now() {
    return new Date(this.current);
  }
  set(date: Date | string) {
    this.current = new Date(date);
  }
  advance(ms: number) {
    this.current = new Date(this.current.getTime() + ms);
  }
}

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  clock: TestClock;
  database: DatabaseHandle;
  /** Every log line the app wrote, as parsed JSON. */
  logLines: () => Record<string, unknown>[];
  /** The raw log text (for "no secret in the log" checks). */
  logText: () => string;
  close: () => Promise<void>;
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    DEMO_DATA: 'false',
    // Cheap hashes keep the suite fast; the production cost is tested in passwords.test.ts.
    PASSWORD_HASH_COST: '12',
    // A captcha of 8 bits takes ~256 hashes; the production difficulty is a setting.
    CAPTCHA_DIFFICULTY: '8',
    WEB_DIST_DIR: '/nonexistent',
    CONSOLE_DIST_DIR: '/nonexistent',
    ...overrides,
  });
}

/** fastify/demo's buildTestApp: the real app on a fresh database, logging into memory. */
export interface BuildTestAppOptions {
  env?: Record<string, string>;
  clock?: TestClock;
  /** Extra routes for a test (registered before ready). */
  register?: (app: FastifyInstance) => void | Promise<void>;
  /** Who a staff token names (test/helpers/ops.ts gives fake tokens per role). */
  staffAuthenticator?: BuildAppOptions['staffAuthenticator'];
  /** Ops route plugins to register behind the staff edge. */
  opsRoutes?: BuildAppOptions['opsRoutes'];
}

export async function buildTestApp(options: BuildTestAppOptions = {}): Promise<TestApp> {
  const config = testConfig(options.env);
  const database = await createTestDatabase();
  const clock = options.clock ?? new TestClock();
  const providers = createProviders(config, database.db);
  let log = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      log += chunk.toString();
      callback();
    },
  });
  let app: FastifyInstance;
  try {
    app = await buildApp({
      config,
      database,
      providers,
      clock,
      // The production logger options (redaction, serializers), written to memory.
      logger: { ...(loggerOptions(config) as object), stream },
      staffAuthenticator: options.staffAuthenticator,
      opsRoutes: options.opsRoutes,
    });
    await options.register?.(app);
    await app.ready();
  } catch (error) {
    // An app that fails to start (a test may expect it to) leaves no database behind.
    await database.close();
    throw error;
  }
  const ctx: AppContext = { config, db: database.db, providers, clock };
  return {
    app,
    ctx,
    clock,
    database,
    logLines: () =>
      log
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
    logText: () => log,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
