import { createLessons, createParent, signInWithPassword } from '../fixtures/parents';
import { expect, expectAccessible, test, useLanguage, type Language } from '../fixtures/test';

/** Issue #8: axe-core on every main screen, 0 serious or critical violations, both languages. */
const PUBLIC = [
  '/',
  '/loginPassword',
  '/emailFindPsw',
  '/schedules_pc',
  '/curriculum',
  '/download',
  '/police',
  '/no-such-page',
];
const SIGNED_IN = [
  '/home/children/AttendClassNow',
  '/home/children/ClassEnrolled',
  '/home/children/ViewCompletedLessons',
  '/home/children/ScheduleaClass',
  '/home/children/addChildren',
  '/home/children/information',
  '/home/children/PurchaseLessonPlan',
  '/home/children/Transaction',
  '/home/children/MonthlyPassUser',
  '/home/children/MonthyuStatement',
  '/index',
  '/recharge',
  '/payHistory',
];

for (const language of ['en', 'zh_CN'] as Language[]) {
  test(`every main screen passes axe (${language})`, async ({ page, consoleErrors }) => {
    test.setTimeout(240_000);
    await useLanguage(page, language);
    for (const path of PUBLIC) {
      await page.goto(path);
      await expect(page.locator('h1, h2').first()).toBeVisible();
      await expectAccessible(page);
    }
    const parent = await createParent(page, { password: 'secret123', invite_code: 'ADV2026' });
    await createLessons(page, parent, { firstInMinutes: 90 });
    await signInWithPassword(page, parent);
    for (const path of SIGNED_IN) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // Wait for the lists to arrive rather than testing skeletons.
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await expectAccessible(page);
    }
    // The course adviser books classes: their card is on ScheduleaClass (issue #4).
    await page.goto('/home/children/ScheduleaClass');
    await expect(page.getByText('Amy Chen')).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });
}
