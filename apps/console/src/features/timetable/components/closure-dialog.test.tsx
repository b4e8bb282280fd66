import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { memberOf, ok, renderWithProviders, stubFetch } from '../../../test/render';
import { catalogueCourse } from '../testing/fixtures';
import { ClosureDialog } from './closure-dialog';

const bodyOf = (call: { init?: RequestInit }) => JSON.parse(String(call.init?.body)) as unknown;
const posts = (calls: { url: string; init?: RequestInit }[], url: string) =>
  calls.filter((call) => call.url === url && call.init?.method === 'POST');

function serve() {
  return stubFetch((url) => {
    if (url === '/api/ops/closures/preview') return ok({ lessons: 12, families: 5, credits: 9 });
    if (url === '/api/ops/closures')
      return ok({ closureSn: 'C1', lessonsCancelled: 12, familiesNotified: 5 });
    if (url.startsWith('/api/ops/catalogue/courses')) return ok({ items: [catalogueCourse()] });
    return { status: 404, body: { code: 404, msg: 'not found', data: null } };
  });
}

function Harness() {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpened(true)}>
        open closure
      </button>
      <ClosureDialog opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}

/**
 * Picks the 10th to the 12th of the month the calendar opens on (this month's): the server is a
 * stub here, so any days do.
 */
async function pickRange(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  await user.click(within(dialog).getByRole('button', { name: /Dates|日期/ }));
  // Queried by text, not by role: the calendar holds some forty buttons.
  const dayButton = (day: number) =>
    Array.from(document.querySelectorAll<HTMLButtonElement>('table button')).find(
      (button) => button.textContent === String(day) && !button.hasAttribute('data-outside'),
    )!;
  await waitFor(() => expect(dayButton(10)).toBeInTheDocument());
  await user.click(dayButton(10));
  await user.click(dayButton(12));
  const now = new Date();
  const month = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
  return { from: `${month}-10`, to: `${month}-12` };
}

/** Types a whole reason at once (as pasting): key by key re-renders the form each time. */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

/** A dialog walked through by a user: several renders of Mantine's pickers each (happy-dom). */
const JOURNEY = { timeout: 20_000 };

beforeEach(async () => {
  await changeLanguage('en');
});

describe('declaring a closure', JOURNEY, () => {
  it('says what it will cancel before anything changes, then declares it', async () => {
    const user = userEvent.setup();
    const calls = serve();
    renderWithProviders(<Harness />, { me: memberOf('admin') });
    await user.click(screen.getByRole('button', { name: 'open closure' }));
    const dialog = await screen.findByRole('dialog', { name: 'Declare a closure' });

    // Nothing is asked of the server while the reasons are missing.
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText(/Reason \(English\)/)).toHaveAccessibleDescription(
        /Write the reason in both languages/,
      ),
    );
    expect(calls.filter((call) => call.init?.method === 'POST')).toHaveLength(0);

    const { from, to } = await pickRange(user, dialog);
    await fill(user, within(dialog).getByLabelText(/Reason \(English\)/), 'Spring Festival');
    await fill(user, within(dialog).getByLabelText(/Reason \(Chinese\)/), '春节');
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));

    expect(await within(dialog).findByTestId('closure-preview')).toHaveTextContent(
      '12 lessons cancelled for 5 families; 9 reserved credits released.',
    );
    const body = {
      courseId: null,
      startsOn: from,
      endsOn: to,
      reasonEn: 'Spring Festival',
      reasonZh: '春节',
    };
    expect(posts(calls, '/api/ops/closures/preview').map(bodyOf)).toEqual([body]);
    expect(posts(calls, '/api/ops/closures')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Declare the closure' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Declare a closure' })).toBeNull(),
    );
    expect(posts(calls, '/api/ops/closures').map(bodyOf)).toEqual([body]);
    expect(
      await screen.findByText('Closure declared: 12 lessons cancelled, 5 families told.'),
    ).toBeInTheDocument();
  });

  it('closes one course, in Chinese, and shows the preview in Chinese', async () => {
    await changeLanguage('zh_CN');
    const user = userEvent.setup();
    const calls = serve();
    renderWithProviders(<Harness />, { me: memberOf('admin') });
    await user.click(screen.getByRole('button', { name: 'open closure' }));
    const dialog = await screen.findByRole('dialog', { name: '发布停课' });
    await user.click(within(dialog).getByText('单个课程班'));
    await user.click(within(dialog).getByRole('combobox', { name: /课程班/ }));
    await user.click(await screen.findByRole('option', { name: /阅读 · 二级/ }));
    const { from, to } = await pickRange(user, dialog);
    await fill(user, within(dialog).getByLabelText(/原因（英文）/), 'Teacher training');
    await fill(user, within(dialog).getByLabelText(/原因（中文）/), '教师培训');
    await user.click(within(dialog).getByRole('button', { name: '预览' }));

    expect(await within(dialog).findByTestId('closure-preview')).toHaveTextContent(
      '将取消 5 个家庭的 12 节课，释放 9 课时的预约占用。',
    );
    expect(within(dialog).getByText(/^阅读 · 二级 · /)).toBeInTheDocument();
    expect(posts(calls, '/api/ops/closures/preview').map(bodyOf)).toEqual([
      {
        courseId: 7,
        startsOn: from,
        endsOn: to,
        reasonEn: 'Teacher training',
        reasonZh: '教师培训',
      },
    ]);
    // Back: nothing declared.
    await user.click(within(dialog).getByRole('button', { name: '← 返回' }));
    expect(within(dialog).getByRole('button', { name: '预览' })).toBeInTheDocument();
    expect(posts(calls, '/api/ops/closures')).toHaveLength(0);
  });
});
