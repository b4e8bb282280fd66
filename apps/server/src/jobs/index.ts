import type PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../app-context';
import type { DatabaseHandle } from '../db/client';
import { expireUnpaidOrders } from '../modules/billing/orders.service';
import { generateLessons, settleEndedLessons } from '../modules/scheduling/scheduling.service';
import { deleteExpiredWindows } from '../modules/rate-limit/rate-limit.service';
import { deleteExpiredCaptchas } from '../modules/captcha/captcha.service';
import { DATA_EXPORT_JOB, runDataExports } from '../modules/family-data/export.service';
import { eraseDueAccounts } from '../modules/account-deletion/erasure.service';
import {
  PLAN_REMINDERS_JOB,
  remindersToSend,
  SEND_REMINDER_JOB,
  sendReminder,
} from '../modules/reminders/reminders.service';
import { REMINDER_MAX_ATTEMPTS } from '@portal/shared/reminders';
import { createBoss, type JobQueue } from './queue';

/**
 * What a job may use: the database, configuration, the clock, and the providers (the settlement
 * tells families of a class cancelled because its teacher never came). No request.
 */
export type JobContext = Pick<AppContext, 'db' | 'config' | 'providers' | 'clock'>;

export interface Job {
  name: string;
  /**
   * When the queue makes this job by itself (cron, minute granularity, UTC). Without one it runs
   * only when sent (`JobQueue.send`).
   */
  cron?: string;
  /** How often an idle instance asks the queue for this job's work. */
  pollSeconds: number;
  /** A run that throws is tried again this many times, after 30 s, 60 s, … (back-off). */
  retries?: number;
  /** The first retry's delay (doubling after); 30 s unless said. */
  retryDelaySeconds?: number;
  /**
   * One run. The queue hands a job to one worker, but a slow run may overlap the next tick's on
   * another instance: idempotent statements, or row locks inside (docs/architecture.md →
   * Scale-out).
   */
  run(ctx: JobContext, job: { data: object; now: Date; queue: JobQueue }): Promise<void>;
}

export const JOBS: Job[] = [
  {
    name: 'rate-limit-cleanup',
    cron: '*/10 * * * *',
    pollSeconds: 30,
    run: (ctx, { now }) => deleteExpiredWindows(ctx.db, now),
  },
  {
    // Ended lessons consume their reserved credits within a minute or two of their end.
    name: 'lesson-settlement',
    cron: '* * * * *',
    pollSeconds: 15,
    run: async (ctx, { now }) => {
      await settleEndedLessons(ctx, now);
    },
  },
  {
    // Keeps every running enrollment scheduled `lessonWeeksAhead` weeks ahead, and schedules
    // lessons that waited for credits once a top-up arrives.
    name: 'lesson-generation',
    cron: '*/10 * * * *',
    pollSeconds: 30,
    run: async (ctx, { now }) => {
      await generateLessons(ctx, now, ctx.config.lessonWeeksAhead);
    },
  },
  {
    // Unpaid orders expire with their checkout session (decision 029): one UPDATE of the
    // pending rows past their expiry, so a second instance running it at once changes nothing.
    name: 'order-expiry',
    cron: '*/5 * * * *',
    pollSeconds: 30,
    run: async (ctx, { now }) => {
      await expireUnpaidOrders(ctx, now);
    },
  },
  {
    name: 'captcha-cleanup',
    cron: '*/10 * * * *',
    pollSeconds: 30,
    run: (ctx, { now }) => deleteExpiredCaptchas(ctx.db, now),
  },
  {
    // Accounts whose 14-day deletion grace period is over lose their personal data (issue #25,
    // docs/retention.md); each is claimed with SKIP LOCKED, so two instances erase it once.
    name: 'account-erasure',
    cron: '*/10 * * * *',
    pollSeconds: 30,
    run: async (ctx, { now }) => {
      await eraseDueAccounts(ctx, now);
    },
  },
  {
    // "Download my data" (issue #25): sent when a parent asks, and every minute for what is
    // left (a claim whose builder died, links past their 7 days). Each export is claimed with
    // SKIP LOCKED, so two instances build it once.
    name: DATA_EXPORT_JOB,
    cron: '* * * * *',
    pollSeconds: 2,
    run: async (ctx, { now }) => {
      await runDataExports(ctx, now);
    },
  },
  {
    // Lesson reminders (issue #24): every minute the reminders whose moment has come are planned
    // (one row per lesson, kind, channel and start: two planners insert each once) and each is
    // sent as a job of its own.
    name: PLAN_REMINDERS_JOB,
    cron: '* * * * *',
    pollSeconds: 10,
    run: async (ctx, { now, queue }) => {
      for (const id of await remindersToSend(ctx, now)) await queue.send(SEND_REMINDER_JOB, { id });
    },
  },
  {
    // One reminder: read the lesson as it is now, claim the row, call the provider. A provider
    // failure throws, so the queue tries again after 30 s and 60 s; the third failure is recorded
    // as `failed` with the provider's reason. A second delivery of the job sends nothing.
    name: SEND_REMINDER_JOB,
    pollSeconds: 5,
    retries: REMINDER_MAX_ATTEMPTS - 1,
    retryDelaySeconds: 30,
    run: async (ctx, { data, now }) => {
      const { id } = data as { id: number };
      const outcome = await sendReminder(ctx, id, now);
      if (outcome === 'retry')
        throw new Error(`reminder ${id}: provider failed, tried again later`);
    },
  },
];

export interface RunningJobs extends JobQueue {
  stop(): Promise<void>;
}

/**
 * Starts the durable queue on the portal's database (decision 050): creates each job's queue,
 * keeps its cron schedule, and works its jobs on this instance. Failures are logged, never
 * fatal; a run that throws is retried by the queue when the job allows it.
 */
export async function startJobs(deps: {
  ctx: JobContext;
  database: DatabaseHandle;
  log: FastifyBaseLogger;
  jobs?: Job[];
  /** Tests: a schema of their own. */
  schema?: string;
}): Promise<RunningJobs> {
  const jobs = deps.jobs ?? JOBS;
  const boss = createBoss(deps.database, deps.schema);
  boss.on('error', (error) => deps.log.warn({ err: error }, 'job queue error'));
  await boss.start();
  const names = new Set(jobs.map((job) => job.name));
  const queue: JobQueue = {
    async send(name, data = {}) {
      if (!names.has(name)) throw new Error(`unknown job ${name}`);
      await boss.send(name, data);
    },
  };
  for (const job of jobs) {
    const options: PgBoss.Queue = {
      name: job.name,
      // A scheduled job waits at most once behind a running one: a slow run never piles up ticks.
      policy: job.cron ? 'stately' : 'standard',
      retryLimit: job.retries ?? 0,
      retryDelay: job.retryDelaySeconds ?? 30,
      retryBackoff: true,
      expireInSeconds: 15 * 60,
    };
    await boss.createQueue(job.name, options);
    await boss.updateQueue(job.name, options);
    if (job.cron) await boss.schedule(job.name, job.cron, {}, { tz: 'UTC' });
    else await boss.unschedule(job.name);
    await boss.work<object>(
      job.name,
      { pollingIntervalSeconds: job.pollSeconds, batchSize: 1 },
      async ([received]) => {
        try {
          await job.run(deps.ctx, {
            data: received?.data ?? {},
            now: deps.ctx.clock.now(),
            queue,
          });
        } catch (error) {
          deps.log.warn({ err: error, job: job.name }, 'job failed');
          throw error;
        }
      },
    );
  }
  return {
    send: queue.send,
    stop: () => boss.stop({ graceful: true, timeout: 5_000, wait: true }),
  };
}
