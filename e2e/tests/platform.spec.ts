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
