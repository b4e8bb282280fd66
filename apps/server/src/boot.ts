import type { Config } from './config';
import { openDatabase, type DatabaseHandle } from './db/client';
import { runMigrations } from './db/migrate';
import { seedDemoData } from './db/seed/demo';
import { databaseTarget } from './db/target';
import { systemClock } from './app-context';

/** Opens the configured database, applies migrations and, when enabled, fills an empty one with demo data. */
export async function prepareDatabase(config: Config): Promise<DatabaseHandle> {
  const target = databaseTarget(config);
  const handle = await openDatabase(target);
  try {
    await runMigrations(handle, target);
    if (config.demoData) {
      await seedDemoData(handle.db, systemClock.now(), { staffTotpKey: config.staff.totpKey });
    }
  } catch (error) {
    await handle.close().catch(() => undefined);
    throw error;
  }
  return handle;
}
