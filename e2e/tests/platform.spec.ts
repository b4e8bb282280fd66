import { expect, expectAccessible, test, useLanguage } from '../fixtures/test';

test.describe('agreement pages', () => {
  for (const [language, title, htmlLang] of [
    ['en', 'Privacy Policy', 'en'],
    ['zh_CN', '隐私政策', 'zh-CN'],
  ] as const) {
    test(`/police renders the privacy policy in ${language}`, async ({ page, consoleErrors }) => {
      await useLanguage(page, language);
      await page.goto('/police');
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.locator('article h2').first()).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', htmlLang);
      await expectAccessible(page);
      expect(consoleErrors).toEqual([]);
    });
  }

  test('/service and /contract render their agreements', async ({ page, consoleErrors }) => {
    await useLanguage(page, 'en');
    await page.goto('/service');
    await expect(page.getByRole('heading', { level: 1, name: 'User Agreement' })).toBeVisible();
    await page.goto('/contract');
    await expect(page.getByRole('heading', { level: 1, name: 'Purchase Contract' })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });
});

test.describe('unknown paths', () => {
  test('show the fallback page with a way back', async ({ page, consoleErrors }) => {
    await useLanguage(page, 'en');
    const response = await page.goto('/this/path/does-not-exist');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('link', { name: /sign in/i })).toBeVisible();
    await expectAccessible(page);
    expect(consoleErrors).toEqual([]);
  });

  test('answer in Chinese too', async ({ page }) => {
    await useLanguage(page, 'zh_CN');
    await page.goto('/no-such-page');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(page.getByRole('link', { name: /登录/ })).toBeVisible();
  });
});

test('security headers arrive with the page', async ({ page }) => {
  const response = await page.goto('/police');
  const headers = response!.headers();
  expect(headers['content-security-policy']).toContain("script-src 'self'");
  expect(headers['x-content-type-options']).toBe('nosniff');
});

test('scripts and styles arrive compressed, fingerprinted ones cached for a year', async ({
  page,
}) => {
  const assets: { url: string; encoding?: string; cache?: string }[] = [];
  page.on('response', (response) => {
    if (/\/assets\/.+\.(js|css)$/.test(response.url()))
      assets.push({
        url: response.url(),
        encoding: response.headers()['content-encoding'],
        cache: response.headers()['cache-control'],
      });
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The heading is in the pre-rendered page; the scripts are in once the app has taken it over.
  await expect(page.locator('#root[data-shell]')).toHaveCount(0);
  expect(assets.length).toBeGreaterThan(3);
  // Chromium asks for br; the build wrote a .br next to every asset over 1 KB.
  const large = assets.filter((asset) => asset.encoding !== undefined);
  expect(large.length).toBeGreaterThan(3);
  expect(large.every((asset) => asset.encoding === 'br')).toBe(true);
  expect(assets.every((asset) => asset.cache === 'public, max-age=31536000, immutable')).toBe(true);
});
