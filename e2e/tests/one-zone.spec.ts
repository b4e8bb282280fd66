import { createLessons, createParent, signInWithPassword } from '../fixtures/parents';
import { expect, test, useLanguage } from '../fixtures/test';

/**
 * Issue #19 "One zone" (decision 035): the parent's stored zone (Asia/Shanghai), the browser's
 * zone (America/New_York) and UTC all differ, and the same lesson shows one time on every screen
 * that shows it: the browser's, which every call sends as `time_diff`.
 */
test.use({ timezoneId: 'America/New_York' });

test('one lesson shows one time on every screen', async ({ page, consoleErrors }) => {
  // Keep the stored zone stale for this walk: the screens must use the offset they send, not
  // whatever zone the profile holds (the app would otherwise bring it up to date at once).
  await page.route('**/api/user/timeZone', (route) =>
    route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({ code: 200, msg: 'ok', data: { time_zone: 'Asia/Shanghai' } }),
    }),
  );
  await useLanguage(page, 'en');
  const parent = await createParent(page, { password: 'secret123', time_zone: 'Asia/Shanghai' });
  await createLessons(page, parent, { firstInMinutes: 120 });
  await signInWithPassword(page, parent);

  const token = await page.evaluate(() => localStorage.getItem('token'));
  const upcoming = await page.request.get('/api/userSchedukeForStudent?time_diff=0', {
    headers: { authorization: `Bearer ${token}` },
  });
  const lessons = ((await upcoming.json()) as { data: { start_at: string; nickname: string }[] })
    .data;
  const lesson = lessons.find((l) => l.nickname === 'Mia')!;
  const clock = (zone: string) =>
    new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(new Date(lesson.start_at));
  const seen = clock('America/New_York');
  const others = [clock('Asia/Shanghai'), clock('UTC')];
  expect(others).not.toContain(seen);

  const screens = [
    '/home/children/AttendClassNow',
    '/index',
    '/home/children/ClassEnrolled',
    '/home/children/MonthyuStatement',
  ];
  for (const screen of screens) {
    await page.goto(screen);
    // Only Mia's weekly lesson is at this clock time in any of the three zones' readings.
    await expect(page.getByText(seen).first(), `${screen} shows ${seen}`).toBeVisible();
  }
  // The dashboard names the zone its times are in.
  await page.goto('/index');
  await expect(page.getByText(/America\/New_York \(UTC−05:00\)/)).toBeVisible();
  expect(consoleErrors).toEqual([]);
});
