// Bundles the server into dist/server.js with esbuild: our code and @portal/shared (TypeScript
// source) are bundled; npm packages stay external and load from node_modules at run time.
import { build } from 'esbuild';
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@portal/'));

rmSync('dist', { recursive: true, force: true });
await build({
  entryPoints: {
    server: 'src/server.ts',
    'migrate-cli': 'src/db/migrate-cli.ts',
    'demo-reset-cli': 'src/db/seed/demo-reset-cli.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  logLevel: 'warning',
});
// Migrations are read at run time next to the bundle (see src/db/migrate.ts).
cpSync('src/db/migrations', 'dist/migrations', { recursive: true });

// A migrated, empty embedded database, loaded on the very first start instead of running
// initdb and every migration there (issue #8: first start 5.8 s; see src/db/client.ts).
const template = await PGlite.create();
await migrate(drizzle(template), { migrationsFolder: 'src/db/migrations' });
writeFileSync(
  'dist/pglite-template.tar.gz',
  Buffer.from(await (await template.dumpDataDir('gzip')).arrayBuffer()),
);
await template.close();
console.log('server built: apps/server/dist');
