import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { memberOf, ok, renderWithProviders, stubFetch } from '../../../test/render';
import { attentionItem, opsOrder } from '../testing/fixtures';
import { OrdersPage } from './orders-page';

function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.pathname + location.search}</output>;
}

const open = (route = '/orders') =>
  renderWithProviders(
    <>
      <OrdersPage />
      <Address />
    </>,
    { route, path: '/orders', me: memberOf('adviser') },
  );

const lastSearch = (calls: { url: string }[]) =>
  new URL(calls.filter((call) => call.url.startsWith('/api/ops/orders')).at(-1)!.url, 'http://x')
    .searchParams;

const answers = (url: string) =>
  url.startsWith('/api/ops/payment-attention')
    ? ok({ items: [attentionItem()], total: 3 })
    : ok({
        items: [
          opsOrder(),
          opsOrder({ orderNo: 'O2', status: 'pending', paidAt: null, refunded: 0 }),
        ],
        total: 42,
      });

beforeEach(async () => {
  await changeLanguage('en');
});

describe('the orders list', () => {
  it('lists the orders with a link each and the number needing attention', async () => {
    stubFetch(answers);
    open();
    const link = await screen.findByRole('link', { name: 'O2026031000001' });
    expect(link).toHaveAttribute('href', '/orders/O2026031000001');
    expect(screen.getAllByText('$189.00')).toHaveLength(2);
    expect(screen.getAllByText('Pending').length).toBeGreaterThan(0);
    expect(await screen.findByRole('link', { name: '3 payments need attention' })).toHaveAttribute(
      'href',
      '/orders/attention',
    );
    expect(screen.getByText(/of 42/)).toHaveTextContent('1–2 of 42');
  });

  it('keeps the filters in the URL and sends them to the server', async () => {
    const user = userEvent.setup();
    const calls = stubFetch(answers);
    open('/orders?status=paid&provider=stripe&from=2026-03-01&to=2026-03-31&minAmount=100');
    await screen.findByRole('link', { name: 'O2026031000001' });
    const sent = lastSearch(calls);
    expect(sent.get('status')).toBe('paid');
    expect(sent.get('provider')).toBe('stripe');
    expect(sent.get('from')).toBe('2026-03-01');
    expect(sent.get('to')).toBe('2026-03-31');
    expect(sent.get('minAmount')).toBe('100');
    await user.type(
      screen.getByRole('searchbox', { name: 'Parent or order number' }),
      'Li Na{Enter}',
    );
    await waitFor(() => expect(lastSearch(calls).get('parent')).toBe('Li Na'));
    expect(screen.getByTestId('address')).toHaveTextContent('parent=Li+Na');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent(/^\/orders$/));
  });

  it('reads in Chinese', async () => {
    await changeLanguage('zh_CN');
    stubFetch(answers);
    open();
    expect(await screen.findByText('已支付')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: '3 笔付款需要处理' })).toBeInTheDocument();
  });
});
