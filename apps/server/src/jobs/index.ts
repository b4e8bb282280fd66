import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../app-context';
import { expireUnpaidOrders } from '../modules/billing/orders.service';
import { generateLessons, settleEndedLessons } from '../modules/scheduling/scheduling.service';
import { deleteExpiredWindows } from '../modules/rate-limit/rate-limit.service';
import { deleteExpiredCaptchas } from '../modules/captcha/captcha.service';
import { runDataExports } from '../modules/family-data/export.service';
import { eraseDueAccounts } from '../modules/account-deletion/erasure.service';

/**
 * What a job may use: the database, configuration, the clock, and the providers (the settlement
 * tells families of a class cancelled because its teacher never came). No request.
 */
export type JobContext = Pick<AppContext, 'db' | 'config' | 'providers' | 'clock'>;

export interface Job {
  name: string;
  intervalMs: number;
  /**
   * One run. Must be safe when two instances run it at the same moment: idempotent statements,
   * or row / advisory locks inside (docs/architecture.md → Scale-out).
   */
  run(ctx: JobContext, now: Date): Promise<void>;
}

export const JOBS: Job[] = [
  {
    name: 'rate-limit-cleanup',
    intervalMs: 10 * 60_000,
    run: (ctx, now) => deleteExpiredWindows(ctx.db, now),
  },
  {
    // Ended lessons consume their reserved credits within a minute of their end.
    name: 'lesson-settlement',
    intervalMs: 60_000,
    run: async (ctx, now) => {
      await settleEndedLessons(ctx, now);
    },
  },
  {
    // Keeps every running enrollment scheduled `lessonWeeksAhead` weeks ahead, and schedules
    // lessons that waited for credits once a top-up arrives.
    name: 'lesson-generation',
    intervalMs: 10 * 60_000,
    run: async (ctx, now) => {
      await generateLessons(ctx, now, ctx.config.lessonWeeksAhead);
    },
  },
  {
    // Unpaid orders expire with their checkout session (decision 029): one UPDATE of the
    // pending rows past their expiry, so a second instance running it at once changes nothing.
    name: 'order-expiry',
    intervalMs: 5 * 60_000,
    run: async (ctx, now) => {
      await expireUnpaidOrders(ctx, now);
    },
  },
  {
    name: 'captcha-cleanup',
    intervalMs: 10 * 60_000,
    run: (ctx, now) => deleteExpiredCaptchas(ctx.db, now),
  },
  {
    // Accounts whose 14-day deletion grace period is over lose their personal data (issue #25,
    // docs/retention.md); each is claimed with SKIP LOCKED, so two instances erase it once.
    name: 'account-erasure',
    intervalMs: 10 * 60_000,
    run: async (ctx, now) => {
      await eraseDueAccounts(ctx, now);
    },
  },
  {
    // "Download my data" (issue #25): builds queued exports (each claimed with SKIP LOCKED, so
    // two instances build it once), e-mails the single-use link, expires links after 7 days.
    name: 'data-export',
    // A parent waits for it: every 10 s (a run with nothing queued is two small statements).
    intervalMs: 10_000,
    run: async (ctx, now) => {
      await runDataExports(ctx, now);
    },
  },
];

/**
 * Runs each job on its interval inside the server process, and once shortly after start;
 * failures are logged, never fatal.
 */
export function startJobs(deps: { ctx: JobContext; log: FastifyBaseLogger; jobs?: Job[] }) {
  const timers = (deps.jobs ?? JOBS).flatMap((job) => {
    let running = false;
    const tick = () => {
      if (running) return;
      running = true;
      job
        .run(deps.ctx, new Date())
        .catch((error: unknown) => deps.log.warn({ err: error, job: job.name }, 'job failed'))
        .finally(() => {
          running = false;
        });
    };
    const first = setTimeout(tick, 2_000);
    const timer = setInterval(tick, job.intervalMs);
    first.unref();
    timer.unref();
    return [first, timer];
  });
  return {
    stop: () =>
      timers.forEach((timer) => {
        clearTimeout(timer);
        clearInterval(timer);
      }),
  };
}
