import { createParent, signInWithPassword } from '../fixtures/parents';
import {
  expect,
  expectAccessible,
  readOutbox,
  test,
  useLanguage,
  type Language,
} from '../fixtures/test';

// The export is built by a job every 10 s: a journey may wait for it.
test.describe.configure({ timeout: 120_000 });

/** What each language's journey reads and clicks. */
const TEXTS = {
  en: {
    download: 'Download my data',
    requested: /We are putting your data together|Your data is being put together/,
    pdf: 'Download PDF',
    deleteStart: 'Delete my account…',
    deleteDialog: 'Delete your account?',
    password: /^Password/,
    deleteConfirm: 'Delete my account',
    deletionRequested: /Deletion requested/,
    cancel: 'Cancel deletion',
    pendingTitle: 'Your account is set to be deleted',
    cancelled: /Deletion cancelled/,
  },
  zh_CN: {
    download: '下载我的数据',
    requested: /正在整理您的数据/,
    pdf: '下载 PDF',
    deleteStart: '注销账户…',
    deleteDialog: '确定注销账户吗？',
    password: /^密码/,
    deleteConfirm: '注销账户',
    deletionRequested: /已申请注销/,
    cancel: '撤销注销',
    pendingTitle: '您的账户即将被注销',
    cancelled: /已撤销注销/,
  },
} as const satisfies Record<Language, Record<string, string | RegExp>>;

for (const language of ['en', 'zh_CN'] as const) {
  test(`a parent downloads their data and a statement PDF, asks to delete the account and cancels it after signing in again (${language})`, async ({
    page,
    consoleErrors,
  }) => {
    const text = TEXTS[language];
    const email = `family.data.${language}.${Date.now()}@example.com`;
    const parent = await createParent(page, { password: 'secret123', language, email });
    await useLanguage(page, language);
    await signInWithPassword(page, parent);

    // Download my data: the link arrives by e-mail, works once.
    await page.goto('/home/children/information');
    await page.getByRole('button', { name: text.download, exact: true }).click();
    await expect(page.getByText(text.requested).first()).toBeVisible();
    await expectAccessible(page);
    let link = '';
    await expect
      .poll(
        async () => {
          const [message] = await readOutbox(page, email);
          link = /\/api\/dataExport\/download\?token=[\w%-]+/.exec(message?.body ?? '')?.[0] ?? '';
          return link;
        },
        { timeout: 60_000 },
      )
      .not.toBe('');
    const zip = await page.request.get(link);
    expect(zip.status()).toBe(200);
    expect(zip.headers()['content-type']).toContain('zip');
    expect((await zip.body()).subarray(0, 2).toString()).toBe('PK');
    expect((await page.request.get(link)).status()).toBe(410);

    // The month's statement as a PDF.
    await page.goto('/home/children/MonthyuStatement');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: text.pdf }).click();
    const pdf = await download;
    expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);

    // Ask to delete the account, then cancel within the grace period.
    await page.goto('/home/children/information');
    await page.getByRole('button', { name: text.deleteStart }).click();
    const dialog = page.getByRole('dialog', { name: text.deleteDialog });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel(text.password).fill('secret123');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: text.deleteConfirm, exact: true }).click();
    await expect(page.getByText(text.deletionRequested).first()).toBeVisible();

    // Signing in again during the grace period offers the cancel on the lessons screen.
    await page.evaluate(() => {
      for (const key of ['token', 'userinfo', 'status']) localStorage.removeItem(key);
    });
    await signInWithPassword(page, parent);
    const offer = page.getByRole('alert').filter({ hasText: text.pendingTitle });
    await expect(offer).toBeVisible();
    await expectAccessible(page);
    await offer.getByRole('button', { name: text.cancel }).click();
    await expect(page.getByText(text.cancelled).first()).toBeVisible();
    await expect(offer).toBeHidden();
    await page.goto('/home/children/information');
    await expect(page.getByRole('button', { name: text.deleteStart })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: text.pendingTitle })).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  });
}
