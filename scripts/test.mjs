// `npm test`: every check in one command: format, lint, types, unit and API tests (Vitest on
// the embedded database, or PostgreSQL when DATABASE_URL is set), the production build and its
// bundle budgets, and the end-to-end tests in Debian's Chromium. Prints one summary line at the end.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tmp = path.join(root, '.tmp');
rmSync(tmp, { recursive: true, force: true });
mkdirSync(tmp, { recursive: true });

const skipE2e = process.argv.includes('--no-e2e');
const steps = [
  ['format', 'npx', ['prettier', '--check', '.', '--log-level', 'warn']],
  ['lint', 'npx', ['eslint', '.', '--max-warnings', '0']],
  ['types', 'npm', ['run', 'typecheck', '--silent']],
  [
    'unit and API tests',
    'npx',
    [
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${path.join(tmp, 'vitest.json')}`,
    ],
  ],
  ...(skipE2e
    ? []
    : [
        ['build', 'npm', ['run', 'build', '--silent']],
        ['bundle budgets', 'node', ['scripts/bundle-budget.mjs']],
        ['end-to-end tests', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts']],
      ]),
];

const failedSteps = [];
for (const [name, command, args] of steps) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.log(`✗ ${name} failed (${seconds} s)`);
    failedSteps.push(name);
    // Later steps still run: one report shows every broken layer.
  } else {
    console.log(`✓ ${name} (${seconds} s)`);
  }
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

let passed = 0;
let failed = 0;
const vitest = readJson(path.join(tmp, 'vitest.json'));
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
}
const playwright = existsSync(path.join(tmp, 'playwright.json'))
  ? readJson(path.join(tmp, 'playwright.json'))
  : undefined;
if (playwright?.stats) {
  passed += playwright.stats.expected;
  failed += playwright.stats.unexpected;
}
if (failedSteps.length > 0) console.log(`\nFailed steps: ${failedSteps.join(', ')}`);
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(failedSteps.length > 0 || failed > 0 ? 1 : 0);
