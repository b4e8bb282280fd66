import type { Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLessons, createParent, signInWithPassword } from '../fixtures/parents';
import { expect, test, useLanguage, type Language } from '../fixtures/test';

// The installable app (decision 051). The other specs block service workers
// (playwright.config.ts); these let the app register its own.
test.use({ serviceWorkers: 'allow' });

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const WEB_DIST = path.join(root, 'apps/web/dist');
const LESSONS = '/home/children/AttendClassNow';

/** The files of a web build (without the .br/.gz copies), as URL paths. */
function builtFiles(dist: string, dir = ''): string[] {
  return readdirSync(path.join(dist, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return builtFiles(dist, file);
    return /\.(br|gz)$/.test(entry.name) ? [] : [file];
  });
}

/** Waits for the app's service worker to be active, then reloads: the page is then its. */
async function reloadUnderServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null))
    .toMatch(/\/sw\.js$/);
}

/** A parent with a lesson in an hour, signed in, on the lessons screen under the worker. */
async function signInWithLessonsUnderServiceWorker(page: Page, language: Language): Promise<void> {
  const parent = await createParent(page, { password: 'secret123', language });
  await createLessons(page, parent, { firstInMinutes: 60 });
  await useLanguage(page, language);
  await signInWithPassword(page, parent);
  await expect(page.getByTestId('lesson-card').first()).toBeVisible();
  await reloadUnderServiceWorker(page);
}

/** Every Cache Storage entry of the page's origin: cache name → request URLs. */
function cacheEntries(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const entries: Record<string, string[]> = {};
    for (const name of await caches.keys())
      entries[name] = (await (await caches.open(name)).keys()).map((request) => request.url);
    return entries;
  });
}

/**
 * Chromium reports each request refused while offline as a console error; those are the point
 * of the test. Anything else the browser reports still fails it.
 */
function forgiveOfflineRequests(consoleErrors: string[]): void {
  const others = consoleErrors.filter(
    (text) => !/ERR_INTERNET_DISCONNECTED|ERR_CONNECTION_REFUSED|ERR_FAILED/.test(text),
  );
  consoleErrors.splice(0, consoleErrors.length, ...others);
}

const MANIFESTS = {
  en: { name: 'Parent Portal', lang: 'en' },
  zh_CN: { name: '家长端', lang: 'zh-CN' },
} as const;

for (const language of ['en', 'zh_CN'] as const) {
  test(`the ${language} manifest names the app in its language and the app links it`, async ({
    page,
  }) => {
    const file = `/manifest.${language}.webmanifest`;
    const response = await page.request.get(file);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/manifest+json');
    expect(response.headers()['cache-control']).toBe('no-cache');
    const manifest = (await response.json()) as Record<string, unknown>;
    expect(manifest).toMatchObject({
      id: '/',
      name: MANIFESTS[language].name,
      short_name: MANIFESTS[language].name,
      lang: MANIFESTS[language].lang,
      start_url: LESSONS,
      scope: '/',
      display: 'standalone',
      background_color: '#fffaf5',
    });
    const icons = manifest.icons as { src: string; sizes: string; purpose?: string }[];
    expect(icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of icons) {
      const image = await page.request.get(icon.src);
      expect(image.headers()['content-type']).toBe('image/png');
    }

    // The theme colour is the page's; the page links the manifest of its language.
    await useLanguage(page, language);
    await page.goto('/');
    const themeColor = await page.locator('meta[name="theme-color"]').getAttribute('content');
    expect(manifest.theme_color).toBe(themeColor);
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', file);
  });
}

test('the service worker controls the page after a reload and precaches only the build', async ({
  page,
}) => {
  await useLanguage(page, 'en');
  await page.goto('/');
  for (const file of [
    '/sw.js',
    `/${readdirSync(WEB_DIST).find((f) => /^workbox-.*\.js$/.test(f))}`,
  ])
    expect((await page.request.get(file)).headers()['cache-control']).toBe('no-cache');
  await reloadUnderServiceWorker(page);
  // A screen's address opens the app from the precache.
  const screen = await page.goto(LESSONS);
  expect(screen?.fromServiceWorker()).toBe(true);
  await page.waitForURL((url) => url.pathname === '/');

  const entries = await cacheEntries(page);
  const names = Object.keys(entries);
  expect(names).toHaveLength(1);
  expect(names[0]).toMatch(/^workbox-precache-v2-/);
  const built = new Set(builtFiles(WEB_DIST));
  const cached = entries[names[0]!]!.map((url) => new URL(url).pathname);
  expect(cached).toContain('/index.html');
  expect(cached).toContain('/manifest.zh_CN.webmanifest');
  expect(cached.filter((file) => !built.has(file) || file.startsWith('/shell/'))).toEqual([]);

  // The staff console's pages and the API never come from the parents' worker.
  const ops = await page.goto('/ops/');
  expect(ops?.fromServiceWorker()).toBe(false);
  const api = await page.goto('/api/health');
  expect(api?.fromServiceWorker()).toBe(false);
});

for (const [language, texts] of [
  [
    'en',
    {
      banner: 'You are offline: what you see may be out of date, and nothing can be sent.',
      title: 'You are offline',
      text: 'This can be shown once you are back online.',
      unreachable: 'The server could not be reached.',
      retry: 'Try again',
      heading: 'Upcoming lessons',
      courses: 'My courses',
    },
  ],
  [
    'zh_CN',
    {
      banner: '您已离线：显示的内容可能不是最新的，也无法提交任何操作。',
      title: '您已离线',
      text: '恢复联网后即可显示。',
      unreachable: '无法连接服务器',
      retry: '重试',
      heading: '即将上课',
      courses: '我的课程',
    },
  ],
] as const satisfies [Language, Record<string, string>][]) {
  test(`offline, the installed app opens on the lessons and says it is offline (${language})`, async ({
    page,
    context,
    consoleErrors,
  }) => {
    await signInWithLessonsUnderServiceWorker(page, language);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { name: texts.heading, level: 1 })).toBeVisible();
    const banner = page.getByRole('status').filter({ hasText: texts.banner });
    await expect(banner).toBeInViewport();
    const main = page.getByRole('main');
    const failed = main.getByRole('alert').filter({ hasText: texts.title });
    await expect(failed).toContainText(texts.text);
    // Nothing pretends: no lesson is shown from anywhere.
    await expect(page.getByTestId('lesson-card')).toHaveCount(0);
    // Trying again while still offline says so again.
    await main.getByRole('button', { name: texts.retry }).click();
    await expect(failed).toBeVisible();

    // Back online, the banner goes and what failed is fetched again: lessons and children.
    await context.setOffline(false);
    await expect(banner).toBeHidden();
    await expect(page.getByTestId('lesson-card').first()).toBeVisible({ timeout: 20_000 });
    await expect(main.getByRole('button', { name: 'Leo' })).toBeVisible();
    await expect(failed).toBeHidden();

    // Online but the server out of reach: the screen says so, and its Retry loads it.
    await context.route('**/api/**', (route) => route.abort('connectionrefused'));
    await page.getByRole('link', { name: texts.courses }).first().click();
    const unreachable = main.getByRole('alert').filter({ hasText: texts.unreachable });
    await expect(unreachable).toBeVisible({ timeout: 20_000 });
    await context.unrouteAll();
    await main.getByRole('button', { name: texts.retry }).click();
    await expect(unreachable).toBeHidden();
    await expect(main.getByText(/Reading|阅读/).first()).toBeVisible();
    forgiveOfflineRequests(consoleErrors);
  });
}

/** Every signed-in screen that loads the family's data, as a parent opens it from the menu. */
const SCREENS_WITH_DATA = [
  LESSONS,
  '/home/children/ClassEnrolled',
  '/home/children/ViewCompletedLessons',
  '/home/children/ScheduleaClass',
  '/home/children/PurchaseLessonPlan',
  '/home/children/addChildren',
  '/home/children/information',
  '/home/children/Transaction',
  '/home/children/MonthlyPassUser',
  '/home/children/ChangePlan',
  '/home/children/MonthyuStatement',
  '/index',
  '/payHistory',
  '/recharge',
  '/payList',
  '/allChild',
  '/curriculum',
  '/schedules_pc',
  '/schedules_app',
];

test('offline, every screen with the family’s data says it is offline and pretends nothing', async ({
  page,
  context,
  consoleErrors,
}) => {
  // Each screen's load fails after the query cache's two retries (about 3 s).
  test.setTimeout(180_000);
  await signInWithLessonsUnderServiceWorker(page, 'en');
  await context.setOffline(true);
  for (const screen of SCREENS_WITH_DATA) {
    await page.goto(screen);
    const main = page.getByRole('main');
    const offline = main.getByRole('alert').filter({ hasText: 'You are offline' }).first();
    await expect(offline, screen).toContainText('This can be shown once you are back online.', {
      timeout: 15_000,
    });
    await expect(main.getByRole('button', { name: 'Try again' }).first()).toBeVisible();
    // No other failure in its place, and no answer made up without the server.
    await expect(
      main.getByText(/could not be (loaded|shown)|You are not a member yet/),
    ).toHaveCount(0);
    await expect(page.getByTestId('lesson-card')).toHaveCount(0);
  }
  // Back online, the last screen loads what failed by itself.
  await context.setOffline(false);
  await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0, { timeout: 15_000 });
  forgiveOfflineRequests(consoleErrors);
});

for (const language of ['en', 'zh_CN'] as const) {
  test(`a return visit's lessons come with the document, drawn by the server (${language})`, async ({
    page,
    consoleErrors,
  }) => {
    await signInWithLessonsUnderServiceWorker(page, language);

    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    const response = await page.goto(LESSONS);
    // Through the worker, from the server (decision 056): the parent's lessons are in it.
    expect(response?.fromServiceWorker()).toBe(true);
    expect(response?.headers()['cache-control']).toBe('no-store');
    const html = await response!.text();
    expect(html).toContain(`<html lang="${language === 'en' ? 'en' : 'zh-CN'}"`);
    expect(html).toMatch(/<div id="root" data-drawn data-time-diff="-?\d+"/);
    expect(html).toContain('data-testid="lesson-card"');
    expect(html).toContain('id="drawn-state"');

    // The app takes the screen over with the answers the page held: it asks for none of them.
    await expect(page.locator('#root')).not.toHaveAttribute('data-drawn');
    await expect(page.getByTestId('lesson-card').first()).toBeVisible();
    expect(
      asked.filter((path) =>
        /^\/api\/(user\/profile|accounts|students|userSchedukeForStudentSeven)$/.test(path),
      ),
    ).toEqual([]);
    // Nothing of it is stored.
    const urls = Object.values(await cacheEntries(page)).flat();
    expect(urls.filter((url) => new URL(url).pathname === LESSONS)).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
}

test('signing out leaves no personal data in Cache Storage or the session in localStorage', async ({
  page,
}) => {
  const parent = await createParent(page, { password: 'secret123' });
  await createLessons(page, parent);
  await useLanguage(page, 'en');
  await signInWithPassword(page, parent);
  await reloadUnderServiceWorker(page);
  await page.goto('/home/children/information');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Were anything ever to cache an answer of the API, signing out deletes it.
  await page.evaluate(async () => {
    const cache = await caches.open('stray-runtime-cache');
    await cache.put('/api/user/profile', new Response('{"name":"private"}'));
  });

  // The profile's current child is remembered for the next visit's first calls (decision 054).
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('currentStudent')))
    .toMatch(/\S/);

  await page.getByRole('button', { name: 'Account', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await page.waitForURL((url) => url.pathname === '/');

  const stored = await page.evaluate(() => ({
    token: localStorage.getItem('token'),
    currentStudent: localStorage.getItem('currentStudent'),
  }));
  expect(stored).toEqual({ token: null, currentStudent: null });

  // The session's cookie went too: the server draws no screen with the parent's data.
  expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain(
    'portal_session',
  );
  expect(await (await page.request.get(LESSONS)).text()).not.toContain('<div id="root" data-drawn');

  const entries = await cacheEntries(page);
  expect(Object.keys(entries)).toEqual([expect.stringMatching(/^workbox-precache-v2-/)]);
  const urls = Object.values(entries).flat();
  expect(urls.filter((url) => new URL(url).pathname.startsWith('/api/'))).toEqual([]);
  const built = new Set(builtFiles(WEB_DIST));
  expect(urls.filter((url) => !built.has(new URL(url).pathname))).toEqual([]);
});

test.describe('a new build', () => {
  let server: ChildProcess | undefined;
  const folders: string[] = [];

  test.afterEach(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });

  test('is offered, and Reload puts the page under it (zh_CN)', async ({ page, baseURL }) => {
    test.setTimeout(120_000);
    // A server of its own over a copy of the build: the shared build stays as the others use it.
    const dist = mkdtempSync(path.join(tmpdir(), 'portal-pwa-dist-'));
    const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-pwa-data-'));
    folders.push(dist, dataDir);
    cpSync(WEB_DIST, dist, { recursive: true });
    // The worker is rewritten below: its precompressed copies would still be sent.
    rmSync(path.join(dist, 'sw.js.br'), { force: true });
    rmSync(path.join(dist, 'sw.js.gz'), { force: true });
    const port = Number(new URL(baseURL!).port) + 20 + test.info().workerIndex;
    server = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js')], {
      cwd: root,
      stdio: 'inherit',
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        DEMO_DATA: 'false',
        LOG_LEVEL: 'warn',
        SMS_PROVIDER: 'local',
        EMAIL_PROVIDER: 'local',
        WEB_DIST_DIR: dist,
      },
    });
    const base = `http://127.0.0.1:${port}`;
    await expect
      .poll(
        () =>
          fetch(`${base}/api/ready`).then(
            (r) => r.status,
            () => 0,
          ),
        { timeout: 60_000 },
      )
      .toBe(200);

    await useLanguage(page, 'zh_CN');
    await page.goto(`${base}/`);
    await reloadUnderServiceWorker(page);
    const prompt = page.getByRole('status').filter({ hasText: '有新版本可用' });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(prompt).toHaveCount(0);

    // The next build: index.html of another revision.
    const swFile = path.join(dist, 'sw.js');
    const worker = readFileSync(swFile, 'utf8');
    const revision = /"revision":"([0-9a-f]+)","url":"index\.html"/.exec(worker)?.[1];
    expect(revision).toBeTruthy();
    const next = `${revision!.slice(0, -4)}beef`;
    writeFileSync(swFile, worker.replace(revision!, next));

    await page.reload();
    await expect(prompt).toContainText('有新版本可用，刷新即可使用。');
    await expect(prompt).toBeInViewport();
    await prompt.getByRole('button', { name: '刷新' }).click();
    // The page reloads under the new worker: its precache holds the new revision only.
    await expect
      .poll(async () =>
        Object.values(await cacheEntries(page).catch(() => ({}) as Record<string, string[]>))
          .flat()
          .filter((url) => url.includes('/index.html?'))
          .map((url) => new URL(url).searchParams.get('__WB_REVISION__')),
      )
      .toEqual([next]);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(prompt).toHaveCount(0);
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.state)).toBe('activated');
  });
});
