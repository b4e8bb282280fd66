import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { memberOf, ok, renderWithProviders, stubFetch } from '../../../test/render';
import { orderDetail, refundPreview } from '../testing/fixtures';
import { OrderPage } from './order-page';

const ORDER = '/api/ops/orders/O2026031000001';

const open = (role: 'admin' | 'adviser' = 'admin') =>
  renderWithProviders(<OrderPage />, {
    route: '/orders/O2026031000001',
    path: '/orders/:orderNo',
    me: memberOf(role),
  });

beforeEach(async () => {
  await changeLanguage('en');
});

describe('an order', () => {
  it('shows its sessions, notifications as received, ledger rows and refunds', async () => {
    stubFetch(() =>
      ok(
        orderDetail({
          refunded: 5_000,
          refundable: 13_900,
          refunds: [
            {
              refundNo: 'R1',
              amount: 5_000,
              currency: 'USD',
              credits: 5,
              status: 'succeeded',
              reason: 'Asked by phone',
              requestedAt: '2026-03-12T04:00:00.000Z',
              confirmedAt: '2026-03-12T04:01:00.000Z',
              failureReason: null,
              staff: { id: 1, name: 'Demo admin' },
              isPlanCancellation: false,
            },
          ],
        }),
      ),
    );
    open('adviser');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('O2026031000001');
    const events = screen.getByRole('table', { name: 'Payment notifications about this order' });
    expect(within(events).getByText('checkout.completed')).toBeInTheDocument();
    expect(within(events).getByText('Signature verified')).toBeInTheDocument();
    expect(within(events).getByText('fulfilled')).toBeInTheDocument();
    const ledger = screen.getByRole('table', { name: 'Ledger rows caused by this order' });
    expect(within(ledger).getByText('+20')).toBeInTheDocument();
    const refunds = screen.getByRole('table', { name: 'Refunds of this order' });
    expect(within(refunds).getByText('Demo admin')).toBeInTheDocument();
    expect(within(refunds).getByText('Refunded')).toBeInTheDocument();
    // An adviser reads; only money.manage refunds.
    expect(screen.queryByRole('button', { name: 'Refund…' })).not.toBeInTheDocument();
  });

  it('says so for an unknown order', async () => {
    stubFetch(() => ({
      status: 404,
      body: { code: 404, msg: 'This order was not found.', data: null },
    }));
    open();
    expect(await screen.findByRole('heading', { name: 'No such order' })).toBeInTheDocument();
  });
});

describe('the refund dialog', () => {
  it('previews, refunds with credits and a reason, one key', async () => {
    const user = userEvent.setup();
    const calls = stubFetch((url, init) => {
      if (url.startsWith(`${ORDER}/refund-preview`)) {
        const amount = Number(new URL(url, 'http://x').searchParams.get('amount'));
        return ok(refundPreview({ amount, suggestedCredits: Math.ceil((22 * amount) / 18_900) }));
      }
      if (init?.method === 'POST')
        return ok({
          refund: {
            refundNo: 'R9',
            amount: 9_450,
            currency: 'USD',
            credits: 11,
            status: 'requested',
            reason: 'Moving away',
            requestedAt: '2026-03-12T04:00:00.000Z',
            confirmedAt: null,
            failureReason: null,
            staff: { id: 1, name: 'Demo admin' },
            isPlanCancellation: false,
          },
        });
      return ok(orderDetail());
    });
    open();
    await user.click(await screen.findByRole('button', { name: 'Refund…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund order O2026031000001' });
    const amount = within(dialog).getByRole('textbox', { name: /Amount to refund/ });
    expect(amount).toHaveValue('189');
    await user.clear(amount);
    await user.type(amount, '94.5');
    await waitFor(() =>
      expect(within(dialog).getByText(/For this amount, 11 credits match/)).toBeInTheDocument(),
    );
    expect(within(dialog).getByRole('textbox', { name: 'Credits to take back' })).toHaveValue('11');
    const submit = within(dialog).getByRole('button', { name: 'Refund' });
    expect(submit).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Moving away');
    await user.click(submit);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const post = calls.find((call) => call.init?.method === 'POST')!;
    expect(post.url).toBe(`${ORDER}/refunds`);
    expect(JSON.parse(String(post.init!.body))).toMatchObject({
      amount: 9_450,
      credits: 11,
      reason: 'Moving away',
      idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
  });

  it('explains the choice when fewer credits can be taken back than the amount matches', async () => {
    const user = userEvent.setup();
    stubFetch((url) =>
      url.startsWith(`${ORDER}/refund-preview`)
        ? ok(
            refundPreview({
              creditsAvailable: 4,
              creditsTakeable: 4,
              suggestedCredits: 22,
              amountForTakeable: 3_436,
            }),
          )
        : ok(orderDetail()),
    );
    open();
    await user.click(await screen.findByRole('button', { name: 'Refund…' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      await within(dialog).findByText(/Only 4 credits can be taken back now/),
    ).toBeInTheDocument();
    const takeLess = within(dialog).getByRole('radio', {
      name: 'Refund the whole amount and take back only 4 credits',
    });
    expect(takeLess).toBeChecked();
    expect(within(dialog).getByRole('textbox', { name: 'Credits to take back' })).toHaveValue('4');
    await user.click(within(dialog).getByRole('radio', { name: /Refund \$34\.36 instead/ }));
    expect(within(dialog).getByRole('textbox', { name: /Amount to refund/ })).toHaveValue('34.36');
  });

  it('shows the server’s refusal in the dialog', async () => {
    const user = userEvent.setup();
    stubFetch((url, init) => {
      if (url.startsWith(`${ORDER}/refund-preview`)) return ok(refundPreview());
      if (init?.method === 'POST')
        return {
          status: 503,
          body: { code: 503, msg: 'The payment provider is not available.', data: null },
        };
      return ok(orderDetail());
    });
    open();
    await user.click(await screen.findByRole('button', { name: 'Refund…' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText(/For this amount/);
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'x');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The payment provider is not available.',
    );
  });
});
