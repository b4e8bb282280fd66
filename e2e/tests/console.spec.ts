import type { Page } from '@playwright/test';
import { DEMO_ADVISER, setupLinkFor, signInToConsole, totpCode } from '../fixtures/console';
import { expect, expectAccessible, test, useLanguage, type Language } from '../fixtures/test';

// A staff sign-in may wait up to a 30-second TOTP time step for its turn (e2e/fixtures/console.ts).
test.describe.configure({ timeout: 120_000 });

const TEXTS = {
  en: {
    staffNav: 'Staff',
    staffTitle: 'Staff',
    invite: 'Invite a member',
    send: 'Send the invitation',
    invited: (email: string) => `Invitation sent to ${email}.`,
    invitedStatus: 'Invited',
    activeStatus: 'Active',
    setupTitle: 'Set up your account',
    continue: 'Continue to the authenticator app',
    enrolTitle: 'Set up your authenticator app',
    firstCode: 'The code your app shows',
    verify: 'Verify',
    codesTitle: 'Save your recovery codes',
    saved: 'I have saved these codes somewhere safe',
    open: 'Open the console',
    notAllowed: 'Not allowed',
    roleAdviser: 'Adviser',
  },
  zh_CN: {
    staffNav: '员工管理',
    staffTitle: '员工管理',
    invite: '邀请员工',
    send: '发送邀请',
    invited: (email: string) => `已向 ${email} 发送邀请。`,
    invitedStatus: '已邀请',
    activeStatus: '正常',
    setupTitle: '设置您的账号',
    continue: '继续设置身份验证器应用',
    enrolTitle: '设置身份验证器应用',
    firstCode: '应用显示的验证码',
    verify: '验证',
    codesTitle: '保存恢复码',
    saved: '我已将这些恢复码妥善保存',
    open: '进入管理后台',
    notAllowed: '无权访问',
    roleAdviser: '顾问',
  },
} as const;

const rowOf = (page: Page, email: string) => page.getByRole('row').filter({ hasText: email });

for (const language of ['en', 'zh_CN'] as Language[]) {
  const t = TEXTS[language];

  test(`an admin invites a member who sets up their account from the e-mailed link (${language})`, async ({
    page,
    browser,
    consoleErrors,
  }) => {
    await useLanguage(page, language);
    await signInToConsole(page);
    await page.getByRole('navigation').getByRole('link', { name: t.staffNav }).click();
    await expect(page.getByRole('heading', { level: 1, name: t.staffTitle })).toBeVisible();
    await expectAccessible(page);

    const email = `invitee-${language.toLowerCase()}-${Date.now()}@example.com`;
    await page.getByRole('button', { name: t.invite }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/^(E-mail address|邮箱地址)$/).fill(email);
    await dialog.getByLabel(/^(Name|姓名)$/).fill('Nia Invitee');
    await dialog.getByRole('button', { name: t.send }).click();
    await expect(page.getByText(t.invited(email))).toBeVisible();
    await expect(rowOf(page, email)).toContainText(t.invitedStatus);
    await expect(rowOf(page, email)).toContainText(t.roleAdviser);

    // The invitee opens the link in a browser of their own.
    const link = await setupLinkFor(page, email);
    const invitee = await browser.newContext({ baseURL: new URL(page.url()).origin });
    try {
      const setup = await invitee.newPage();
      const errors: string[] = [];
      setup.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      await useLanguage(setup, language);
      await setup.goto(link);
      await expect(setup.getByRole('heading', { name: t.setupTitle })).toBeVisible();
      await expect(setup.getByLabel(/^(Your name|姓名)$/)).toHaveValue('Nia Invitee');
      await setup.getByLabel(/^(Password|密码)$/).fill('invitee2026');
      await setup.getByLabel(/^(Repeat the password|再次输入密码)$/).fill('invitee2026');
      await setup.getByRole('button', { name: t.continue }).click();

      await expect(setup.getByRole('heading', { name: t.enrolTitle })).toBeVisible();
      await expect(setup.getByRole('img')).toBeVisible();
      const secret = (await setup.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
      await setup.getByLabel(t.firstCode).fill(totpCode(secret, Math.floor(Date.now() / 30_000)));
      await setup.getByRole('button', { name: t.verify }).click();

      await expect(setup.getByRole('heading', { name: t.codesTitle })).toBeVisible();
      await expect(setup.getByRole('listitem')).toHaveCount(10);
      const open = setup.getByRole('button', { name: t.open });
      await expect(open).toBeDisabled();
      await setup.getByLabel(t.saved).check();
      await open.click();
      await expect(setup.getByRole('navigation')).toBeVisible();
      await expect(setup.getByRole('banner')).toContainText('Nia Invitee');
      // An adviser has no staff management.
      await expect(setup.getByRole('link', { name: t.staffNav })).toHaveCount(0);
      expect(errors).toEqual([]);
    } finally {
      await invitee.close();
    }

    await page.reload();
    await expect(rowOf(page, email)).toContainText(t.activeStatus);
    expect(consoleErrors).toEqual([]);
  });

  test(`an adviser cannot open staff management (${language})`, async ({ page, consoleErrors }) => {
    await useLanguage(page, language);
    await signInToConsole(page, DEMO_ADVISER);
    await expect(page.getByRole('navigation').getByRole('link', { name: t.staffNav })).toHaveCount(
      0,
    );
    await page.goto('/ops/staff');
    await expect(page.getByRole('heading', { level: 1, name: t.notAllowed })).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    await expectAccessible(page);
    expect(consoleErrors).toEqual([]);
  });
}

test('a visitor without a session is sent to sign-in, the page they asked for kept', async ({
  page,
  consoleErrors,
}) => {
  await useLanguage(page, 'en');
  await page.goto('/ops/account');
  await expect(page).toHaveURL(/\/ops\/sign-in\?next=%2Faccount$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expectAccessible(page);
  expect(consoleErrors).toEqual([]);
});
