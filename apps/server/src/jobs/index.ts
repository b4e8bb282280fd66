import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { deleteExpiredWindows } from '../modules/rate-limit/rate-limit.repository';
import { deleteExpiredChallenges } from '../modules/registration/captcha.repository';

export interface Job {
  name: string;
  intervalMs: number;
  /**
   * One run. Must be safe when two instances run it at the same moment: idempotent statements,
   * or row / advisory locks inside (DEVELOPERS.md: scale-out).
   */
  run(db: Database, now: Date): Promise<void>;
}

export const JOBS: Job[] = [
  {
    name: 'rate-limit-cleanup',
    intervalMs: 10 * 60_000,
    run: (db, now) => deleteExpiredWindows(db, now),
  },
  {
    name: 'captcha-cleanup',
    intervalMs: 10 * 60_000,
    run: (db, now) => deleteExpiredChallenges(db, now),
  },
];

/** Runs each job on its interval inside the server process; failures are logged, never fatal. */
export function startJobs(deps: { db: Database; log: FastifyBaseLogger; jobs?: Job[] }) {
  const timers = (deps.jobs ?? JOBS).map((job) => {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      job
        .run(deps.db, new Date())
        .catch((error: unknown) => deps.log.warn({ err: error, job: job.name }, 'job failed'))
        .finally(() => {
          running = false;
        });
    }, job.intervalMs);
    timer.unref();
    return timer;
  });
  return { stop: () => timers.forEach((timer) => clearInterval(timer)) };
}
