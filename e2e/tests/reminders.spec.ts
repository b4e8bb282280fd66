import { createParent, signInWithPassword } from '../fixtures/parents';
import { expect, expectAccessible, test, useLanguage, type Language } from '../fixtures/test';

/** What each language's journey reads and clicks. */
const TEXTS = {
  en: {
    heading: 'Lesson reminders',
    dayBefore: 'The day before',
    soon: '10 minutes before',
    email: 'E-mail',
    sms: 'SMS',
    both: 'Both',
    quietHours: /^Quiet hours/,
    save: 'Save reminders',
    saved: 'Reminder settings saved.',
    none: 'No reminders sent in the last 30 days.',
  },
  zh_CN: {
    heading: '上课提醒',
    dayBefore: '前一天提醒',
    soon: '开课前 10 分钟提醒',
    email: '邮件',
    sms: '短信',
    both: '邮件和短信',
    quietHours: /^免打扰时段/,
    save: '保存提醒设置',
    saved: '提醒设置已保存。',
    none: '最近 30 天没有发送提醒。',
  },
} as const satisfies Record<Language, Record<string, string | RegExp>>;

for (const language of ['en', 'zh_CN'] as const) {
  test(`a parent chooses how lessons are reminded and the choice stays after a reload (${language})`, async ({
    page,
    consoleErrors,
  }) => {
    const text = TEXTS[language];
    const parent = await createParent(page, {
      password: 'secret123',
      language,
      email: `reminders.${language}.${Date.now()}@example.com`,
      time_zone: 'Asia/Shanghai',
    });
    await useLanguage(page, language);
    await signInWithPassword(page, parent);

    await page.goto('/home/children/information');
    const section = page.getByRole('region', { name: text.heading });
    const dayBefore = section.getByRole('radiogroup', { name: text.dayBefore });
    const soon = section.getByRole('radiogroup', { name: text.soon });
    const quietHours = section.getByRole('switch', { name: text.quietHours });

    // A parent who never chose: the defaults (day before by e-mail, 10 minutes before by SMS,
    // quiet hours on), and nothing sent yet.
    await expect(dayBefore.getByRole('radio', { name: text.email, exact: true })).toBeChecked();
    await expect(soon.getByRole('radio', { name: text.sms, exact: true })).toBeChecked();
    await expect(quietHours).toBeChecked();
    await expect(section.getByText(text.none)).toBeVisible();
    await expectAccessible(page);

    await soon.getByRole('radio', { name: text.both, exact: true }).check();
    await quietHours.setChecked(false);
    const saved = page.waitForResponse(
      (response) =>
        response.url().includes('/api/reminderSettings') && response.request().method() === 'POST',
    );
    await section.getByRole('button', { name: text.save }).click();
    expect((await saved).ok()).toBe(true);
    await expect(page.getByText(text.saved)).toBeVisible();

    await page.reload();
    await expect(soon.getByRole('radio', { name: text.both, exact: true })).toBeChecked();
    await expect(quietHours).not.toBeChecked();
    await expect(dayBefore.getByRole('radio', { name: text.email, exact: true })).toBeChecked();
    expect(consoleErrors).toEqual([]);
  });
}
