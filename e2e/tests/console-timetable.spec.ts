import type { Page } from '@playwright/test';
import { DEMO_ADMIN, signInToConsole } from '../fixtures/console';
import {
  createLessons,
  createParent,
  signInWithPassword,
  type E2eParent,
} from '../fixtures/parents';
import { expect, expectAccessible, test, useLanguage, type Language } from '../fixtures/test';

// The admin signs in with the demo authenticator secret, whose codes the console specs take turns
// with (e2e/fixtures/console.ts): twice the default budget, as the other console journeys.
test.describe.configure({ mode: 'default', timeout: 150_000 });

/**
 * What each language's journey reads and clicks. Each closes a different demo course (Emma's
 * reading groups on Shanghai time), so the two journeys never cancel each other's lessons.
 */
const TEXTS = {
  en: {
    name: 'Grace Lin',
    switchChild: 'Show lessons of',
    courseTitle: 'English Reading · Level 1',
    families: 'Families',
    search: 'Search',
    enrol: 'Enrol Leo in a course',
    course: 'Course',
    courseOption: 'English Reading · Level 1 (Mon 18:00, Wed 18:00)',
    slots: { weekdays: [1, 3], hour: 18 },
    preview: 'Preview the lessons',
    confirm: 'Enrol',
    enrolled: /^Leo is enrolled in English Reading · Level 1\./,
    subject: 'English Reading',
    timetable: 'Timetable',
    closures: 'Closures',
    declare: 'Declare a closure',
    oneCourse: 'One course',
    dates: 'Dates',
    reasonEn: 'Reason (English)',
    reasonZh: 'Reason (Chinese)',
    previewClosure: 'Preview',
    previewText: /^1 lesson cancelled for 1 families; 1 reserved credits released\./,
    declareClosure: 'Declare the closure',
    declared: /^Closure declared: 1 lesson cancelled, 1 families told\./,
    cancelled: 'School closed: Staff training day.',
    months: [
      'January',
      'February',
      'March',
      'April',
      'May',
      'June',
      'July',
      'August',
      'September',
      'October',
      'November',
      'December',
    ],
  },
  zh_CN: {
    name: '林小梅',
    switchChild: '查看以下孩子的课程',
    courseTitle: '英语阅读 · 二级',
    families: '家庭',
    search: '搜索',
    enrol: '为Leo报名课程',
    course: '课程班',
    courseOption: '英语阅读 · 二级（周二 19:00、周四 19:00）',
    slots: { weekdays: [2, 4], hour: 19 },
    preview: '预览课程',
    confirm: '确认报名',
    enrolled: /^Leo已报名英语阅读 · 二级/,
    subject: '英语阅读',
    timetable: '课表',
    closures: '停课',
    declare: '发布停课',
    oneCourse: '单个课程班',
    dates: '日期',
    reasonEn: '原因（英文）',
    reasonZh: '原因（中文）',
    previewClosure: '预览',
    previewText: /^将取消 1 个家庭的 1 节课，释放 1 课时的预约占用。/,
    declareClosure: '确认停课',
    declared: /^已发布停课：取消 1 节课，通知 1 个家庭。/,
    cancelled: '学校停课：教师培训日。',
    months: [
      '一月',
      '二月',
      '三月',
      '四月',
      '五月',
      '六月',
      '七月',
      '八月',
      '九月',
      '十月',
      '十一月',
      '十二月',
    ],
  },
} as const;

interface ParentLesson {
  lesson_sn: string;
  student_sn: string;
  subject_title: string;
  start_at: string;
  status: number;
  cancel_reason: string;
}

async function parentToken(page: Page): Promise<string> {
  return (await page.evaluate(() => localStorage.getItem('token')))!;
}

/** The child's upcoming lessons and the parent's credits free to book, through the parents' API. */
async function parentView(page: Page, studentSn: string, language: Language) {
  const headers = {
    authorization: `Bearer ${await parentToken(page)}`,
    lang: language,
  };
  const lessons = await page.request.get(
    `/api/userSchedukeForStudent?student_sn=${studentSn}&pagesize=30`,
    { headers },
  );
  const accounts = await page.request.get('/api/accounts?model=lessons', { headers });
  return {
    lessons: ((await lessons.json()) as { data: ParentLesson[] }).data,
    available: ((await accounts.json()) as { data: { balance_valid: number } }).data.balance_valid,
  };
}

/** The date (`{ year, month, day }`) of an instant on the school's calendar (Asia/Shanghai). */
function schoolDate(instant: string) {
  const [year, month, day] = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  })
    .format(new Date(instant))
    .split('-')
    .map(Number);
  return { year: year!, month: month!, day: day! };
}

/** Shows Leo's lessons on the parent's upcoming list (the first child's show first). */
async function showLeo(page: Page, language: Language) {
  const switcher = page.getByRole('group', { name: TEXTS[language].switchChild });
  await switcher.getByRole('button', { name: 'Leo' }).click();
  await expect(page.getByTestId('lesson-card').first()).toContainText('Leo');
}

/** Opens the family's page in the console, found by part of the phone. */
async function openFamily(page: Page, language: Language, parent: E2eParent) {
  const text = TEXTS[language];
  await page.getByRole('navigation').getByRole('link', { name: text.families }).click();
  const phonePart = parent.mobile.slice(-8);
  await page.getByRole('searchbox', { name: text.search }).fill(phonePart);
  await page.keyboard.press('Enter');
  // The list answers the search before its link is followed (the unfiltered list shows the
  // newest family too, and a click during the swap is lost).
  await expect(page).toHaveURL(new RegExp(`[?&]q=${phonePart}`));
  await expect(page.getByRole('row')).toHaveCount(2);
  await page.getByRole('link', { name: text.name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: text.name })).toBeVisible();
}

/**
 * The admin enrols the family's second child (Leo) from the child's row: the preview lists the
 * lessons, then the parent sees them and their credits reserved. The admin then closes the
 * course for the day of Leo's first lesson: the parent sees that lesson cancelled by the closure
 * and its credit back.
 */
async function enrolThenClose(page: Page, language: Language) {
  const text = TEXTS[language];
  const parent = await createParent(page, { password: 'secret123', language, name: text.name });
  const [, leo] = await createLessons(page, parent, { credits: 40, withLessons: false });
  await useLanguage(page, language);

  await signInToConsole(page, DEMO_ADMIN);
  await openFamily(page, language, parent);
  await page.getByRole('button', { name: text.enrol }).click();
  const dialog = page.getByRole('dialog', { name: text.enrol });
  await dialog.getByRole('combobox', { name: text.course }).click();
  await page.getByRole('option', { name: text.courseOption }).click();
  await dialog.getByRole('button', { name: text.preview }).click();
  // The first table lists the lessons (a header row, then one per lesson); a summary follows.
  const planned = dialog.getByRole('table').first().getByRole('row');
  await expect(planned.nth(1)).toBeVisible();
  const count = (await planned.count()) - 1; // the header row
  expect(count).toBeGreaterThanOrEqual(7); // two a week, four weeks ahead
  await expectAccessible(page);
  await dialog.getByRole('button', { name: text.confirm, exact: true }).click();
  await expect(page.getByText(text.enrolled)).toBeVisible();
  await expect(dialog).toBeHidden();

  // The parent: Leo's new lessons on their screen, one credit reserved for each.
  await signInWithPassword(page, parent);
  const enrolled = await parentView(page, leo!.student_sn, language);
  expect(enrolled.lessons).toHaveLength(count);
  expect(enrolled.available).toBe(40 - count);
  const first = enrolled.lessons[0]!;
  const slot = new Date(first.start_at);
  expect(text.slots.weekdays).toContain(new Date(slot.getTime() + 8 * 3600_000).getUTCDay());
  expect(new Date(slot.getTime() + 8 * 3600_000).getUTCHours()).toBe(text.slots.hour);
  await showLeo(page, language);
  await expect(
    page.getByTestId('lesson-card').filter({ hasText: text.subject }).first(),
  ).toBeVisible();

  // The admin closes that course for the day of Leo's first lesson, after a preview.
  const day = schoolDate(first.start_at);
  await page.goto('/ops/timetable/closures');
  await expect(page.getByRole('heading', { level: 1, name: text.closures })).toBeVisible();
  await page.getByRole('button', { name: text.declare }).click();
  const closure = page.getByRole('dialog', { name: text.declare });
  await closure.getByText(text.oneCourse, { exact: true }).click();
  await closure.getByRole('combobox', { name: text.course }).click();
  await page.getByRole('option', { name: text.courseOption }).click();
  await closure.getByRole('button', { name: text.dates }).click();
  const label = `${day.day} ${text.months[day.month - 1]} ${day.year}`;
  const dayButton = page.getByRole('button', { name: label, exact: true });
  if (!(await dayButton.isVisible())) await page.locator('[data-direction="next"]').click();
  await dayButton.click();
  await dayButton.click();
  await closure.getByLabel(text.reasonEn).fill('Staff training day');
  await closure.getByLabel(text.reasonZh).fill('教师培训日');
  await closure.getByRole('button', { name: text.previewClosure, exact: true }).click();
  await expect(closure.getByTestId('closure-preview')).toHaveText(text.previewText);
  await closure.getByRole('button', { name: text.declareClosure }).click();
  await expect(page.getByText(text.declared)).toBeVisible();
  await expect(closure).toBeHidden();
  // The list shows the closure (checked once the dialog's overlay is gone: axe reads the page
  // behind an open modal through its dimming and reports contrast nobody sees).
  await expect(
    page
      .getByRole('row')
      .filter({ hasText: text.courseTitle })
      .filter({ hasText: 'Staff training day' }),
  ).toBeVisible();
  await expectAccessible(page);

  // The parent: that lesson cancelled by the closure, its credit back at once.
  await page.goto('/home/children/AttendClassNow');
  await showLeo(page, language);
  const closed = await parentView(page, leo!.student_sn, language);
  expect(closed.available).toBe(40 - count + 1);
  const cancelled = closed.lessons.find((lesson) => lesson.lesson_sn === first.lesson_sn)!;
  expect(cancelled.status).toBe(3);
  expect(cancelled.cancel_reason.startsWith(text.cancelled)).toBe(true);
  await expect(page.getByText(text.cancelled).first()).toBeVisible();
  await expectAccessible(page);
}

test('the admin enrols a second child, then closes the course for a day; the parent sees both (en)', async ({
  page,
  consoleErrors,
}) => {
  await enrolThenClose(page, 'en');
  expect(consoleErrors).toEqual([]);
});

test('the admin enrols a second child, then closes the course for a day; the parent sees both (zh_CN)', async ({
  page,
  consoleErrors,
}) => {
  await enrolThenClose(page, 'zh_CN');
  expect(consoleErrors).toEqual([]);
});
