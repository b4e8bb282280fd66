import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ClassRow } from '@portal/shared/staff';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { memberOf, ok, renderWithProviders, stubFetch } from '../../../test/render';
import { classRow } from '../testing/fixtures';
import { CancelClassDialog } from './cancel-class-dialog';

const CANCEL = '/api/ops/lessons/L1/cancel';
const bodyOf = (call: { init?: RequestInit }) => JSON.parse(String(call.init?.body)) as unknown;

/** The timetable's row menu and the dialog, as the page has them. */
function Harness({ row }: { row: ClassRow }) {
  const [target, setTarget] = useState<ClassRow | null>(null);
  return (
    <>
      <button type="button" onClick={() => setTarget(row)}>
        open cancel
      </button>
      <CancelClassDialog row={target} onClose={() => setTarget(null)} />
    </>
  );
}

/** A dialog walked through by a user: several renders of Mantine's pickers each (happy-dom). */
const JOURNEY = { timeout: 20_000 };

beforeEach(async () => {
  await changeLanguage('en');
});

describe('cancelling a class', JOURNEY, () => {
  it('needs a reason, then cancels every child’s lesson and says what was released', async () => {
    const user = userEvent.setup();
    const calls = stubFetch((url) =>
      url === CANCEL
        ? ok({ lessonsCancelled: 2, creditsReleased: 2 })
        : { status: 404, body: { code: 404, msg: 'not found', data: null } },
    );
    renderWithProviders(<Harness row={classRow()} />, { me: memberOf('admin') });
    await user.click(screen.getByRole('button', { name: 'open cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel the class' });
    expect(within(dialog).getByText('Reading · Level 2')).toBeInTheDocument();
    expect(within(dialog).getByText('Emma Li · 2 children')).toBeInTheDocument();
    expect(within(dialog).getByText(/All 2 children’s lessons are cancelled/)).toBeInTheDocument();

    const submit = within(dialog).getByRole('button', { name: 'Cancel the class' });
    await user.click(submit);
    const reason = within(dialog).getByRole('combobox', { name: /Reason/ });
    await waitFor(() =>
      expect(reason).toHaveAccessibleDescription('Choose a reason for the cancellation.'),
    );
    expect(calls).toHaveLength(0);

    await user.click(reason);
    // Only the reasons a member may choose: closures and absences are the system's.
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Teacher ill',
      'Public holiday',
      'School decision',
      'Family request',
    ]);
    await user.click(screen.getByRole('option', { name: 'Teacher ill' }));
    await user.click(submit);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Cancel the class' })).toBeNull(),
    );
    expect(calls.map((call) => [call.url, bodyOf(call)])).toEqual([
      [CANCEL, { reason: 'teacher-ill' }],
    ]);
    expect(await screen.findByText('2 lessons cancelled, 2 credits released.')).toBeInTheDocument();
  });

  it('shows the server’s refusal in the dialog, in Chinese', async () => {
    await changeLanguage('zh_CN');
    const user = userEvent.setup();
    stubFetch(() => ({
      status: 409,
      body: { code: 409, msg: '这节课已经开始，不能再调整。', data: null },
    }));
    renderWithProviders(<Harness row={classRow({ children: classRow().children.slice(0, 1) })} />, {
      me: memberOf('admin'),
    });
    await user.click(screen.getByRole('button', { name: 'open cancel' }));
    const dialog = await screen.findByRole('dialog', { name: '取消这节课' });
    expect(
      within(dialog).getByText(
        '将取消这节课全部 1 个孩子的课程，释放预约占用的课时，每个家庭只通知一次。',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: /原因/ }));
    await user.click(await screen.findByRole('option', { name: '法定节假日' }));
    await user.click(within(dialog).getByRole('button', { name: '取消这节课' }));
    expect(await within(dialog).findByText('这节课已经开始，不能再调整。')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: '取消这节课' })).toBeInTheDocument();
  });
});
