import type { Page, Request } from '@playwright/test';
import { createLessons, createParent, signInWithPassword } from '../fixtures/parents';
import { expect, expectAccessible, test, useLanguage } from '../fixtures/test';

// The classroom is an outside service: answer its address locally so the new window loads.
test.beforeEach(async ({ context }) => {
  await context.route(/^https:\/\/meet\.jit\.si\//, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Classroom</title><p>Classroom</p>' }),
  );
});

test('upcoming lessons: countdown, enter inside the window, leave releases credits (en)', async ({
  page,
  consoleErrors,
}) => {
  const parent = await createParent(page, { password: 'secret123' });
  await createLessons(page, parent, { firstInMinutes: 2 });
  await useLanguage(page, 'en');
  await signInWithPassword(page, parent);
  await expect(page.getByRole('heading', { name: 'Upcoming lessons' })).toBeVisible();

  const cards = page.getByTestId('lesson-card');
  const first = cards.first();
  await expect(first.getByRole('timer')).toHaveText(/Starts in \d+ min/);
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toContainText('Mia');
  await expectAccessible(page);

  // Inside the window: the room opens in a new window.
  const popupPromise = page.waitForEvent('popup');
  await first.getByRole('button', { name: 'Enter' }).click();
  const popup = await popupPromise;
  await popup.waitForURL(/^https:\/\/meet\.jit\.si\/ParentPortalLesson-[0-9a-f]{32}#/);
  await popup.close();

  // 26 h away: closed, with the reason on hover.
  const second = cards.nth(1);
  await expect(second.getByRole('button', { name: 'Enter' })).toBeDisabled();
  await second.getByRole('button', { name: 'Enter' }).locator('..').hover();
  await expect(
    page.getByRole('tooltip', { name: 'The classroom opens 5 minutes before the lesson starts.' }),
  ).toBeVisible();

  // Leave on that lesson: the confirmation says what happens to the credits.
  const availableBefore = await availableCredits(page);
  // Inside 3 h leave is closed, and the card says so (no hidden menu that vanishes).
  await expect(first.getByRole('button', { name: 'Ask for leave' })).toBeDisabled();
  await expect(
    first.getByText('Leave can only be requested more than 3 hours before the lesson starts.'),
  ).toBeVisible();
  await second.getByRole('button', { name: 'Ask for leave' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ask for leave' });
  await expect(dialog).toContainText(
    'The 1 credit reserved for this lesson goes back to your available balance.',
  );
  await dialog.getByRole('button', { name: 'Yes, ask for leave' }).click();
  await expect(page.getByText(/Leave requested\./).first()).toBeVisible();
  await expect(second.getByText('Leave', { exact: true })).toBeVisible();
  await expect(second.getByText(/^Leave requested: this lesson will not take place/)).toBeVisible();
  await expect.poll(() => availableCredits(page)).toBe(availableBefore + 1);
  expect(consoleErrors).toEqual([]);
});

/** The available balance (after reservations) as the API reports it. */
async function availableCredits(page: Page): Promise<number> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const response = await page.request.get('/api/accounts?model=lessons', {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await response.json()) as { data: { balance_valid: number } }).data.balance_valid;
}

test('completed lessons: view feedback, leave feedback with a half star (zh_CN)', async ({
  page,
  consoleErrors,
}) => {
  const parent = await createParent(page, { password: 'secret123' });
  await createLessons(page, parent, { firstInMinutes: 30 });
  await useLanguage(page, 'zh_CN');
  await signInWithPassword(page, parent);
  await page.getByRole('link', { name: '已完成课程' }).click();
  await expect(page.getByRole('heading', { name: '已完成课程' })).toBeVisible();
  const cards = page.getByTestId('completed-card');
  await expect(cards).toHaveCount(6);
  await expectAccessible(page);

  // The first lesson has feedback already: read-only.
  await cards.last().getByRole('button', { name: '查看评价' }).click();
  const view = page.getByRole('dialog', { name: '查看评价' });
  await expect(view).toContainText('Loved the story');
  await view.getByRole('button', { name: '关闭' }).click();

  // Leave feedback on the latest one: both comment and rating are needed.
  const latest = cards.first();
  await latest.getByRole('button', { name: '评价' }).click();
  const form = page.getByRole('dialog', { name: '评价' });
  await form.getByRole('button', { name: '发送' }).click();
  await expect(page.getByText('请填写评价').first()).toBeVisible();
  await form.getByLabel('评价内容').fill('孩子很喜欢这节课。');
  // A half star: the left half of the fourth star, then the arrow keys change the value too.
  const rating = form.getByRole('slider', { name: '评分' });
  const fourth = (await rating.locator('[data-star]').nth(3).boundingBox())!;
  expect(fourth.width).toBeGreaterThanOrEqual(48);
  await page.mouse.click(fourth.x + fourth.width * 0.25, fourth.y + fourth.height / 2);
  await expect(rating).toHaveAttribute('aria-valuenow', '3.5');
  await rating.press('ArrowRight');
  await expect(rating).toHaveAttribute('aria-valuenow', '4');
  await rating.press('ArrowLeft');
  await expect(rating).toHaveAttribute('aria-valuetext', '3.5 星（满分 5 星）');
  await form.getByRole('button', { name: '发送' }).click();
  await expect(page.getByText('发送成功').first()).toBeVisible();
  await expect(latest.getByRole('button', { name: '查看评价' })).toBeVisible();
  await latest.getByRole('button', { name: '查看评价' }).click();
  await expect(page.getByRole('dialog', { name: '查看评价' })).toContainText('孩子很喜欢这节课。');
  // What the server stored: three and a half stars.
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const headers = { authorization: `Bearer ${token}` };
  const list = await page.request.get('/api/getCompletedLessonPC', { headers });
  const [newest] = ((await list.json()) as { data: { comments_id: string }[] }).data;
  const comment = await page.request.get(`/api/getComment?comment_id=${newest!.comments_id}`, {
    headers,
  });
  expect(((await comment.json()) as { data: { rating: number } }).data.rating).toBe(3.5);
  expect(consoleErrors).toEqual([]);
});

test('switch child, dashboard tabs, filter and pagination (en)', async ({
  page,
  consoleErrors,
}) => {
  const parent = await createParent(page, { password: 'secret123' });
  await createLessons(page, parent, { firstInMinutes: 45 });
  await useLanguage(page, 'en');
  await signInWithPassword(page, parent);

  // Make Leo the current child on the lesson page itself: the shell and the lists follow.
  const switcher = page.getByRole('group', { name: 'Show lessons of' });
  await switcher.getByRole('button', { name: 'Leo' }).click();
  await expect(switcher.getByRole('button', { name: 'Leo' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav).toContainText('Leo');
  await expect(page.getByTestId('lesson-card').first()).toContainText('Leo');
  // Leo's lesson the school cancelled says why, and offers no actions.
  const cancelled = page.getByTestId('lesson-card').filter({ hasText: 'Cancelled' });
  await expect(cancelled.getByTestId('cancel-reason')).toHaveText(
    'The school cancelled this lesson; the credits it reserved (1) went back to your balance.',
  );
  await expect(cancelled.getByRole('button')).toHaveCount(0);
  // Leo missed his first lesson: no feedback to give, and the card says why.
  await page.getByRole('link', { name: 'Completed lessons' }).click();
  const noShow = page.getByTestId('completed-card').filter({ hasText: 'No-show' });
  await expect(noShow.getByRole('button', { name: 'Leave Feedback' })).toHaveCount(0);
  await expect(
    noShow.getByText('Your child did not join this lesson, so there is nothing to rate.'),
  ).toBeVisible();
  await page.getByRole('link', { name: 'My courses' }).click();
  await expect(page.getByTestId('course-card')).toHaveCount(1);
  await expect(page.getByTestId('course-card')).toContainText('Leo');

  // Dashboard: type=1 opens the course tab; all children's courses.
  await page.goto('/index?type=1');
  await expect(page.getByRole('tab', { name: 'Courses' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('course-card')).toHaveCount(2);
  await expect(page.getByRole('status').filter({ hasText: '2 courses' })).toBeVisible();
  await expectAccessible(page);

  // Schedule tab, all children: 12 upcoming lessons (one cancelled) over two pages.
  await page.getByRole('tab', { name: 'Schedule' }).click();
  await expect(page.getByText('12 upcoming lessons')).toBeVisible();
  await expect(page.getByTestId('lesson-card')).toHaveCount(10);
  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByTestId('lesson-card')).toHaveCount(2);
  await expect(page.getByText('Cancelled', { exact: true })).toHaveCount(0);

  // Only Mia: 8 upcoming lessons on one page.
  await page.getByRole('combobox', { name: 'Child' }).selectOption({ label: 'Mia' });
  await expect(page.getByText('8 upcoming lessons')).toBeVisible();
  await expect(page).not.toHaveURL(/page=2/);
  await expect(page.getByTestId('lesson-card')).toHaveCount(8);

  await page.getByRole('tab', { name: 'Completed' }).click();
  await expect(page.getByText('6 completed lessons')).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('screens opened directly start their API calls from the route and ask each once', async ({
  page,
  context,
}) => {
  const parent = await createParent(page, { password: 'secret123' });
  await createLessons(page, parent);
  await useLanguage(page, 'en');
  await signInWithPassword(page, parent);
  // The landing screen's own calls must be over before the first screen is recorded: one that
  // starts late would be counted with the next screen's and look like a call made twice.
  await expect(page.getByRole('heading', { name: 'Upcoming lessons', level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');

  const screens: [path: string, heading: string][] = [
    ['/index', 'Dashboard'],
    ['/home/children/AttendClassNow', 'Upcoming lessons'],
    ['/recharge', 'Top up credits'],
  ];
  // Drawn by the server with the parent's data (decision 056), then as the frame alone: without
  // the session's cookie, as on a first visit or after the zone changed.
  for (const drawn of [true, false]) {
    for (const [path, heading] of screens) {
      if (!drawn) await context.clearCookies({ name: 'portal_session' });
      // The route's prefetch (app/prefetch.ts) and the screen's own queries must share their
      // keys: a mismatch shows as the same call made twice.
      const calls: string[] = [];
      const record = (request: Request) => {
        const url = new URL(request.url());
        if (url.pathname.startsWith('/api/')) calls.push(`${url.pathname}${url.search}`);
      };
      page.on('request', record);
      const response = await page.goto(path);
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      page.off('request', record);
      expect((await response!.text()).includes('<div id="root" data-drawn'), path).toBe(drawn);
      expect(
        calls.filter((call, index) => calls.indexOf(call) !== index),
        path,
      ).toEqual([]);
      // A drawn screen held its first answers: the app asks for none of them.
      if (drawn)
        expect(
          calls.filter((call) => /^\/api\/(user\/profile|accounts|students)\b/.test(call)),
          path,
        ).toEqual([]);
      else expect(calls.length, path).toBeGreaterThan(0);
    }
  }
});
