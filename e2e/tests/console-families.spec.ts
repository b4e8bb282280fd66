import { DEMO_ADMIN, signInToConsole } from '../fixtures/console';
import { createParent, latestSmsCode, signInWithPassword } from '../fixtures/parents';
import { expect, expectAccessible, test, useLanguage, type Language } from '../fixtures/test';
import type { Page } from '@playwright/test';

// Both journeys sign the demo admin in: one after the other, so their authenticator codes reach
// the server in the order they were taken (a time step is accepted once and only upwards). A
// journey may wait up to a 30-second time step for its turn (e2e/fixtures/console.ts), so it gets
// twice the default budget.
test.describe.configure({ mode: 'default', timeout: 120_000 });

/** What each language's journey reads and clicks. */
const TEXTS = {
  en: {
    families: 'Families',
    search: 'Search',
    correct: 'Correct credits',
    amount: /^Credits/,
    reason: /^Reason/,
    goodwill: 'Goodwill',
    grant: 'Grant 5 credits',
    granted: '5 credits granted.',
    ledgerTab: 'Credit ledger',
    auditTab: 'Audit log',
    corrected: 'Credits corrected',
    reasonLine: 'Reason: Goodwill',
    parentTitle: 'Added by the school: goodwill',
  },
  zh_CN: {
    families: '家庭',
    search: '搜索',
    correct: '调整课时',
    amount: /^课时数/,
    reason: /^原因/,
    goodwill: '补偿',
    grant: '增加 5 课时',
    granted: '已增加 5 课时。',
    ledgerTab: '课时明细',
    auditTab: '审计日志',
    corrected: '调整课时',
    reasonLine: '原因：补偿',
    parentTitle: '学校补偿',
  },
} as const satisfies Record<Language, Record<string, string | RegExp>>;

/**
 * The admin signs in (password and authenticator code), finds the family by part of the phone,
 * grants 5 credits with a reason, and sees the correction in the family's ledger and audit log.
 */
async function grantFiveCredits(page: Page, language: Language, phonePart: string, name: string) {
  const text = TEXTS[language];
  await signInToConsole(page, DEMO_ADMIN);
  await page.getByRole('navigation').getByRole('link', { name: text.families }).click();
  await expect(page.getByRole('heading', { level: 1, name: text.families })).toBeVisible();
  await page.getByRole('searchbox', { name: text.search }).fill(phonePart);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`[?&]q=${phonePart}`));
  const link = page.getByRole('link', { name, exact: true });
  await expect(link).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(2); // the header and the one family
  await expectAccessible(page);
  await link.click();

  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const available = page.getByTestId('available-credits');
  await expect(available).toHaveText(/^\d+$/);
  await expectAccessible(page);

  const dialog = page.getByRole('dialog', { name: text.correct });
  // A parent of this journey only, with no lessons: nothing but this grant changes the balance
  // (the demo parent's moves with the lesson generator and the money spec's refund).
  const before = Number(await available.textContent());
  await page.getByRole('button', { name: text.correct }).click();
  await dialog.getByLabel(text.amount).fill('5');
  await dialog.getByRole('combobox', { name: text.reason }).click();
  await page.getByRole('option', { name: text.goodwill }).click();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: text.grant }).click();
  await expect(page.getByText(text.granted)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(available).toHaveText(String(before + 5));

  await page.getByRole('tab', { name: text.ledgerTab }).click();
  const row = page.getByRole('row', { name: new RegExp(text.parentTitle) }).first();
  await expect(row.getByRole('cell', { name: '+5', exact: true })).toBeVisible();

  await page.getByRole('tab', { name: text.auditTab }).click();
  const entry = page.getByRole('row').filter({ hasText: text.corrected }).first();
  await expect(entry.getByText(text.reasonLine)).toBeVisible();
  await expectAccessible(page);
}

/** The parent's credit history (`/payHistory`) lists the school's 5 credits. */
async function parentSeesFiveCredits(page: Page, language: Language) {
  await page.goto('/payHistory');
  const row = page.getByRole('row', { name: new RegExp(TEXTS[language].parentTitle) }).first();
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell', { name: '+5', exact: true }).first()).toBeVisible();
}

test('the admin finds a parent by part of the phone and grants 5 credits; the parent sees them (en)', async ({
  page,
  consoleErrors,
}) => {
  const parent = await createParent(page, { language: 'en', name: 'Sam Carter' });
  await useLanguage(page, 'en');
  await grantFiveCredits(page, 'en', parent.mobile.slice(-7), 'Sam Carter');

  // The parent signs in with a code from the dev outbox.
  await page.goto('/');
  await page.getByPlaceholder('Phone number').fill(parent.mobile);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByPlaceholder('6-digit code').fill(await latestSmsCode(page, parent));
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(/\/home\/children\/AttendClassNow|\/sinadd/); // a parent with no child yet adds one
  await parentSeesFiveCredits(page, 'en');
  expect(consoleErrors).toEqual([]);
});

test('the admin finds a parent by part of the phone and grants 5 credits; the parent sees them (zh_CN)', async ({
  page,
  consoleErrors,
}) => {
  const parent = await createParent(page, {
    password: 'secret123',
    language: 'zh_CN',
    name: '王小芳',
  });
  await useLanguage(page, 'zh_CN');
  await grantFiveCredits(page, 'zh_CN', parent.mobile.slice(-7), '王小芳');

  await signInWithPassword(page, parent);
  await parentSeesFiveCredits(page, 'zh_CN');
  expect(consoleErrors).toEqual([]);
});
