import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { storage } from '../../../lib/storage';
import { renderWithProviders, stubFetch } from '../../../test/render';
import { ChangePlanPage } from './change-plan-page';

const plan = {
  id: 5,
  title: 'Unlimited · 3 kids',
  remarks: '',
  describe: '',
  price: 469,
  currency: 'USD',
  tags: [],
  color: '#c2410c',
  is_icon_show: false,
  plan_details: [],
  discount: 0,
  kids: 3,
};
const current = {
  plan_id: 4,
  title: 'Unlimited · 1 kid',
  kids: 1,
  price: 199,
  currency: 'USD',
  renew_at: '2026-12-20',
  expire_at: '2026-12-20',
  member_pay_method_type: 1,
  member_pay_method_name: 'Card',
  is_auto_renew: true,
};
const quote = {
  current,
  chosen: plan,
  price_change: 270,
  kids_change: 2,
  starts_at: '2026-11-30',
  unused_days: 19,
  period_days: 30,
  credit: 126.03,
  amount_due: 342.97,
  new_expire_at: '2026-12-30',
  can_change: true,
  reason: '',
};
const order = {
  order_no: 'O20261130ABC',
  order_title: plan.title,
  order_details: [],
  order_price_name: '$342.97',
  order_price: 342.97,
  currency: 'USD',
  member_end_at: '2026-12-30',
  kind: 'plan',
  status: 'pending',
  username: '',
  mobile: '',
  email: '',
  pay_method: 1,
  quantity: 0,
  extra_quantity: 0,
  date: '2026-11-30',
  pay_method_name: '',
  is_recurring: false,
  renewal_price: 0,
};

function answer(change: object, mine: object[] = [current]) {
  return stubFetch((url) => {
    if (url.includes('/api/getMyChangePlan'))
      return { body: { code: 200, msg: 'ok', data: change } };
    if (url.includes('/api/getMyPlanList')) return { body: { code: 200, msg: 'ok', data: mine } };
    if (url.includes('/api/buyMember')) return { body: { code: 200, msg: 'ok', data: order } };
    // The header's own calls (profile, balance) are not what this screen is about.
    return { status: 404, body: { code: 404, msg: '', data: null } };
  });
}

describe('ChangePlan (decision 029: the change is prorated to the day and shown before paying)', () => {
  beforeEach(() => storage.setToken('test-token'));
  afterEach(() => i18n.changeLanguage('en'));

  it('shows the credit for the unused days and the amount due, and orders the change', async () => {
    await i18n.changeLanguage('en');
    const calls = answer(quote);
    renderWithProviders(<ChangePlanPage />, { route: '/ChangePlan?plan_id=5' });
    const changes = await screen.findByRole('region', { name: 'What changes' });
    expect(within(changes).getByText('19 of 30 days')).toBeInTheDocument();
    expect(within(changes).getByText('−$126.03')).toBeInTheDocument();
    expect(within(changes).getByTestId('amount-due')).toHaveTextContent('$342.97');
    expect(within(changes).getByText('2026-12-30')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Confirm and pay' }));
    const buy = calls.find((call) => call.url.includes('/api/buyMember'));
    expect(JSON.parse(String(buy?.init?.body))).toEqual({ plan_id: 5, change: 1 });
  });

  it('says why a change cannot be made now and does not let it be confirmed (zh_CN)', async () => {
    await i18n.changeLanguage('zh_CN');
    const reason =
      '您当前月卡未使用的部分已足够抵扣此次变更。您可在当前月卡于 2026-12-20 到期后再选择。';
    const calls = answer({
      ...quote,
      chosen: { ...plan, price: 1 },
      credit: 126.03,
      amount_due: 0,
      can_change: false,
      reason,
    });
    renderWithProviders(<ChangePlanPage />, { route: '/ChangePlan?plan_id=5' });
    expect(await screen.findByRole('alert')).toHaveTextContent(reason);
    expect(screen.getByText('今日应付')).toBeInTheDocument();
    const confirm = screen.getByRole('button', { name: '确认并支付' });
    expect(confirm).toBeDisabled();
    await userEvent.click(confirm);
    expect(calls.some((call) => call.url.includes('/api/buyMember'))).toBe(false);
  });

  // Decision 034: every screen settles, whatever its query parameters.
  it('without plan_id shows the current plan and leads to the plan list (member)', async () => {
    await i18n.changeLanguage('en');
    const calls = answer(quote);
    renderWithProviders(<ChangePlanPage />, { route: '/ChangePlan' });
    expect(await screen.findByText('Choose the plan to change to')).toBeInTheDocument();
    expect(screen.getByText('Unlimited · 1 kid')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See plans' })).toHaveAttribute(
      'href',
      '/home/children/PurchaseLessonPlan',
    );
    expect(calls.some((call) => call.url.includes('/api/getMyChangePlan'))).toBe(false);
  });

  it('without plan_id tells a parent without a plan to pick one first (zh_CN)', async () => {
    await i18n.changeLanguage('zh_CN');
    answer(quote, []);
    renderWithProviders(<ChangePlanPage />, { route: '/ChangePlan?plan_id=abc' });
    expect(await screen.findByText('您还没有月卡')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '选择月卡' })).toBeInTheDocument();
  });

  it('says a plan that is not on sale is not available, with a retry and the plan list', async () => {
    await i18n.changeLanguage('en');
    let fail = true;
    const calls = stubFetch((url) => {
      if (url.includes('/api/getMyChangePlan'))
        return fail
          ? { status: 404, body: { code: 404, msg: 'This plan is not available.', data: null } }
          : { body: { code: 200, msg: 'ok', data: quote } };
      return { status: 404, body: { code: 404, msg: '', data: null } };
    });
    renderWithProviders(<ChangePlanPage />, { route: '/ChangePlan?plan_id=999999' });
    // The page's own message, and no second one in a toast (the query is silent).
    const alert = await screen.findByText('Not available');
    expect(alert.closest('[role="alert"]')).toHaveTextContent('This plan is not available.');
    expect(screen.getAllByText('This plan is not available.')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'See plans' })).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'What changes' })).toBeInTheDocument();
    expect(calls.filter((call) => call.url.includes('/api/getMyChangePlan'))).toHaveLength(2);
  });
});
