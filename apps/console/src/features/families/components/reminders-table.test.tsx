import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReminderDelivery } from '@portal/shared/reminders';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { renderWithProviders } from '../../../test/render';
import { familyDetail } from '../testing/fixtures';
import { FamilyTabs } from './family-tabs';

const reminder = (overrides: Partial<ReminderDelivery>): ReminderDelivery => ({
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

const REMINDERS = [
  reminder({ id: 3, state: 'failed', attempts: 3, reason: 'provider timeout', sent_at: null }),
  reminder({ id: 2, kind: 'day_before', channel: 'email', state: 'skipped', reason: 'moved' }),
];

/** The family's tabs as the page draws them, opened on the reminders tab. */
function open(reminders: ReminderDelivery[], route = '/families/U100001?tab=reminders') {
  renderWithProviders(<FamilyTabs family={familyDetail({ reminders })} canWrite={false} />, {
    route,
  });
}

const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe("a family's lesson reminders (issue #24)", () => {
  afterEach(() => changeLanguage('en'));

  it('lists each reminder with the start in the parent zone, its state and why', async () => {
    open(REMINDERS);
    expect(await screen.findByRole('tab', { name: 'Reminders', selected: true })).toBeVisible();
    const [failed, skipped] = rows();
    expect(failed).toHaveTextContent('Tue 25 Nov, 19:00 Asia/Shanghai');
    expect(failed).toHaveTextContent('Mia · Reading · Level 2 · Lesson 7');
    expect(failed).toHaveTextContent('10 minutes before');
    expect(failed).toHaveTextContent('SMS');
    expect(failed).toHaveTextContent('Failed');
    expect(failed).toHaveTextContent('provider timeout (3 attempts)');
    expect(skipped).toHaveTextContent('Day before');
    expect(skipped).toHaveTextContent('E-mail');
    expect(skipped).toHaveTextContent('Skipped');
    expect(skipped).toHaveTextContent('The lesson was moved');
  });

  it('is reached from the other tabs', async () => {
    open(REMINDERS, '/families/U100001');
    await userEvent.click(await screen.findByRole('tab', { name: 'Reminders' }));
    expect(rows()).toHaveLength(2);
  });

  it('says when there are none', async () => {
    open([]);
    expect(await screen.findByText('No lesson reminders in the last 30 days.')).toBeVisible();
  });

  it('speaks Chinese too', async () => {
    await changeLanguage('zh_CN');
    open(REMINDERS);
    expect(await screen.findByRole('tab', { name: '上课提醒', selected: true })).toBeVisible();
    const [failed, skipped] = rows();
    expect(failed).toHaveTextContent('11月25日 周二 19:00 Asia/Shanghai');
    expect(failed).toHaveTextContent('第 7 课');
    expect(failed).toHaveTextContent('发送失败');
    expect(failed).toHaveTextContent('尝试 3 次');
    expect(skipped).toHaveTextContent('未发送');
    expect(skipped).toHaveTextContent('课程已改期');
  });
});
