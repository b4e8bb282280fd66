import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../config/paths';
import { i18n } from '../../../lib/i18n';
import { storage } from '../../../lib/storage';
import { profileFixture } from '../../../test/profile';
import { renderWithProviders, stubFetch } from '../../../test/render';
import { CompletePaymentPage } from './complete-payment-page';
import { LocalCheckoutPage } from './local-checkout-page';
import { PayErrorPage } from './pay-error-page';
import { PayHistoryPage } from './pay-history-page';
import { PaySuccessPage } from './pay-success-page';
import { PurchasePlanPage } from './purchase-plan-page';
import { RechargePage } from './recharge-page';

// Decision 034: money screens that agree, and every screen finishes.

const ok = (data: unknown) => ({ body: { code: 200, msg: 'ok', data } });
const missing = (msg = '') => ({ status: 404, body: { code: 404, msg, data: null } });

const order = {
  order_no: 'O20261124AAA',
  order_title: 'Monthly pass · 2 kids',
  order_details: ['Unlimited lessons'],
  order_price_name: '$349.00',
  order_price: 349,
  currency: 'USD',
  member_end_at: '2026-12-24',
  kind: 'plan',
  status: 'pending',
  username: 'Wang Fang',
  mobile: '13800138000',
  email: 'wang@example.com',
  pay_method: 1,
  quantity: 0,
  extra_quantity: 0,
  date: '2026-11-24',
  pay_method_name: '',
  is_recurring: true,
  renewal_price: 349,
};

function Where() {
  const location = useLocation();
  return <p>at {location.pathname + location.search}</p>;
}

function renderAt(route: string, element: React.ReactElement, path: string) {
  return renderWithProviders(
    <Routes>
      <Route path={path} element={element} />
      <Route path="*" element={<Where />} />
    </Routes>,
    { route },
  );
}

beforeEach(async () => {
  storage.setToken('test-token');
  await i18n.changeLanguage('en');
});
afterEach(() => i18n.changeLanguage('en'));

describe('CompletePayment', () => {
  it('states the renewal terms at the point of payment, with one Continue, Back and Cancel', async () => {
    const calls = stubFetch((url) => {
      if (url.includes('/api/order')) return ok(order);
      if (url.includes('/api/cancelOrder')) return ok(null);
      return missing();
    });
    renderAt(
      `${paths.home.completePayment}?order_no=${order.order_no}`,
      <CompletePaymentPage />,
      paths.home.completePayment,
    );
    const terms = await screen.findByTestId('payment-terms');
    expect(terms).toHaveTextContent(
      'You pay $349.00 today for one month. The plan renews automatically every month at $349.00, next on 2026-12-24, until you cancel. To cancel, contact your course adviser or our support before 2026-12-24',
    );
    // One confirmation: it leads on to the checkout, it does not pay by itself.
    expect(screen.getByRole('button', { name: 'Continue to payment' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay \$/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText(`at ${paths.home.purchaseLessonPlan}`)).toBeInTheDocument();
    const cancel = calls.find((call) => call.url.includes('/api/cancelOrder'));
    expect(JSON.parse(String(cancel?.init?.body))).toEqual({ order_no: order.order_no });
  });

  it('says a change of plan is paid once and does not renew (zh_CN)', async () => {
    await i18n.changeLanguage('zh_CN');
    stubFetch((url) =>
      url.includes('/api/order')
        ? ok({ ...order, is_recurring: false, renewal_price: 0, order_price_name: '$222.97' })
        : missing(),
    );
    renderAt(
      `${paths.home.completePayment}?order_no=${order.order_no}`,
      <CompletePaymentPage />,
      paths.home.completePayment,
    );
    expect(await screen.findByTestId('payment-terms')).toHaveTextContent(
      '一次性支付 $222.97。新月卡有效至 2026-12-24，不会自动续费',
    );
  });

  it('settles without an order number: says what to do instead', async () => {
    const calls = stubFetch(() => missing());
    renderAt(paths.home.completePayment, <CompletePaymentPage />, paths.home.completePayment);
    expect(await screen.findByText('No order to pay')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See plans' })).toBeInTheDocument();
    expect(calls.some((call) => call.url.includes('/api/order'))).toBe(false);
  });

  it('settles on an order that is not the parent’s: not found, with a retry', async () => {
    stubFetch(() => missing('This order was not found.'));
    renderAt(
      `${paths.home.completePayment}?order_no=OTHERS`,
      <CompletePaymentPage />,
      paths.home.completePayment,
    );
    expect(await screen.findByText('Not available')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('after the checkout', () => {
  it('a cancel says nothing was charged and leads back to where the order started', async () => {
    stubFetch((url) =>
      url.includes('/api/order')
        ? ok({ ...order, kind: 'package', status: 'cancelled' })
        : missing(),
    );
    renderAt(
      `${paths.payError}?order_no=${order.order_no}&cancelled=1`,
      <PayErrorPage />,
      paths.payError,
    );
    expect(await screen.findByRole('heading', { name: 'Payment cancelled' })).toBeInTheDocument();
    expect(screen.getByText('You cancelled the payment. Nothing was charged.')).toBeInTheDocument();
    expect(screen.queryByText(/Error, please try again/)).toBeNull();
    expect(await screen.findByRole('link', { name: 'Back to where you were' })).toHaveAttribute(
      'href',
      paths.recharge,
    );
  });

  it('only a real failure is an error', async () => {
    stubFetch(() => missing());
    renderAt(paths.payError, <PayErrorPage />, paths.payError);
    expect(
      await screen.findByRole('heading', { name: 'Payment not completed' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/^Error, please try again\./)).toHaveAttribute('role', 'alert');
    expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute(
      'href',
      paths.home.purchaseLessonPlan,
    );
  });

  it('/paySuccess without an order settles to a way forward', async () => {
    stubFetch(() => missing());
    renderAt(paths.paySuccess, <PaySuccessPage />, paths.paySuccess);
    expect(await screen.findByText('No payment to show')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Transaction History' })).toBeInTheDocument();
  });

  it('/checkout/local without a session settles, and with one it does not ask the method again', async () => {
    stubFetch(() => missing());
    const first = renderAt(paths.localCheckout, <LocalCheckoutPage />, paths.localCheckout);
    expect(await screen.findByText('No checkout open')).toBeInTheDocument();
    first.unmount();

    stubFetch((url) =>
      url.includes('/api/local-checkout/session')
        ? ok({ session: 'lcs_1', order: { ...order, pay_method: 2 } })
        : missing(),
    );
    renderAt(`${paths.localCheckout}?session=lcs_1`, <LocalCheckoutPage />, paths.localCheckout);
    expect(await screen.findByRole('button', { name: 'Pay $349.00' })).toBeInTheDocument();
    expect(screen.queryByRole('radiogroup', { name: 'Payment method' })).toBeNull();
    expect(screen.getByText('Mobile wallet')).toBeInTheDocument();
  });
});

describe('top-up when loading fails', () => {
  it('shows no invented balance and offers a retry that loads the packages', async () => {
    let fail = true;
    stubFetch((url) => {
      if (url.includes('/api/recharge/quantity'))
        return fail
          ? { status: 500, body: { code: 500, msg: 'Server error', data: null } }
          : ok({
              balance: 56,
              list: [
                {
                  id: 1,
                  title: '10 credits',
                  price: 99,
                  currency: 'USD',
                  quantity: 10,
                  extra_quantity: 0,
                },
              ],
            });
      return missing();
    });
    renderAt(paths.recharge, <RechargePage />, paths.recharge);
    expect(await screen.findByText('Could not load')).toBeInTheDocument();
    expect(screen.queryByText(/Balance:/)).toBeNull();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Balance: 56 credits')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /10 credits/ })).toBeInTheDocument();
  });

  it('says it is offline when the network failed the load, not that it could not load (zh_CN)', async () => {
    await i18n.changeLanguage('zh_CN');
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    globalThis.fetch = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
    renderAt(paths.recharge, <RechargePage />, paths.recharge);
    const alert = (await screen.findByText('您已离线')).closest<HTMLElement>('[role=alert]')!;
    expect(alert).toHaveTextContent('恢复联网后即可显示。');
    expect(alert).not.toHaveTextContent('加载失败');
    // Online again but the server out of reach: it says that instead.
    online.mockReturnValue(true);
    await userEvent.click(within(alert).getByRole('button', { name: '重试' }));
    expect(await screen.findByText('无法连接服务器，请检查网络后重试。')).toBeInTheDocument();
    online.mockRestore();
    await i18n.changeLanguage('en');
  });
});

describe('PurchaseLessonPlan', () => {
  const plan = (id: number, kids: number, price: number) => ({
    id,
    title: `Monthly pass · ${kids} kids`,
    remarks: '',
    describe: '',
    price,
    currency: 'USD',
    tags: [],
    color: '',
    is_icon_show: false,
    plan_details: [],
    discount: 0,
    kids,
  });

  it('marks the plan held and sells the same credit packages as /recharge', async () => {
    const calls = stubFetch((url) => {
      if (url.includes('/api/user/profile'))
        return ok(
          profileFixture({
            user_sn: 'P1',
            name: 'Wang Fang',
            time_zone: null,
            member_status: 1,
            member_kids: 2,
            member_type: 1,
            child_limit: 2,
          }),
        );
      if (url.includes('/api/getKidsTypeList')) return ok([{ kids: 2 }]);
      if (url.includes('/api/getPlanList')) return ok([plan(7, 2, 349), plan(8, 2, 399)]);
      if (url.includes('/api/getMyPlanList'))
        return ok([
          {
            plan_id: 7,
            title: 'Monthly pass · 2 kids',
            kids: 2,
            price: 349,
            currency: 'USD',
            renew_at: '',
            expire_at: '2026-12-24',
            member_pay_method_type: 1,
            member_pay_method_name: 'Card',
            is_auto_renew: true,
          },
        ]);
      if (url.includes('/api/getHidePlanList'))
        return ok({
          is_show: false,
          seconds_left: 0,
          plan_info: null,
          good_info: null,
          regular_price: null,
        });
      if (url.includes('/api/recharge/quantity'))
        return ok({
          balance: 56,
          list: [
            {
              id: 1,
              title: '10 credits',
              price: 99,
              currency: 'USD',
              quantity: 10,
              extra_quantity: 0,
            },
          ],
        });
      if (url.includes('/api/testStripe'))
        return ok({ sessionId: 'lcs_1', url: '/checkout/local?session=lcs_1' });
      return missing();
    });
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    renderAt(paths.home.purchaseLessonPlan, <PurchasePlanPage />, paths.home.purchaseLessonPlan);
    const cards = await screen.findAllByTestId('plan-card');
    await screen.findByText('Your plan');
    expect(cards[0]).toHaveAttribute('aria-current', 'true');
    expect(within(cards[0]!).getByRole('button', { name: 'This is your plan' })).toBeDisabled();
    expect(cards[1]).not.toHaveAttribute('aria-current');
    expect(within(cards[1]!).getByRole('button', { name: 'Change to this plan' })).toBeEnabled();

    const credits = await screen.findByTestId('credit-card');
    expect(credits).toHaveTextContent('$99.00');
    await userEvent.click(within(credits).getByRole('button', { name: 'Buy 10 credits' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/checkout/local?session=lcs_1'));
    const checkout = calls.find((call) => call.url.includes('/api/testStripe'));
    expect(JSON.parse(String(checkout?.init?.body))).toEqual({ lessons_goods_id: 1 });
    expect(calls.some((call) => call.url.includes('/api/buyCredit'))).toBe(false);
    vi.restoreAllMocks();
  });
});

describe('credit history', () => {
  it('shows what a reservation does to available and held credits, and the balance after', async () => {
    stubFetch((url) => {
      if (url.includes('/api/account-logs/creditPC'))
        return {
          body: {
            code: 200,
            msg: 'ok',
            total: 2,
            data: [
              {
                id: 2,
                created_at: '2026-11-24 10:00',
                title: 'Reserved: Reading',
                message: '3 reserved for a scheduled lesson',
                quantity: 0,
                event: 'reserve',
                available_change: -3,
                held_change: 3,
                balance_after: 22,
                available_after: 19,
              },
              {
                id: 1,
                created_at: '2026-11-24 09:00',
                title: 'Purchased 22 credits',
                message: 'Purchase',
                quantity: 22,
                event: 'purchase',
                available_change: 22,
                held_change: 0,
                balance_after: 22,
                available_after: 22,
              },
            ],
          },
        };
      if (url.includes('/api/reward-setting')) return ok([]);
      return missing();
    });
    renderAt(paths.payHistory, <PayHistoryPage />, paths.payHistory);
    const reserve = (await screen.findByText('Reserved: Reading')).closest('tr')!;
    expect(within(reserve).getByText('−3')).toBeInTheDocument();
    expect(within(reserve).getByText('+3')).toBeInTheDocument();
    expect(within(reserve).getByText('22 (19 available)')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Balance after' })).toBeInTheDocument();
  });

  it('on a phone, each row is a card with its ± credits in view', async () => {
    const media = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      ...media(query),
      matches: query.includes('max-width'),
    })) as typeof window.matchMedia;
    stubFetch((url) => {
      if (url.includes('/api/account-logs/creditPC'))
        return {
          body: {
            code: 200,
            msg: 'ok',
            total: 1,
            data: [
              {
                id: 1,
                created_at: '2026-11-24 09:00',
                title: 'Purchased 20 credits',
                message: 'Purchase',
                quantity: 20,
                event: 'purchase',
                available_change: 20,
                held_change: 0,
                balance_after: 20,
                available_after: 20,
              },
            ],
          },
        };
      if (url.includes('/api/reward-setting')) return ok([]);
      return missing();
    });
    renderAt(paths.payHistory, <PayHistoryPage />, paths.payHistory);
    const list = await screen.findByRole('list', { name: 'Credit history' });
    expect(screen.queryByRole('table')).toBeNull();
    const card = within(list).getByRole('listitem');
    expect(card).toHaveTextContent('Purchased 20 credits');
    expect(card).toHaveTextContent('+20');
    expect(card).toHaveTextContent('Balance after20 (20 available)');
    window.matchMedia = media;
  });
});
