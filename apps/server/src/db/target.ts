import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from '../config';
import type { DatabaseTarget } from './client';

/** The database the configuration names: PostgreSQL when DATABASE_URL is set, else PGlite on disk. */
export function databaseTarget(
  config: Pick<Config, 'databaseUrl' | 'databasePoolSize' | 'dataDir'>,
): DatabaseTarget {
  if (config.databaseUrl) {
    return { kind: 'postgres', url: config.databaseUrl, poolSize: config.databasePoolSize };
  }
  return {
    kind: 'pglite',
    dataDir: path.join(config.dataDir, 'pglite'),
    // Written by build.mjs next to the server bundle; absent when running from source.
    templateFile: fileURLToPath(new URL('./pglite-template.tar.gz', import.meta.url)),
  };
}
