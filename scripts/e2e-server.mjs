// Starts the built server for the end-to-end run: a fresh embedded database in a temporary
// folder (removed on exit), local providers with the dev outbox, demo data and test fixtures.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-e2e-'));
const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js')], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'test',
    PORT: process.env.E2E_PORT ?? '4310',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    DEMO_DATA: 'true',
    TEST_FIXTURES: 'true',
    // Cheaper hashes keep parallel browser tests off the CPU limit; the real cost is unit-tested.
    PASSWORD_HASH_COST: '14',
    // A small proof of work (~4 000 hashes): the browser still runs the real search.
    CAPTCHA_DIFFICULTY: process.env.CAPTCHA_DIFFICULTY ?? '12',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    SMS_PROVIDER: 'local',
    EMAIL_PROVIDER: 'local',
  },
});
const cleanup = () => rmSync(dataDir, { recursive: true, force: true });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => {
  cleanup();
  process.exit(code ?? 0);
});
