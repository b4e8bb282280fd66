import type { Page } from '@playwright/test';
import { signInToConsole } from '../fixtures/console';
import { createParent, signInWithPassword, type E2eParent } from '../fixtures/parents';
import { expect, expectAccessible, test, useLanguage, type Language } from '../fixtures/test';

// The teacher signs in with the demo authenticator secret, whose codes the console specs take
// turns with (e2e/fixtures/console.ts); the lesson then has to end before the parent reads the
// note, so each journey gets three times the default budget.
test.describe.configure({ mode: 'default', timeout: 180_000 });

// The classroom is an outside service: answer its address locally so the new tab loads.
test.beforeEach(async ({ context }) => {
  await context.route(/^https:\/\/meet\.jit\.si\//, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Classroom</title><p>Classroom</p>' }),
  );
});

const DEMO_TEACHER = 'teacher@example.com';

const TEXTS = {
  en: {
    week: 'My week',
    enter: /^Enter the classroom of /,
    entered: /^You entered at /,
    attended: 'Attended',
    note: (name: string) => `Note for the parent of ${name}`,
    save: (name: string) => `Save the attendance of ${name}`,
    saved: (name: string) => `Saved for ${name}.`,
    completed: 'Completed lessons',
    noteTitle: 'Note from the teacher',
    teacher: /^Teacher: /,
    text: 'Read the whole story aloud today. Well done!',
  },
  zh_CN: {
    week: '我的课表',
    enter: /^进入 .* 的教室$/,
    entered: /^您已于 .* 进入教室。$/,
    attended: '出席',
    note: (name: string) => `给 ${name} 家长的留言`,
    save: (name: string) => `保存 ${name} 的出勤`,
    saved: (name: string) => `已保存 ${name} 的出勤。`,
    completed: '已完成课程',
    noteTitle: '老师留言',
    teacher: /^授课老师：/,
    text: '今天把整个故事读完了，很棒！',
  },
} as const;

/** A lesson of the demo teacher on air now, ending in 100 s, for a child of `parent`. */
async function lessonOnAir(page: Page, parent: E2eParent, nickname: string) {
  const response = await page.request.post('/api/dev/fixtures/teaching', {
    data: {
      user_sn: parent.user_sn,
      teacher_email: DEMO_TEACHER,
      nickname,
      started_minutes_ago: 5,
      ends_in_seconds: 100,
    },
  });
  expect(response.ok()).toBe(true);
}

/**
 * The teacher signs in, finds the child's class in their week, enters the classroom (a new tab
 * with the room), marks the child attended with a note; the parent then reads the note on the
 * completed lesson once it has ended.
 */
async function teachAndReadTheNote(page: Page, language: Language, nickname: string) {
  const text = TEXTS[language];
  const parent = await createParent(page, { password: 'secret123', language });
  await lessonOnAir(page, parent, nickname);
  await useLanguage(page, language);

  await signInToConsole(page, DEMO_TEACHER);
  await expect(page.getByRole('heading', { level: 1, name: text.week })).toBeVisible();
  // Nothing about other teachers or families: the teacher's navigation is their week and account.
  await expect(page.getByRole('navigation').getByRole('link')).toHaveCount(2);
  const attendance = page.getByRole('form', { name: new RegExp(nickname) });
  const card = page.getByRole('article').filter({ has: attendance });
  await expect(attendance).toBeVisible();
  await expectAccessible(page);

  const popupPromise = page.waitForEvent('popup');
  await card.getByRole('button', { name: text.enter }).click();
  const popup = await popupPromise;
  await popup.waitForURL(/^https:\/\/meet\.jit\.si\//);
  await popup.close();
  await expect(card.getByText(text.entered)).toBeVisible();

  await attendance.getByRole('radio', { name: text.attended }).check();
  await attendance.getByLabel(text.note(nickname)).fill(text.text);
  await attendance.getByRole('button', { name: text.save(nickname) }).click();
  await expect(page.getByText(text.saved(nickname))).toBeVisible();

  // The parent: the lesson shows among the completed ones once it has ended, with the note.
  await signInWithPassword(page, parent);
  await page.getByRole('link', { name: text.completed }).click();
  await expect(page.getByRole('heading', { name: text.completed })).toBeVisible();
  const note = page.getByTestId('teacher-note');
  await expect(async () => {
    await page.reload();
    await expect(note).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 130_000, intervals: [5_000] });
  await expect(note).toContainText(text.noteTitle);
  await expect(note).toContainText(text.text);
  const completedCard = page.getByTestId('completed-card').filter({ has: note });
  await expect(completedCard.getByText(text.teacher)).toBeVisible();
  await expectAccessible(page);
}

test('a teacher enters a lesson and marks attendance; the parent reads the note (en)', async ({
  page,
  consoleErrors,
}) => {
  await teachAndReadTheNote(page, 'en', 'Ava');
  expect(consoleErrors).toEqual([]);
});

test('a teacher enters a lesson and marks attendance; the parent reads the note (zh_CN)', async ({
  page,
  consoleErrors,
}) => {
  await teachAndReadTheNote(page, 'zh_CN', '小雨');
  expect(consoleErrors).toEqual([]);
});
