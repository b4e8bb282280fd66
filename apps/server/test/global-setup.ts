import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { TEMPLATE_DATABASE, adminUrl, withDatabaseName } from './helpers/postgres';
import pg from 'pg';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplatePath: string;
  }
}

/**
 * Builds the migrated database once per run (initdb is slow and large: docs/decisions/003):
 * a PGlite data-dir dump that each test file loads, or, with DATABASE_URL, a PostgreSQL template
 * database that each test file copies with CREATE DATABASE … TEMPLATE.
 */
export default async function setup(project: TestProject) {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const admin = new pg.Client({ connectionString: adminUrl(databaseUrl) });
    await admin.connect();
    await admin.query(`drop database if exists ${TEMPLATE_DATABASE} with (force)`);
    await admin.query(`create database ${TEMPLATE_DATABASE}`);
    await admin.end();
    const url = withDatabaseName(databaseUrl, TEMPLATE_DATABASE);
    const handle = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
    await runMigrations(handle, { kind: 'postgres', url });
    await handle.close();
    project.provide('pgliteTemplatePath', '');
    return;
  }

  const dir = mkdtempSync(path.join(tmpdir(), 'portal-pglite-template-'));
  const handle = await openDatabase({ kind: 'pglite' });
  await runMigrations(handle, { kind: 'pglite' });
  const pglite = (handle as unknown as { pglite: { dumpDataDir(c: 'gzip'): Promise<Blob> } })
    .pglite;
  const dump = await pglite.dumpDataDir('gzip');
  const file = path.join(dir, 'template.tar.gz');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide('pgliteTemplatePath', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
