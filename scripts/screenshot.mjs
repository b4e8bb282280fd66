// Dev helper: screenshots of pages in Debian Chromium, e.g.
// node scripts/screenshot.mjs http://127.0.0.1:3000 "/police|zh_CN|390" — writes /tmp/shot-*.png.
// SHOT_TOKEN=<bearer token> shows signed-in pages; SHOT_FULL=1 takes the whole page; SHOT_WAIT=<ms>
// waits that long after loading (default 1200).
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';
const [, , base, ...pages] = process.argv;
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
    ([l, token]) => {
      localStorage.setItem('lang', l);
      if (token) localStorage.setItem('token', token);
    },
    [lang || 'en', process.env.SHOT_TOKEN ?? ''],
  );
  await page.goto(base + path);
  await page.waitForTimeout(Number(process.env.SHOT_WAIT ?? 1200));
  const file = `/tmp/shot-${path.replace(/[^a-z0-9]/gi, '_')}-${lang}-${width || 1280}.png`;
  await page.screenshot({ path: file, fullPage: Boolean(process.env.SHOT_FULL) });
  console.log(file, errors.length ? 'ERRORS: ' + errors.join(' | ') : 'ok');
  await context.close();
}
await browser.close();
