import { createLessons, createParent, signInWithPassword } from '../fixtures/parents';
import { expect, expectAccessible, test, useLanguage } from '../fixtures/test';

test('top up through the local checkout; balance, credit log and charge follow (en)', async ({
  page,
  consoleErrors,
}) => {
  const parent = await createParent(page, { password: 'secret123' });
  await useLanguage(page, 'en');
  await signInWithPassword(page, parent);
  await page.goto('/recharge');
  await expect(page.getByRole('heading', { name: 'Top up credits' })).toBeVisible();
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expect(page.getByText('Please select a package.').first()).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('radio', { name: /20 credits/ }).click();
  await page.getByRole('button', { name: 'Pay now' }).click();
  await page.waitForURL(/\/checkout\/local\?session=lcs_/);
  await expect(page.getByText('$189.00').first()).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Pay $189.00' }).click();

  await page.waitForURL(/\/paySuccess\?order_no=/);
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  await expect(page.getByText('22 credits added in total')).toBeVisible();
  await expect(page.getByRole('button', { name: /Credit balance: 22 credits/ })).toBeVisible();

  await page.goto('/payHistory');
  // Balance ± and Available ± of the purchase (decision 034), then the balance after it.
  const bought = page.getByRole('row', { name: /Purchased 20 credits/ });
  await expect(bought.getByRole('cell', { name: '+20', exact: true })).toHaveCount(2);
  await expect(bought.getByRole('cell', { name: '20 (20 available)' })).toBeVisible();
  await expect(page.getByRole('cell', { name: '+2', exact: true }).first()).toBeVisible();
  await page.getByRole('tab', { name: 'Payment history' }).click();
  await expect(page.getByRole('cell', { name: '$189.00' })).toBeVisible();
  await expectAccessible(page);

  await page.goto('/home/children/Transaction');
  await expect(page.getByRole('cell', { name: '$189.00' })).toBeVisible();
  await expect(page.getByText('Paid', { exact: true })).toBeVisible();
  await expect(page.getByText('That is everything.')).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('a cancelled checkout pays nothing, says so and leads back (en)', async ({ page }) => {
  const parent = await createParent(page, { password: 'secret123' });
  await useLanguage(page, 'en');
  await signInWithPassword(page, parent);
  await page.goto('/recharge');
  await page.getByRole('radio', { name: /10 credits/ }).click();
  await page.getByRole('button', { name: 'Pay now' }).click();
  await page.waitForURL(/\/checkout\/local/);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.waitForURL(/\/payError\?order_no=.*cancelled=1/);
  // Decision 034: a cancel is not an error.
  await expect(page.getByRole('heading', { name: 'Payment cancelled' })).toBeVisible();
  await expect(page.getByText('You cancelled the payment. Nothing was charged.')).toBeVisible();
  await expect(page.getByText(/Error, please try again/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Credit balance: 0 credits/ })).toBeVisible();
  await page.getByRole('link', { name: 'Back to where you were' }).click();
  await page.waitForURL(/\/recharge$/);
});

test('buy a plan: badge and Pass Information (zh_CN)', async ({ page, consoleErrors }) => {
  const parent = await createParent(page, { password: 'secret123', name: 'Wang Fang' });
  await useLanguage(page, 'zh_CN');
  await signInWithPassword(page, parent);
  await page.getByRole('link', { name: '月卡与课时' }).click();
  await expect(page.getByRole('heading', { name: '选择月卡' })).toBeVisible();
  await expectAccessible(page);
  await page.getByText('2 个孩子', { exact: true }).click();
  await page
    .getByTestId('plan-card')
    .filter({ hasText: '月卡 · 2 个孩子' })
    .getByRole('button')
    .click();

  await page.waitForURL(/CompletePayment\?order_no=/);
  await expect(page.getByLabel('姓名')).toHaveValue('Wang Fang');
  await page.getByLabel('邮箱').fill('wang@example.com');
  await page.getByRole('radio', { name: '移动钱包' }).check();
  // Decision 034: the renewal terms at the point of payment, and one confirmation.
  await expect(page.getByTestId('payment-terms')).toContainText('每月按 $349.00 自动续费');
  await expectAccessible(page);
  await page.getByRole('button', { name: '继续支付' }).click();

  await page.waitForURL(/\/checkout\/local/);
  await expect(page.getByRole('radio', { name: '移动钱包' })).toHaveCount(0);
  await page.getByRole('button', { name: '支付 $349.00' }).click();
  await page.waitForURL(/\/paySuccess/);
  await expect(page.getByRole('heading', { name: '支付成功' })).toBeVisible();
  await expect(page.getByText(/无限畅学 · 2 个孩子/)).toBeVisible();

  await page.getByRole('button', { name: '账户', exact: true }).click();
  await page.getByRole('menuitem', { name: '月卡信息' }).click();
  await expect(page.getByRole('heading', { name: '月卡信息' })).toBeVisible();
  await expect(page.getByText('$349.00 / 月')).toBeVisible();
  await expect(page.getByText('移动钱包', { exact: false })).toBeVisible();

  // The plan held is marked, and the 2-kids offer is no longer shown beside it.
  await page.goto('/home/children/PurchaseLessonPlan?kids=2');
  const held = page.getByTestId('plan-card').filter({ hasText: '月卡 · 2 个孩子' });
  await expect(held.getByText('当前月卡')).toBeVisible();
  await expect(held.getByRole('button', { name: '这是您当前的月卡' })).toBeDisabled();
  await expect(page.getByRole('region', { name: '限时优惠' })).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});

test('every billing screen settles, whatever its query parameters (en)', async ({ page }) => {
  const parent = await createParent(page, { password: 'secret123' });
  await useLanguage(page, 'en');
  await signInWithPassword(page, parent);
  const settles: [string, RegExp][] = [
    ['/home/children/ChangePlan', /You do not have a plan yet/],
    ['/home/children/ChangePlan?plan_id=999999', /This plan is not available/],
    ['/home/children/CompletePayment', /No order to pay/],
    // The demo member's order is not this parent's.
    ['/home/children/CompletePayment?order_no=ODEMO0101', /This order was not found/],
    ['/paySuccess', /No payment to show/],
    ['/paySuccess?order_no=ODEMO0101', /This order was not found/],
    ['/checkout/local', /No checkout open/],
  ];
  for (const [url, text] of settles) {
    await page.goto(url);
    await expect(page.getByText(text).first()).toBeVisible();
  }
});

test('the time-limited offer counts down (en)', async ({ page }) => {
  const parent = await createParent(page, { password: 'secret123' });
  await useLanguage(page, 'en');
  await signInWithPassword(page, parent);
  await page.goto('/home/children/PurchaseLessonPlan');
  const offer = page.getByRole('region', { name: 'Time-limited offer' });
  const timer = offer.getByRole('timer');
  // Decision 034: a discount of the regular 2-kids plan, its price struck through.
  await expect(offer.getByTestId('regular-price')).toHaveText('$349.00');
  await expect(offer.getByTestId('offer-price')).toHaveText('$299.00');
  await expect(timer).toHaveText(/^\d{2}:\d{2}:\d{2}$/);
  const first = await timer.textContent();
  await expect(timer).not.toHaveText(first!, { timeout: 3000 });
});

test('monthly statement: switching the month starts again (en)', async ({
  page,
  consoleErrors,
}) => {
  const parent = await createParent(page, { password: 'secret123' });
  await createLessons(page, parent, { firstInMinutes: 60 });
  await useLanguage(page, 'en');
  await signInWithPassword(page, parent);
  await page.getByRole('button', { name: 'Account', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Monthly Statement' }).click();
  await expect(page.getByRole('heading', { name: 'Monthly Statement' })).toBeVisible();
  // Without a month the server shows the current one; nothing is sent.
  expect(page.url()).not.toContain('month=');
  await expect(page.getByRole('row')).not.toHaveCount(0);
  await expectAccessible(page);

  const next = new Date();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const label = next.toLocaleString('en-US', { month: 'short', timeZone: 'UTC' });
  await page.getByLabel('Month', { exact: true }).click();
  await page.getByRole('button', { name: label, exact: true }).click();
  await expect(page).toHaveURL(
    new RegExp(`month=${next.getUTCFullYear()}-${String(next.getUTCMonth() + 1).padStart(2, '0')}`),
  );
  await expect(
    page.getByRole('status').filter({ hasText: /That is everything|No lessons/ }),
  ).toBeVisible();
  expect(consoleErrors).toEqual([]);
});
