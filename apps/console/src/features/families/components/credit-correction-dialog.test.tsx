import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { memberOf, renderWithProviders } from '../../../test/render';
import { CreditCorrectionDialog } from './credit-correction-dialog';

const CREDITS = { paid: 10, reward: 4, reserved: 2, available: 12 };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

interface Sent {
  body: { delta: number; reason: string; note: string; idempotencyKey: string };
  answer: (status: number, body: unknown) => void;
}

/** A server that answers when the test says so: the dialog's state while it waits is visible. */
function holdingServer() {
  const sent: Sent[] = [];
  globalThis.fetch = ((_input: RequestInfo | URL, init?: RequestInit) =>
    new Promise<Response>((resolve) => {
      sent.push({
        body: JSON.parse(String(init?.body)) as Sent['body'],
        answer: (status, body) =>
          resolve(
            new Response(JSON.stringify(body), {
              status,
              headers: { 'content-type': 'application/json' },
            }),
          ),
      });
    })) as typeof fetch;
  return sent;
}

const credited = (delta: number) => ({
  code: 200,
  msg: 'ok',
  data: {
    credits: { ...CREDITS, reward: CREDITS.reward + delta, available: CREDITS.available + delta },
  },
});

/** The balance card's button and its dialog, as the family page has them. */
function Harness() {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpened(true)}>
        open the correction
      </button>
      <CreditCorrectionDialog
        userSn="U100001"
        credits={CREDITS}
        opened={opened}
        onClose={() => setOpened(false)}
      />
    </>
  );
}

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'open the correction' }));
  return screen.findByRole('dialog', { name: 'Correct credits' });
}

async function fill(
  user: ReturnType<typeof userEvent.setup>,
  dialog: HTMLElement,
  { amount, reason, note }: { amount: string; reason: string; note?: string },
) {
  await user.type(within(dialog).getByLabelText(/Credits/), amount);
  await user.click(within(dialog).getByRole('combobox', { name: /Reason/ }));
  await user.click(await screen.findByRole('option', { name: reason }));
  if (note) await user.type(within(dialog).getByLabelText(/Note/), note);
}

beforeEach(async () => {
  await changeLanguage('en');
});

describe('the credit correction', () => {
  it('grants with one key per opened form; the button is disabled while sending', async () => {
    const user = userEvent.setup();
    const sent = holdingServer();
    renderWithProviders(<Harness />, { me: memberOf('adviser') });
    const dialog = await openDialog(user);
    await fill(user, dialog, { amount: '5', reason: 'Goodwill' });
    expect(within(dialog).getByText('Available after: 17')).toBeInTheDocument();
    const submit = within(dialog).getByRole('button', { name: 'Grant 5 credits' });
    await user.click(submit);

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(submit).toBeDisabled();
    // A second click while the first is on its way sends nothing.
    await user.click(submit);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({
      delta: 5,
      reason: 'goodwill',
      note: '',
      idempotencyKey: expect.stringMatching(UUID),
    });

    sent[0]!.answer(200, credited(5));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Correct credits' })).toBeNull(),
    );
    expect(await screen.findByText('5 credits granted.')).toBeInTheDocument();

    // Opened again: a new correction, a new key.
    const again = await openDialog(user);
    await fill(user, again, { amount: '5', reason: 'Goodwill' });
    await user.click(within(again).getByRole('button', { name: 'Grant 5 credits' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]!.body.idempotencyKey).toMatch(UUID);
    expect(sent[1]!.body.idempotencyKey).not.toBe(sent[0]!.body.idempotencyKey);
  });

  it('removes as a negative delta and resends a refused form with the same key', async () => {
    const user = userEvent.setup();
    const sent = holdingServer();
    renderWithProviders(<Harness />, { me: memberOf('adviser') });
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByText('Remove'));
    await fill(user, dialog, { amount: '20', reason: 'Correction' });
    expect(within(dialog).getByText('Available after: -8')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Remove 20 credits' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toMatchObject({ delta: -20, reason: 'correction' });

    sent[0]!.answer(400, {
      code: 400,
      msg: 'The family has only 12 credits available; you cannot remove 20.',
      data: null,
    });
    const amount = within(dialog).getByLabelText(/Credits/);
    await waitFor(() => expect(amount).toHaveAccessibleDescription(/only 12 credits available/));
    expect(screen.getByRole('dialog', { name: 'Correct credits' })).toBeInTheDocument();

    await user.clear(amount);
    await user.type(amount, '2');
    await user.click(within(dialog).getByRole('button', { name: 'Remove 2 credits' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]!.body.delta).toBe(-2);
    // The same opened form: the same key (the refused request recorded nothing).
    expect(sent[1]!.body.idempotencyKey).toBe(sent[0]!.body.idempotencyKey);
  });

  it('asks for a note when the reason is "other", before sending anything', async () => {
    const user = userEvent.setup();
    const sent = holdingServer();
    renderWithProviders(<Harness />, { me: memberOf('admin') });
    const dialog = await openDialog(user);
    await fill(user, dialog, { amount: '3', reason: 'Other' });
    await user.click(within(dialog).getByRole('button', { name: 'Grant 3 credits' }));
    const note = within(dialog).getByLabelText(/Note/);
    await waitFor(() =>
      expect(note).toHaveAccessibleDescription(/Write a note when the reason is “Other”/),
    );
    expect(sent).toHaveLength(0);

    await user.type(note, 'Birthday present');
    await user.click(within(dialog).getByRole('button', { name: 'Grant 3 credits' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toMatchObject({ delta: 3, reason: 'other', note: 'Birthday present' });
  });

  it('refuses an empty amount and a missing reason with the shared messages, in Chinese', async () => {
    await changeLanguage('zh_CN');
    const user = userEvent.setup();
    const sent = holdingServer();
    renderWithProviders(<Harness />, { me: memberOf('admin') });
    await user.click(screen.getByRole('button', { name: 'open the correction' }));
    const dialog = await screen.findByRole('dialog', { name: '调整课时' });
    await user.click(within(dialog).getByRole('button', { name: '保存调整' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText(/课时数/)).toHaveAccessibleDescription(
        /请输入不为 0 的整数课时/,
      ),
    );
    expect(within(dialog).getByRole('combobox', { name: /原因/ })).toHaveAccessibleDescription(
      /请选择原因/,
    );
    expect(sent).toHaveLength(0);
  });
});
