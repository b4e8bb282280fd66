import { createLessons, createParent, signInWithPassword } from '../fixtures/parents';
import { expect, expectAccessible, test, useLanguage, type Language } from '../fixtures/test';

// The web app records the browser's zone at sign-in: a New York browser for a New York feed.
test.use({ timezoneId: 'America/New_York' });

/** What each language's journey reads and clicks. */
const TEXTS = {
  en: {
    create: 'Create my calendar link',
    linkLabel: 'Your calendar link',
    addToCalendar: 'Add to calendar',
    created: /Your calendar link is ready/,
    reset: 'Reset link',
    resetDialog: 'Reset the calendar link?',
    resetDone: /A new calendar link was made/,
    activeSince: /Your calendar link is active since/,
  },
  zh_CN: {
    create: '生成我的日历链接',
    linkLabel: '您的日历链接',
    addToCalendar: '添加到日历',
    created: /日历链接已生成/,
    reset: '重置链接',
    resetDialog: '重置日历链接？',
    resetDone: /已生成新的日历链接/,
    activeSince: /您的日历链接自 .* 起有效/,
  },
} as const satisfies Record<Language, Record<string, string | RegExp>>;

/** The feed's path (the URL names the server's public address; the test talks to its own). */
const pathOf = (url: string) => new URL(url).pathname;

for (const language of ['en', 'zh_CN'] as const) {
  test(`a parent makes a calendar link, the feed answers iCalendar, and a reset stops the old link (${language})`, async ({
    page,
    consoleErrors,
  }) => {
    const text = TEXTS[language];
    const parent = await createParent(page, {
      password: 'secret123',
      language,
      time_zone: 'America/New_York',
    });
    await createLessons(page, parent, { firstInMinutes: 120 });
    await useLanguage(page, language);
    await signInWithPassword(page, parent);

    await page.goto('/home/children/information');
    const section = page.getByRole('region', { name: /^Calendar$|^日历$/ });
    await section.getByRole('button', { name: text.create }).click();
    await expect(page.getByText(text.created).first()).toBeVisible();
    const field = section.getByLabel(text.linkLabel);
    await expect(field).toHaveValue(/\/api\/calendar\/[\w-]{43}\.ics$/);
    const firstUrl = await field.inputValue();
    await expect(section.getByRole('link', { name: text.addToCalendar })).toHaveAttribute(
      'href',
      /^webcal:\/\/.+\/api\/calendar\/[\w-]{43}\.ics$/,
    );
    await expectAccessible(page);

    // The URL works without a session: what a calendar app fetches.
    const feed = await page.request.get(pathOf(firstUrl));
    expect(feed.status()).toBe(200);
    expect(feed.headers()['content-type']).toContain('text/calendar');
    const body = await feed.text();
    expect(body).toContain('BEGIN:VCALENDAR');
    expect(body).toContain('BEGIN:VEVENT');
    expect(body).toMatch(/SUMMARY:.*Mia/);
    expect(body).toContain('TZID=America/New_York');
    expect(body).not.toContain(parent.mobile);

    // After a reload the link is not shown again; the section says since when it is active.
    await page.reload();
    await expect(section.getByText(text.activeSince)).toBeVisible();
    await expect(section.getByLabel(text.linkLabel)).toHaveCount(0);

    // Reset, confirmed: a new URL, and the old one stops at once.
    await section.getByRole('button', { name: text.reset }).click();
    const dialog = page.getByRole('dialog', { name: text.resetDialog });
    await expect(dialog).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: text.reset }).click();
    await expect(page.getByText(text.resetDone).first()).toBeVisible();
    const newField = section.getByLabel(text.linkLabel);
    await expect(newField).toHaveValue(/\/api\/calendar\/[\w-]{43}\.ics$/);
    const newUrl = await newField.inputValue();
    expect(newUrl).not.toBe(firstUrl);
    expect((await page.request.get(pathOf(firstUrl))).status()).toBe(404);
    expect((await page.request.get(pathOf(newUrl))).status()).toBe(200);
    expect(consoleErrors).toEqual([]);
  });
}
