import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ReminderDelivery, ReminderSettings } from '@portal/shared/reminders';
import { changeLanguage } from '../../../lib/i18n';
import { storage } from '../../../lib/storage';
import { renderWithProviders, stubFetch } from '../../../test/render';
import { ReminderSettingsSection } from './reminder-settings-section';

const SETTINGS: ReminderSettings = {
  day_before: 'email',
  soon: 'sms',
  quiet_hours: true,
  has_email: true,
  time_zone: 'Asia/Shanghai',
};

const delivery = (overrides: Partial<ReminderDelivery>): ReminderDelivery => ({
  id: 1,
  kind: 'soon',
  channel: 'sms',
  state: 'sent',
  attempts: 1,
  reason: null,
  // 19:00 in Shanghai on Tuesday 25 November 2025.
  starts_at: '2025-11-25T11:00:00.000Z',
  student_nickname: 'Mia',
  course_title: 'Reading · Level 2',
  lesson_number: 7,
  updated_at: '2025-11-25T10:50:00.000Z',
  sent_at: '2025-11-25T10:50:00.000Z',
  ...overrides,
});

const ok = (data: unknown) => ({ body: { code: 200, msg: 'ok', data } });

function setUp(settings: ReminderSettings = SETTINGS, items: ReminderDelivery[] = []) {
  const calls = stubFetch((url, init) => {
    if (url.includes('/api/reminderSettings') && init?.method === 'POST')
      return ok({ ...settings, ...(JSON.parse(String(init.body)) as object) });
    if (url.includes('/api/reminderSettings')) return ok(settings);
    if (url.includes('/api/reminderDeliveries')) return ok({ items });
    return { status: 404, body: { code: 404, msg: '', data: null } };
  });
  renderWithProviders(<ReminderSettingsSection />);
  return calls;
}

const posts = (calls: { url: string; init?: RequestInit }[]) =>
  calls.filter((call) => call.init?.method === 'POST');

describe('Profile → Lesson reminders (issue #24)', () => {
  beforeEach(() => storage.setToken('test-token'));
  afterEach(() => changeLanguage('en'));

  it('saves the choices as the contract body and says so', async () => {
    const calls = setUp();
    const soon = await screen.findByRole('radiogroup', { name: '10 minutes before' });
    expect(within(soon).getByRole('radio', { name: 'SMS' })).toBeChecked();
    await userEvent.click(within(soon).getByRole('radio', { name: 'Both' }));
    const quiet = screen.getByRole('switch', { name: /^Quiet hours/ });
    expect(quiet).toBeChecked();
    await userEvent.click(quiet);
    await userEvent.click(screen.getByRole('button', { name: 'Save reminders' }));

    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(JSON.parse(String(posts(calls)[0]?.init?.body))).toEqual({
      day_before: 'email',
      soon: 'both',
      quiet_hours: false,
    });
    expect(await screen.findByText('Reminder settings saved.')).toBeVisible();
  });

  it('names the quiet hours in the profile zone', async () => {
    setUp();
    expect(
      await screen.findByText(
        'No SMS from 22:00 to 08:00 in your time zone (Asia/Shanghai) unless the lesson is then.',
      ),
    ).toBeVisible();
  });

  it('says e-mail reminders need an address when the profile has none', async () => {
    setUp({ ...SETTINGS, has_email: false, day_before: 'sms' });
    const dayBefore = await screen.findByRole('radiogroup', { name: 'The day before' });
    expect(screen.queryByTestId('reminders-email-missing')).toBeNull();
    await userEvent.click(within(dayBefore).getByRole('radio', { name: 'E-mail' }));
    expect(screen.getByTestId('reminders-email-missing')).toHaveTextContent(
      'E-mail reminders need an e-mail address',
    );
  });

  it('lists what was sent, with the start in the parent zone and the reason of a failure', async () => {
    setUp(SETTINGS, [
      delivery({ id: 2, state: 'failed', attempts: 3, reason: 'provider timeout' }),
      delivery({ id: 1, kind: 'day_before', channel: 'email', state: 'skipped', reason: 'moved' }),
    ]);
    const items = await screen.findAllByTestId('reminder-delivery');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Mia · Reading · Level 2 · Lesson 7');
    expect(items[0]).toHaveTextContent('Tue 25 Nov, 19:00 Asia/Shanghai');
    expect(items[0]).toHaveTextContent('10 minutes before · SMS');
    expect(items[0]).toHaveTextContent('Failed: provider timeout');
    expect(items[1]).toHaveTextContent('Day before · E-mail');
    expect(items[1]).toHaveTextContent('Skipped: the lesson was moved');
  });

  it('says when nothing was sent', async () => {
    setUp();
    expect(await screen.findByText('No reminders sent in the last 30 days.')).toBeVisible();
  });

  it('speaks Chinese too', async () => {
    await changeLanguage('zh_CN');
    const calls = setUp(SETTINGS, [delivery({ state: 'skipped', reason: 'quiet-hours' })]);
    const soon = await screen.findByRole('radiogroup', { name: '开课前 10 分钟提醒' });
    await userEvent.click(within(soon).getByRole('radio', { name: '关闭' }));
    expect(
      screen.getByText(
        '在您的时区（Asia/Shanghai）22:00 至 08:00 之间不发短信，除非课程就在这段时间。',
      ),
    ).toBeVisible();
    const [item] = await screen.findAllByTestId('reminder-delivery');
    expect(item).toHaveTextContent('11月25日 周二 19:00 Asia/Shanghai');
    expect(item).toHaveTextContent('未发送：免打扰时段');
    await userEvent.click(screen.getByRole('button', { name: '保存提醒设置' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(JSON.parse(String(posts(calls)[0]?.init?.body))).toMatchObject({ soon: 'off' });
    expect(await screen.findByText('提醒设置已保存。')).toBeVisible();
  });
});
