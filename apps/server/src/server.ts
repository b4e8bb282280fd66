import { buildApp } from './app';
import { prepareDatabase } from './boot';
import { ConfigError, isLoopbackHost, loadConfig, type Config } from './config';
import { createProviders, usesLocalOutbox } from './providers';
import { systemClock } from './app-context';
import { startJobs, type RunningJobs } from './jobs';
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
  const providers = createProviders(config, database.db);
  // Requests may send work to the queue, which starts once the app (and its logger) exists and
  // before the server listens.
  const running: { jobs?: RunningJobs } = {};
  const app = await buildApp({
    config,
    database,
    providers,
    queue: { send: async (name, data) => running.jobs?.send(name, data) },
  });
  running.jobs = await startJobs({
    ctx: { db: database.db, config, providers, clock: systemClock },
    database,
    log: app.log,
  });
  if (config.memoryReport) startMemoryReport(database.wasmMemoryBytes);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Stop taking requests, let in-flight ones finish, then release the database.
    const forced = setTimeout(() => process.exit(1), 10_000);
    forced.unref();
    await app.close();
    await running.jobs?.stop();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { database: database.kind, host: config.host },
    `parent portal listening on http://localhost:${config.port}`,
  );
  printBanner(config, usesLocalOutbox(providers));
}

/** What a person starting the demo needs to know about who can reach it (issue #18 item 11). */
function printBanner(config: Config, localOutbox: boolean) {
  const lines = [`Parent portal: http://localhost:${config.port}`];
  if (isLoopbackHost(config.host)) {
    lines.push(
      `Listening on ${config.host} only: this machine can reach it, the network cannot.`,
      'To listen on the network, set HOST=0.0.0.0 (the dev outbox then asks for DEV_OUTBOX_TOKEN).',
    );
  } else {
    lines.push(`Listening on ${config.host}: other machines on the network can reach it.`);
    if (localOutbox && config.devOutbox) {
      const shown = config.devOutbox.generated ? config.devOutbox.token : '(your DEV_OUTBOX_TOKEN)';
      lines.push(
        'The dev outbox and the local checkout are on: the outbox asks for its token.',
        `  ${config.publicUrl}/api/dev/outbox?to=+8613800138000&token=${shown}`,
      );
    }
  }
  // For the person at the terminal, beside the JSON log (which never holds the token).
  process.stdout.write(`\n${lines.join('\n')}\n\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
