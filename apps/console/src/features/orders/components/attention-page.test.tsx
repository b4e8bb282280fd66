import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { memberOf, ok, renderWithProviders, stubFetch } from '../../../test/render';
import { attentionItem } from '../testing/fixtures';
import { AttentionPage } from './attention-page';

const open = (role: 'admin' | 'adviser' = 'admin') =>
  renderWithProviders(<AttentionPage />, {
    route: '/orders/attention',
    path: '/orders/attention',
    me: memberOf(role),
  });

const list = ok({
  items: [
    attentionItem(),
    attentionItem({
      id: 42,
      reason: 'unknown_session',
      order: null,
      actions: ['refund'],
      amount: 999,
    }),
  ],
  total: 2,
});

beforeEach(async () => {
  await changeLanguage('en');
});

describe('payments that need attention', () => {
  it('lists them with their reasons and the actions each allows', async () => {
    stubFetch(() => list);
    open();
    expect(
      await screen.findByText('Amount or currency did not match the order'),
    ).toBeInTheDocument();
    expect(screen.getByText('A checkout we did not open')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'O2026031000002' })).toHaveAttribute(
      'href',
      '/orders/O2026031000002',
    );
    expect(screen.getAllByRole('button', { name: 'Fulfil…' })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: 'Refund…' })).toHaveLength(2);
  });

  it('offers no action to an adviser', async () => {
    stubFetch(() => list);
    open('adviser');
    await screen.findByText('A checkout we did not open');
    expect(screen.queryByRole('button', { name: 'Fulfil…' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Refund…' })).not.toBeInTheDocument();
  });

  it('fulfils by hand with a reason', async () => {
    const user = userEvent.setup();
    const calls = stubFetch((_url, init) =>
      init?.method === 'POST' ? ok({ resolution: 'fulfilled', orderNo: 'O2026031000002' }) : list,
    );
    open();
    await user.click(await screen.findByRole('button', { name: 'Fulfil…' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Fulfil order O2026031000002 by hand',
    });
    expect(
      within(dialog).getByText(/payment of \$40\.00 \(the order asked \$50\.00\)/),
    ).toBeInTheDocument();
    const submit = within(dialog).getByRole('button', { name: 'Fulfil' });
    expect(submit).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Paid the old price');
    await user.click(submit);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const post = calls.find((call) => call.init?.method === 'POST')!;
    expect(post.url).toBe('/api/ops/payment-events/41/fulfil');
    expect(JSON.parse(String(post.init!.body))).toMatchObject({
      reason: 'Paid the old price',
      idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
  });

  it('shows "already handled" when someone else was first', async () => {
    const user = userEvent.setup();
    stubFetch((_url, init) =>
      init?.method === 'POST'
        ? { status: 409, body: { code: 409, msg: 'This payment was already handled.', data: null } }
        : list,
    );
    open();
    const refunds = await screen.findAllByRole('button', { name: 'Refund…' });
    await user.click(refunds[1]!);
    const dialog = await screen.findByRole('dialog', { name: 'Give back $9.99' });
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Unknown payer');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This payment was already handled.',
    );
  });
});
