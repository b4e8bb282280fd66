import type { Page } from '@playwright/test';
import { createParent, type E2eParent } from '../fixtures/parents';
import { expect, expectAccessible, test, useLanguage } from '../fixtures/test';

/** Password sign-in of a parent with status 0: it lands on /sinadd, which leads on. */
async function signIn(page: Page, parent: E2eParent, tab: RegExp, button: RegExp) {
  await page.goto('/');
  await page.getByRole('tab', { name: tab }).click();
  await page.getByPlaceholder(/Phone number|手机号码/).fill(parent.mobile);
  await page.getByPlaceholder(/^Password$|^密码$/).fill(parent.password!);
  await page.getByRole('button', { name: button }).click();
}

async function profileOf(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const response = await page.request.get('/api/user/profile', {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await response.json()) as { data: Record<string, unknown> }).data;
}

async function pickAvatarAndBirthday(page: Page, avatar: RegExp, birthday: RegExp) {
  await page.getByRole('button', { name: avatar }).click();
  await page.getByRole('button', { name: /Avatar 2|头像 2/ }).click();
  await page.getByLabel(birthday).click();
  await page.locator('table button:not([disabled])').first().click();
}

test('e-mail form with a verified referral code, then the first child (en)', async ({
  page,
  consoleErrors,
}) => {
  const parent = await createParent(page, { password: 'secret123', status: 0 });
  await useLanguage(page, 'en');
  await signIn(page, parent, /Password/, /^Sign in$/);
  await page.waitForURL('**/email');
  await expect(page.getByRole('heading', { level: 1, name: 'About you' })).toBeVisible();
  await expect(page.getByLabel('Full name')).toHaveValue('E2E Parent');
  await expectAccessible(page);

  await page.getByLabel('Full name').fill('');
  await page.getByLabel('Full name').blur();
  await expect(page.getByText('Please enter your name.')).toBeVisible();
  await page.getByLabel('Full name').fill('Chen Jing');
  await page.getByLabel('E-mail').fill(`cj${parent.mobile}@example.com`);
  await page.getByLabel('Chat ID (WeChat)').fill('chenjing_wx');

  // A code the server does not know shows the failure message and is not applied.
  const referral = page.getByLabel('Referral code (optional)');
  await referral.fill('WRONG1');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Recommendation code verification failed.').first()).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(
    page.getByText('Please verify the referral code, or clear it.').first(),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/email$/);

  // A verified code is locked; it can be cleared, and verified again.
  await referral.fill('ADV2026');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('✓ Verified')).toBeVisible();
  await expect(referral).toHaveAttribute('readonly');
  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(referral).toHaveValue('');
  await referral.fill('ADV2026');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('✓ Verified')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();

  await page.waitForURL('**/addChild');
  await expect(page.getByRole('heading', { level: 1, name: 'Your children' })).toBeVisible();
  await expect(page.getByText('No children yet. Add your first child.')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Please add your child first.').first()).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Add a child' }).click();
  await page.waitForURL('**/add?add=1');
  await pickAvatarAndBirthday(page, /Choose an avatar/, /Birthday/);
  await page.getByLabel('Child’s name').fill('Leo');
  await page.getByRole('button', { name: 'Save' }).click();

  // The first child completes onboarding (spec §4).
  await page.waitForURL('**/home/children/AttendClassNow');
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('userinfo')!).status)).toBe(1);
  expect(await profileOf(page)).toMatchObject({
    status: 1,
    name: 'Chen Jing',
    wechat_id: 'chenjing_wx',
    referer_code: 'ADV2026',
    referer: 'Amy Chen',
  });
  expect(consoleErrors).toEqual([]);
});

test('first child on /sinadd, then the one children list where edits return (zh_CN)', async ({
  page,
  consoleErrors,
}) => {
  const parent = await createParent(page, {
    password: 'secret123',
    status: 0,
    name: '李娜',
    email: `ln${Date.now()}@example.com`,
    wechat: 'lina_wx',
  });
  await useLanguage(page, 'zh_CN');
  await signIn(page, parent, /密码登录/, /^登录$/);
  await page.waitForURL('**/sinadd');
  await expect(page.getByRole('heading', { level: 1, name: '添加第一个孩子' })).toBeVisible();
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('请选择头像。').first()).toBeVisible();
  await pickAvatarAndBirthday(page, /选择头像/, /生日/);
  await page.getByLabel('孩子的名字').fill('乐乐');
  await expectAccessible(page);
  await page.getByRole('button', { name: '保存' }).click();
  await page.waitForURL('**/home/children/AttendClassNow');
  expect((await profileOf(page)).status).toBe(1);

  // Onboarding is done: /addChild opens the one children list, and an edit returns there.
  await page.goto('/addChild');
  await page.waitForURL('**/home/children/addChildren');
  await page.getByRole('link', { name: '编辑 乐乐' }).click();
  await page.getByLabel('孩子的名字').fill('乐乐二');
  await page.getByRole('button', { name: '保存' }).click();
  await page.waitForURL('**/home/children/addChildren');
  await expect(page.getByRole('link', { name: '编辑 乐乐二' })).toBeVisible();

  // At the limit (3 without a plan) the add button says whom to ask instead of adding.
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const avatars = await page.request.get('/api/getGeadimg', {
    headers: { authorization: `Bearer ${token}` },
  });
  const avatar = ((await avatars.json()) as { data: { data: { id: number }[] } }).data.data[0]!.id;
  for (const nickname of ['B', 'C']) {
    const response = await page.request.post('/api/students', {
      headers: { authorization: `Bearer ${token}` },
      data: { avatar, birth_date: '1/1/2019', nickname },
    });
    expect(response.ok()).toBe(true);
  }
  await page.goto('/allChild');
  await page.waitForURL('**/home/children/addChildren');
  await expect(page.getByRole('link', { name: '编辑 乐乐二' })).toBeVisible();
  await expect(page.getByRole('link', { name: '编辑 C' })).toBeVisible();
  await expect(page.getByText(/已添加 3 个孩子，您可自行添加 3 个。/)).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: '添加孩子' }).click();
  await expect(page.getByText(/课程顾问可将上限提高到 6 个，请与其联系。/)).toBeVisible();
  expect(consoleErrors).toEqual([]);
});
