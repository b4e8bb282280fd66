import { loadConfig } from '../config';
import { openDatabase } from './client';
import { runMigrations } from './migrate';
import { databaseTarget } from './target';

/** `npm run db:migrate`: applies pending migrations to the configured database and exits. */
async function main() {
  try {
    process.loadEnvFile();
  } catch {
    // no .env
  }
  const config = loadConfig();
  const target = databaseTarget(config);
  const handle = await openDatabase(target);
  try {
    await runMigrations(handle, target);
    console.warn(`migrations applied (${handle.kind})`);
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
