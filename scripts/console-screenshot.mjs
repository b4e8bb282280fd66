// Dev helper: screenshots of the console's signed-in screens in Debian Chromium, e.g.
// node scripts/console-screenshot.mjs http://127.0.0.1:3000 admin@example.com "/timetable|zh_CN"
// Signs the demo member in through the API (password, then a TOTP code of the demo secret), then
// opens each path under /ops; writes /tmp/ops-*.png. SHOT_FULL=1 takes the whole page;
// SHOT_CLICK and SHOT_FILL open and fill a dialog first (see below).
import { chromium } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';

const [, , base, email, ...pages] = process.argv;
const secret = process.env.SHOT_TOTP_SECRET ?? 'JBSWY3DPEHPK3PXP';
const password = process.env.SHOT_PASSWORD ?? 'demo2026';

async function post(path, body) {
  const response = await fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = await response.json();
  if (json.code !== 0 && json.code !== 200 && !json.data) throw new Error(JSON.stringify(json));
  return json.data;
}

const { ticket } = await post('/api/ops/auth/sign-in', { email, password });
// A code is accepted once per time step: wait for a step nobody used in this run.
const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() });
const signedIn = await post('/api/ops/auth/verify', { ticket, code });

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
for (const spec of pages) {
  const [path, lang, width] = spec.split('|');
  const context = await browser.newContext({
    viewport: { width: Number(width || 1280), height: 900 },
  });
  const page = await context.newPage();
  const errors = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.addInitScript(
    ([l, token, expiresAt]) => {
      localStorage.setItem('lang', l);
      localStorage.setItem('opsToken', token);
      localStorage.setItem('opsTokenExpiresAt', expiresAt);
    },
    [lang || 'en', signedIn.token, signedIn.expiresAt],
  );
  await page.goto(`${base}/ops${path}`);
  await page.waitForTimeout(1500);
  // SHOT_CLICK="Refund…" opens a dialog first; SHOT_FILL="Amount to refund=50" then types in it.
  if (process.env.SHOT_CLICK) {
    await page.getByRole('button', { name: process.env.SHOT_CLICK }).first().click();
    if (process.env.SHOT_FILL) {
      const [label, value] = process.env.SHOT_FILL.split('=');
      await page.getByLabel(new RegExp(`^${label}`)).fill(value);
    }
    await page.waitForTimeout(1000);
  }
  const file = `/tmp/ops-${path.replace(/[^a-z0-9]/gi, '_')}-${lang || 'en'}-${width || 1280}.png`;
  await page.screenshot({ path: file, fullPage: Boolean(process.env.SHOT_FULL) });
  console.log(file, errors.length ? 'ERRORS: ' + errors.join(' | ') : 'ok');
  await context.close();
}
await browser.close();
