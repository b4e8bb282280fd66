import { expect, expectAccessible, test, useLanguage } from '../fixtures/test';

test.describe('public course schedule', () => {
  test('desktop: filter by subject and weekday, page through (en)', async ({
    page,
    consoleErrors,
  }) => {
    await useLanguage(page, 'en');
    await page.goto('/schedules_pc');
    await expect(page.getByRole('heading', { level: 1, name: 'Courses Schedule' })).toBeVisible();
    await expect(page.getByText('16 courses')).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(10);
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Page 2' }).click();
    await expect(page.getByRole('article')).toHaveCount(6);
    await expect(page).toHaveURL(/page=2/);

    await page.getByRole('combobox', { name: 'Subject' }).click();
    await page.getByRole('option', { name: 'Math Thinking' }).click();
    await expect(page.getByText('4 courses')).toBeVisible();
    await expect(page).toHaveURL(/subject=\d+/);

    // Keep only Saturday: weekday chips toggle off the others.
    for (const day of ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sun'])
      await page.getByText(day, { exact: true }).first().click();
    await expect(page).toHaveURL(/weekdays=6/);
    await expect(page.getByText('2 courses')).toBeVisible();
    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(2);
    for (const card of await cards.all())
      await expect(card.getByText(/^Sat /).first()).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('desktop: frequency filter and empty state (zh_CN)', async ({ page }) => {
    await useLanguage(page, 'zh_CN');
    await page.goto('/schedules_pc');
    await expect(page.getByRole('heading', { level: 1, name: '课程表' })).toBeVisible();
    await page.getByText('每周 3 次').click();
    await expect(page.getByText('共 3 门课程')).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(3);
    for (const card of await page.getByRole('article').all())
      await expect(card.locator('.mantine-Badge-root[data-variant="outline"]')).toHaveCount(3);
    await page.getByRole('combobox', { name: '科目' }).click();
    await page.getByRole('option', { name: '科学探索' }).click();
    await expect(page.getByText('没有符合条件的课程，请减少筛选条件。')).toBeVisible();
    await expectAccessible(page);
  });

  test('phone: filter popup and infinite scroll', async ({ page, consoleErrors }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await useLanguage(page, 'en');
    await page.goto('/schedules_app');
    await expect(page.getByRole('article')).toHaveCount(10);
    await page.getByRole('article').last().scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 4000);
    await expect(page.getByRole('article')).toHaveCount(16);
    await expect(page.getByText("That's all the courses.")).toBeVisible();

    await page.getByRole('button', { name: 'Filters' }).click();
    const drawer = page.getByRole('dialog', { name: 'Filters' });
    await drawer.getByRole('combobox', { name: 'Subject' }).click();
    await page.getByRole('option', { name: 'Chinese' }).click();
    await drawer.getByRole('button', { name: /Show \d+ course/ }).click();
    await expect(page.getByRole('article')).toHaveCount(4);
    await expectAccessible(page);
    expect(consoleErrors).toEqual([]);
  });

  test('phone: Chinese labels and the sign-in call to action', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await useLanguage(page, 'zh_CN');
    await page.goto('/schedules_app');
    await expect(page.getByRole('heading', { level: 1, name: '课程表' })).toBeVisible();
    await expect(page.getByText(/时间按您的时区显示/)).toBeVisible();
    await page.getByRole('link', { name: '登录' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('curriculum', () => {
  for (const [language, subject, level, topic] of [
    ['en', 'Math Thinking', 'Level 2', 'Times tables'],
    ['zh_CN', '数学思维', '二级', '乘法口诀'],
  ] as const) {
    test(`drill down from subject to level topics (${language})`, async ({
      page,
      consoleErrors,
    }) => {
      await useLanguage(page, language);
      await page.goto('/curriculum');
      await page.getByRole('combobox', { name: /Subject|科目/ }).click();
      await page.getByRole('option', { name: subject }).click();
      await page.getByRole('button', { name: new RegExp(level) }).click();
      await expect(page.getByRole('listitem').filter({ hasText: topic })).toBeVisible();
      await expectAccessible(page);
      expect(consoleErrors).toEqual([]);
    });
  }
});

test('download page links no store that is not configured (the demo has none)', async ({
  page,
}) => {
  await useLanguage(page, 'en');
  await page.goto('/download');
  await expect(page.getByText(/on its way to the stores/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download on the App Store' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Get it on Google Play' })).toHaveCount(0);
  await expect(page).toHaveTitle(/Get the app/);
  await expectAccessible(page);
});
