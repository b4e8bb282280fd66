import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../config';
import { prepareDatabase } from '../../boot';
import { openDatabase } from '../client';
import { databaseTarget } from '../target';

/**
 * `npm run demo:reset`: recreates the embedded database with fresh demo data. It refuses a
 * DATABASE_URL database unless `--force-database-url` is given, since that wipes every table.
 */
async function main() {
  try {
    process.loadEnvFile();
  } catch {
    // no .env
  }
  const config = { ...loadConfig(), demoData: true };
  const target = databaseTarget(config);
  if (target.kind === 'postgres') {
    if (!process.argv.includes('--force-database-url')) {
      console.error(
        'DATABASE_URL is set: demo:reset would erase that database. Run `npm run demo:reset -- --force-database-url` if you mean it.',
      );
      process.exit(2);
    }
    const handle = await openDatabase(target);
    await handle.db.execute(sql`drop schema if exists public cascade`);
    await handle.db.execute(sql`drop schema if exists drizzle cascade`);
    await handle.db.execute(sql`create schema public`);
    await handle.close();
  } else if (target.dataDir) {
    rmSync(target.dataDir, { recursive: true, force: true });
  }
  const handle = await prepareDatabase(config);
  await handle.close();
  console.warn(`demo data recreated (${handle.kind})`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
