import { buildApp } from './app';
import { prepareDatabase } from './boot';
import { ConfigError, loadConfig } from './config';
import { startJobs } from './jobs';
import { startMemoryReport } from './lib/memory-report';

/** Loads `.env` when present (Node ≥ 20.12); real deployments set the environment directly. */
function loadDotEnv() {
  try {
    process.loadEnvFile();
  } catch {
    // No .env file: the defaults run the demo.
  }
}

async function main() {
  loadDotEnv();
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const database = await prepareDatabase(config);
  const app = await buildApp({ config, database });
  const jobs = startJobs({ ctx: { db: database.db, config }, log: app.log });
  if (config.memoryReport) startMemoryReport(database.wasmMemoryBytes);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Stop taking requests, let in-flight ones finish, then release the database.
    const forced = setTimeout(() => process.exit(1), 10_000);
    forced.unref();
    jobs.stop();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { database: database.kind },
    `parent portal listening on http://localhost:${config.port}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
