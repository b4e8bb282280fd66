import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { createTestDatabase } from '../../test/helpers/database';
import { systemClock } from '../app-context';
import { testConfig } from '../../test/helpers/app';
import { createProviders } from '../providers';
import { startJobs, type Job, type JobContext, type RunningJobs } from '.';

/**
 * The durable queue (decision 050) on the test database — PGlite by default, PostgreSQL when
 * DATABASE_URL is set, where the two "instances" below are two pools as two servers would be.
 */
let database: DatabaseHandle;
let ctx: JobContext;
const log = pino({ level: 'silent' });

beforeAll(async () => {
  database = await createTestDatabase();
  const config = testConfig();
  ctx = {
    db: database.db,
    config,
    providers: createProviders(config, database.db),
    clock: systemClock,
  };
});
afterAll(() => database.close());

describe('the job queue', () => {
  it('hands each job to one of two instances once, retries a failing one with back-off, and keeps jobs sent before a worker starts', async () => {
    const seen = new Map<number, string[]>();
    const failures = new Map<number, number>();
    const jobsOf = (instance: string): Job[] => [
      {
        name: 'test-count',
        pollSeconds: 0.5,
        retries: 2,
        retryDelaySeconds: 1,
        run: async (_ctx, { data }) => {
          const { id, failTimes = 0 } = data as { id: number; failTimes?: number };
          seen.set(id, [...(seen.get(id) ?? []), instance]);
          const failed = failures.get(id) ?? 0;
          if (failed < failTimes) {
            failures.set(id, failed + 1);
            throw new Error(`provider down (${failed + 1})`);
          }
        },
      },
    ];
    const started: RunningJobs[] = [];
    try {
      // Sent before any worker of the queue runs: the row waits in the database.
      const first = await startJobs({
        ctx,
        database,
        log,
        jobs: jobsOf('a'),
        schema: 'pgboss_test',
      });
      started.push(first);
      await first.send('test-count', { id: 0 });
      started.push(
        await startJobs({ ctx, database, log, jobs: jobsOf('b'), schema: 'pgboss_test' }),
      );
      await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          started[i % 2]!.send('test-count', { id: i + 1, failTimes: i === 7 ? 2 : 0 }),
        ),
      );
      await vi.waitFor(
        () => {
          expect(seen.size).toBe(21);
          expect(seen.get(8)).toHaveLength(3);
        },
        { timeout: 30_000, interval: 100 },
      );
      // Give a duplicate delivery the time to show up.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      for (const [id, runs] of seen) expect(runs, `job ${id}`).toHaveLength(id === 8 ? 3 : 1);
      await expect(first.send('no-such-job', {})).rejects.toThrow(/unknown job/);
    } finally {
      await Promise.all(started.map((jobs) => jobs.stop()));
    }
  }, 60_000);
});
