import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';

/** Port of the server the e2e run starts (a temporary embedded database, local providers). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4310);

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  // Per-test budget, not a speed check (speed is measured by `npm run bench`): on the shared
  // 2-core machines a signed-in walk took 27–33 s at load average 8–12 and failed at 30 s.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['json', { outputFile: '../.tmp/playwright.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    // Schedule times depend on the visitor's zone: pin it so expectations hold on any machine.
    timezoneId: 'UTC',
    browserName: 'chromium',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // The parents' app registers a service worker (decision 051): only tests/pwa.spec.ts lets it,
    // so every other test runs against the network as before, without installing one.
    serviceWorkers: 'block',
  },
  webServer: {
    command: 'node ../scripts/e2e-server.mjs',
    url: `http://127.0.0.1:${E2E_PORT}/api/ready`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: { E2E_PORT: String(E2E_PORT) },
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
