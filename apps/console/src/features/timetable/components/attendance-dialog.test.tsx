import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { memberOf, ok, renderWithProviders, stubFetch } from '../../../test/render';
import { classRow } from '../testing/fixtures';
import { AttendanceDialog } from './attendance-dialog';

/** A class that started ten minutes ago; Leo's lesson is settled already. */
function startedClass() {
  const row = classRow({ startsAt: new Date(Date.now() - 10 * 60_000).toISOString() });
  const [mia, leo] = row.children;
  return {
    ...row,
    children: [
      { ...mia!, status: 'in-progress' as const, entered: true },
      { ...leo!, status: 'no-show' as const, settled: true },
    ],
  };
}

beforeEach(async () => {
  await changeLanguage('en');
});

describe("an admin's attendance marks", () => {
  it('marks one child on their own lesson; a settled lesson takes no mark', async () => {
    const user = userEvent.setup();
    const calls = stubFetch((url) =>
      url === '/api/ops/lessons/L1/attendance'
        ? ok({ attendance: 'absent', note: null })
        : { status: 404, body: { code: 404, msg: 'not found', data: null } },
    );
    renderWithProviders(<AttendanceDialog row={startedClass()} onClose={() => {}} />, {
      me: memberOf('admin'),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Mark attendance' });
    const leo = within(dialog).getByRole('group', { name: 'Attendance of Leo' });
    expect(within(leo).getByRole('button', { name: 'Absent' })).toBeDisabled();
    expect(
      within(dialog).getByText('Settled: use a credit correction on the family’s page.'),
    ).toBeInTheDocument();

    const mia = within(dialog).getByRole('group', { name: 'Attendance of Mia' });
    await user.click(within(mia).getByRole('button', { name: 'Absent' }));
    await waitFor(() =>
      expect(within(mia).getByRole('button', { name: 'Absent' })).toHaveAttribute(
        'aria-pressed',
        'true',
      ),
    );
    expect(calls.map((call) => [call.url, JSON.parse(String(call.init?.body))])).toEqual([
      ['/api/ops/lessons/L1/attendance', { attendance: 'absent' }],
    ]);
    expect(await screen.findByText('Mia is marked absent.')).toBeInTheDocument();
  });

  it('shows the server’s refusal beside the child, in Chinese', async () => {
    await changeLanguage('zh_CN');
    const user = userEvent.setup();
    stubFetch(() => ({
      status: 409,
      body: { code: 409, msg: '这节课已结算。如需调整费用，请在家庭页面调整课时。', data: null },
    }));
    renderWithProviders(<AttendanceDialog row={startedClass()} onClose={() => {}} />, {
      me: memberOf('admin'),
    });
    const dialog = await screen.findByRole('dialog', { name: '记录出勤' });
    const mia = within(dialog).getByRole('group', { name: 'Mia的出勤' });
    await user.click(within(mia).getByRole('button', { name: '出勤' }));
    expect(
      await within(dialog).findByText('这节课已结算。如需调整费用，请在家庭页面调整课时。'),
    ).toBeInTheDocument();
  });
});
