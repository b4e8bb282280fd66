import type { Config } from './config';
import type { Database } from './db/client';
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
}

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
