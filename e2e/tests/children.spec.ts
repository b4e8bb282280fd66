import { createParent, signInWithPassword } from '../fixtures/parents';
import { expect, expectAccessible, test, useLanguage } from '../fixtures/test';

test('add, edit and delete a child with the confirmations (en)', async ({
  page,
  consoleErrors,
}) => {
  const parent = await createParent(page, { password: 'secret123' });
  await useLanguage(page, 'en');
  await signInWithPassword(page, parent);
  await page.goto('/home/children/addChildren');
  await expect(page.getByText('No children yet. Add your first child.')).toBeVisible();
  await page.getByRole('link', { name: 'Add a child' }).click();

  // The checks come in the spec's order: avatar first.
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Please select avatar.').first()).toBeVisible();

  await page.getByRole('button', { name: 'Choose an avatar' }).click();
  await page.getByRole('button', { name: 'Avatar 3' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Please select Child’s Birthday.').first()).toBeVisible();
  await page.getByLabel('Birthday').click();
  await page.locator('table button:not([disabled])').first().click();
  await page.getByLabel('Child’s name').fill('Mia');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL('**/home/children/addChildren');
  await expect(page.getByRole('main').getByText('Mia', { exact: true })).toBeVisible();

  await page.getByRole('link', { name: 'Edit Mia' }).click();
  // The address names the child by student_sn only: no name or birthday in the history.
  await expect(page).toHaveURL(/\/add\?student_sn=S/);
  expect(page.url()).not.toContain('Mia');
  await expect(page.getByLabel('Child’s name')).toHaveAccessibleDescription('3/20 characters');
  await page.getByLabel('Child’s name').fill('Mia Li');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('main').getByText('Mia Li', { exact: true })).toBeVisible();

  await page.getByRole('link', { name: 'Edit Mia Li' }).click();
  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Mia Li?' });
  await expect(dialog).toContainText('Mia Li has no upcoming lessons.');
  await dialog.getByRole('button', { name: 'Yes, delete Mia Li' }).click();
  await expect(page.getByText('Deleted successfully').first()).toBeVisible();
  // Back on the list the parent came from, not another children page.
  await page.waitForURL('**/home/children/addChildren');
  await expect(page.getByText('No children yet. Add your first child.')).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('past the limit the add button explains whom to ask (zh_CN)', async ({ page }) => {
  const parent = await createParent(page, { password: 'secret123', invite_code: 'ADV2026' });
  await useLanguage(page, 'zh_CN');
  await signInWithPassword(page, parent);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const avatars = await page.request.get('/api/getGeadimg', {
    headers: { authorization: `Bearer ${token}` },
  });
  const avatarId = ((await avatars.json()) as { data: { data: { id: number }[] } }).data.data[0]!
    .id;
  for (const name of ['A', 'B', 'C']) {
    const response = await page.request.post('/api/students', {
      headers: { authorization: `Bearer ${token}` },
      data: { avatar: avatarId, birth_date: '1/1/2019', nickname: name },
    });
    expect(response.ok()).toBe(true);
  }
  await page.goto('/home/children/addChildren');
  await expect(page.getByRole('heading', { level: 1, name: '我的孩子' })).toBeVisible();
  await page.getByRole('button', { name: '将 B 设为当前孩子' }).click();
  await expect(page.getByText('当前孩子')).toBeVisible();
  // The rule is said before it bites, and the same on every children route.
  await expect(
    page.getByText('已添加 3 个孩子，您可自行添加 3 个。课程顾问可将上限提高到 6 个。'),
  ).toBeVisible();
  await page.getByRole('button', { name: '添加孩子' }).click();
  await expect(page.getByText(/课程顾问可将上限提高到 6 个，请与其联系。/)).toBeVisible();
  await expect(page.getByText('Amy Chen')).toBeVisible();
  await expect(page.getByText('微信：amy_chen_courses')).toBeVisible();
  await expectAccessible(page);
});

test('a legacy edit={JSON} link opens by student_sn, and /allChild opens the one list (en)', async ({
  page,
  consoleErrors,
}) => {
  const parent = await createParent(page, { password: 'secret123' });
  await useLanguage(page, 'en');
  await signInWithPassword(page, parent);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const headers = { authorization: `Bearer ${token}` };
  const avatars = await page.request.get('/api/getGeadimg', { headers });
  const avatarId = ((await avatars.json()) as { data: { data: { id: number }[] } }).data.data[0]!
    .id;
  await page.request.post('/api/students', {
    headers,
    data: { avatar: avatarId, birth_date: '5/14/2018', nickname: 'Mia' },
  });
  const list = await page.request.get('/api/students', { headers });
  const [mia] = ((await list.json()) as { data: { student_sn: string }[] }).data;

  await page.goto(`/add?edit=${encodeURIComponent(JSON.stringify(mia))}&one=1`);
  await expect(page).toHaveURL(new RegExp(`/add\\?one=1&student_sn=${mia!.student_sn}$`));
  await expect(page.getByLabel('Child’s name')).toHaveValue('Mia');
  // The old address was replaced: going back does not reach the JSON address again.
  await page.goBack();
  expect(page.url()).not.toContain('edit=');

  await page.goto('/allChild');
  await page.waitForURL('**/home/children/addChildren');
  await expect(page.getByRole('heading', { level: 1, name: 'My children' })).toBeVisible();
  await page.goto('/addChild');
  await page.waitForURL('**/home/children/addChildren');
  expect(consoleErrors).toEqual([]);
});
