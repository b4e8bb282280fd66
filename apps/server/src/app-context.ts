import type { Config } from './config';
import type { Database } from './db/client';
import type { JobQueue } from './jobs/queue';
import type { Providers } from './providers';

/**
 * What services need from the outside world, passed explicitly (no globals): the database, the
 * outside-service providers, configuration and a clock that tests can move.
 */
export interface AppContext {
  config: Config;
  db: Database;
  providers: Providers;
  clock: Clock;
  /**
   * The durable job queue (decision 050), for work a request wants done now rather than at its
   * next scheduled run. Absent in tests and scripts: the work then waits for its schedule.
   */
  queue?: JobQueue;
}

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
