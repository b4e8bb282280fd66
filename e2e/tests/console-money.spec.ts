import { DEMO_ADMIN, signInToConsole } from '../fixtures/console';
import { createParent, signInWithPassword } from '../fixtures/parents';
import {
  expect,
  expectAccessible,
  readOutbox,
  test,
  useLanguage,
  type Language,
} from '../fixtures/test';
import type { Page } from '@playwright/test';

// Both journeys sign the demo admin in, one after the other (authenticator codes reach the server
// in the order they were taken; see console-families.spec.ts), with twice the default budget.
test.describe.configure({ mode: 'default', timeout: 120_000 });

/** What each language's journey reads and clicks. */
const TEXTS = {
  en: {
    orders: 'Orders',
    search: 'Parent or order number',
    refund: 'Refund…',
    dialog: /^Refund order /,
    amount: /^Amount to refund/,
    credits: /^Credits to take back/,
    reason: /^Reason/,
    submit: 'Refund',
    asked: /^Refund R\w+ asked for/,
    succeeded: 'Refunded',
    refundedPart: 'Refunded $50.00',
    takeBack: /Refund R\w+/,
  },
  zh_CN: {
    orders: '订单',
    search: '家长或订单号',
    refund: '退款…',
    dialog: /^退款：订单 /,
    amount: /^退款金额/,
    credits: /^收回课时/,
    reason: /^原因/,
    submit: '退款',
    asked: /^已申请退款 R\w+/,
    succeeded: '已退款',
    refundedPart: '已退款 $50.00',
    takeBack: /退款 R\w+/,
  },
} as const satisfies Record<Language, Record<string, string | RegExp>>;

/**
 * The admin finds the order by its number, refunds $50.00 of it and takes 5 credits back; the
 * local provider confirms the refund, and the order's page says it is refunded.
 */
async function refundPart(page: Page, language: Language, orderNo: string) {
  const text = TEXTS[language];
  await signInToConsole(page, DEMO_ADMIN);
  await page.getByRole('navigation').getByRole('link', { name: text.orders }).click();
  await expect(page.getByRole('heading', { level: 1, name: text.orders })).toBeVisible();
  await page.getByRole('searchbox', { name: text.search }).fill(orderNo);
  await page.keyboard.press('Enter');
  const link = page.getByRole('link', { name: orderNo, exact: true });
  await expect(link).toBeVisible();
  await expectAccessible(page);
  await link.click();

  await expect(page.getByRole('heading', { level: 1, name: new RegExp(orderNo) })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: text.refund }).click();
  const dialog = page.getByRole('dialog', { name: text.dialog });
  await dialog.getByRole('textbox', { name: text.amount }).fill('50');
  await dialog.getByRole('textbox', { name: text.credits }).fill('5');
  await dialog.getByRole('textbox', { name: text.reason }).fill('Two lessons missed');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: text.submit, exact: true }).click();
  await expect(page.getByText(text.asked)).toBeVisible();
  await expect(dialog).toBeHidden();
  // The local provider's notification confirms it: the refunds table says so.
  const refunds = page.getByRole('table').filter({ hasText: 'Two lessons missed' });
  await expect(refunds.getByText(text.succeeded, { exact: true })).toBeVisible();
  await expectAccessible(page);
}

/** The parent's charges show the refunded part, and the credit history the 5 credits taken back. */
async function parentSeesRefund(page: Page, language: Language) {
  const text = TEXTS[language];
  await page.goto('/home/children/Transaction');
  await expect(page.getByText(text.refundedPart)).toBeVisible();
  await page.goto('/payHistory');
  const row = page.getByRole('row', { name: text.takeBack }).first();
  await expect(row.getByRole('cell', { name: '−5', exact: true }).first()).toBeVisible();
}

test('the admin refunds part of the demo parent’s last top-up; the parent sees it (en)', async ({
  page,
  consoleErrors,
}) => {
  await useLanguage(page, 'en');
  await refundPart(page, 'en', 'ODEMO0002');

  await signInWithPassword(page, {
    country_code: '86',
    mobile: '13800138000',
    user_sn: 'P0000DEMO001',
    email: null,
    password: 'demo2026',
  });
  await parentSeesRefund(page, 'en');
  expect(consoleErrors).toEqual([]);
});

test('the admin refunds part of a parent’s top-up; the parent sees it (zh_CN)', async ({
  page,
  consoleErrors,
}) => {
  // A parent of this spec only, who tops up 20 credits (+2 free) through the local checkout.
  const email = `refund.${Date.now()}@example.com`;
  const parent = await createParent(page, { password: 'secret123', language: 'zh_CN', email });
  await useLanguage(page, 'zh_CN');
  await signInWithPassword(page, parent);
  await page.goto('/recharge');
  await page.getByRole('radio', { name: /赠送 2 课时/ }).click();
  await page.getByRole('button', { name: '立即支付' }).click();
  await page.waitForURL(/\/checkout\/local\?session=lcs_/);
  await page.getByRole('button', { name: '支付 $189.00' }).click();
  await page.waitForURL(/\/paySuccess\?order_no=/);
  const orderNo = new URL(page.url()).searchParams.get('order_no')!;
  await expect(page.getByRole('button', { name: /22/ }).first()).toBeVisible();

  await refundPart(page, 'zh_CN', orderNo);
  // The parent is still signed in on this browser (the console keeps its own session).
  await parentSeesRefund(page, 'zh_CN');
  // The receipt, once, in the parent's language.
  await expect
    .poll(
      async () =>
        (await readOutbox(page, email)).filter((m) => m.subject?.startsWith('您的退款')).length,
    )
    .toBe(1);
  expect(consoleErrors).toEqual([]);
});
