import PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../db/client';

/**
 * The durable job queue (decision 050): pg-boss, in its own `pgboss` schema of the portal's
 * database — on PostgreSQL through its own small pool, on the embedded database through the one
 * PGlite connection (pg-boss runs its SQL through any `executeSql`). Jobs are rows: a job sent is
 * kept across restarts, handed to one worker of one instance (`FOR UPDATE SKIP LOCKED`), retried
 * with back-off when it throws, and a cron schedule makes one job per tick whatever the number of
 * instances.
 */

/** What a request or a job may put on the queue (the work itself is `jobs/index.ts`). */
export interface JobQueue {
  send(name: string, data?: object): Promise<void>;
}

/** The schema pg-boss keeps its tables in, beside the portal's own. */
export const QUEUE_SCHEMA = 'pgboss';

/** How pg-boss reaches the database the portal uses. */
export function queueConnection(
  database: DatabaseHandle,
): Pick<PgBoss.ConstructorOptions, 'connectionString' | 'db' | 'max'> {
  if (database.connection.kind === 'postgres')
    // Workers poll and send on their own connections, so a busy queue never takes the app's.
    return { connectionString: database.connection.url, max: 4 };
  const client = database.connection.client;
  return {
    db: {
      // pg-boss creates its schema with several statements in one text and no parameters (which
      // only PGlite's `exec` accepts); everything else is one parameterised statement.
      async executeSql(text: string, values?: unknown[]) {
        if (values && values.length > 0) return client.query(text, values);
        const results = await client.exec(text);
        return results.at(-1) ?? { rows: [] };
      },
    },
  };
}

/** A pg-boss instance on the portal's database (not started). */
export function createBoss(database: DatabaseHandle, schema = QUEUE_SCHEMA): PgBoss {
  return new PgBoss({
    ...queueConnection(database),
    schema,
    application_name: 'portal-jobs',
    // Finished jobs are kept a week for inspection, then pg-boss's own maintenance drops them.
    archiveCompletedAfterSeconds: 3_600,
    deleteAfterDays: 7,
  });
}
