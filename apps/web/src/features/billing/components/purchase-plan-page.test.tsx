import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { paths } from '../../../config/paths';
import { i18n } from '../../../lib/i18n';
import { storage } from '../../../lib/storage';
import { profileFixture } from '../../../test/profile';
import { renderWithProviders, stubFetch } from '../../../test/render';
import { PurchasePlanPage } from './purchase-plan-page';

const plan = {
  id: 7,
  title: 'Unlimited · 2 kids',
  remarks: '',
  describe: 'Two children',
  price: 349,
  currency: 'USD',
  tags: [],
  color: '#c2410c',
  is_icon_show: false,
  plan_details: [],
  discount: 0,
  kids: 2,
};
const profile = (memberStatus: number) =>
  profileFixture({
    user_sn: 'P1',
    name: 'Wang Fang',
    time_zone: null,
    member_status: memberStatus,
    member_kids: memberStatus ? 2 : 0,
    member_type: memberStatus,
    child_limit: 2,
  });

function ChangePlanStandIn() {
  const location = useLocation();
  return <p>ChangePlan{location.search}</p>;
}

function renderPage() {
  return renderWithProviders(
    <Routes>
      <Route path={paths.home.purchaseLessonPlan} element={<PurchasePlanPage />} />
      <Route path={paths.home.changePlan} element={<ChangePlanStandIn />} />
    </Routes>,
    { route: paths.home.purchaseLessonPlan },
  );
}

const ok = (data: unknown) => ({ body: { code: 200, msg: 'ok', data } });

describe('PurchaseLessonPlan (decision 029: one plan at a time)', () => {
  beforeEach(async () => {
    storage.setToken('test-token');
    await i18n.changeLanguage('en');
  });
  afterEach(() => i18n.changeLanguage('en'));

  it('goes on to ChangePlan when the server says a plan was bought meanwhile (another tab)', async () => {
    let isMember = false;
    const calls = stubFetch((url) => {
      if (url.includes('/api/user/profile')) return ok(profile(isMember ? 1 : 0));
      if (url.includes('/api/getKidsTypeList')) return ok([{ kids: 2 }]);
      if (url.includes('/api/getPlanList')) return ok([plan]);
      if (url.includes('/api/getCreatPlanList')) return ok({ plans: [plan], goods: [] });
      if (url.includes('/api/getHidePlanList'))
        return ok({ is_show: false, seconds_left: 0, plan_info: null, good_info: null });
      if (url.includes('/api/buyMember')) {
        // The plan paid in the other tab is now active.
        isMember = true;
        return {
          status: 409,
          body: {
            code: 409,
            msg: 'You already have an active plan. Change it instead.',
            data: null,
          },
        };
      }
      return { status: 404, body: { code: 404, msg: '', data: null } };
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Choose this plan' }));
    expect(await screen.findByText('ChangePlan?plan_id=7')).toBeInTheDocument();
    expect(calls.filter((call) => call.url.includes('/api/buyMember'))).toHaveLength(1);
  });

  it('sends a member to ChangePlan without ordering anything', async () => {
    const calls = stubFetch((url) => {
      if (url.includes('/api/user/profile')) return ok(profile(1));
      if (url.includes('/api/getKidsTypeList')) return ok([{ kids: 2 }]);
      if (url.includes('/api/getPlanList')) return ok([plan]);
      if (url.includes('/api/getCreatPlanList')) return ok({ plans: [plan], goods: [] });
      if (url.includes('/api/getHidePlanList'))
        return ok({ is_show: false, seconds_left: 0, plan_info: null, good_info: null });
      return { status: 404, body: { code: 404, msg: '', data: null } };
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Change to this plan' }));
    expect(await screen.findByText('ChangePlan?plan_id=7')).toBeInTheDocument();
    expect(calls.some((call) => call.url.includes('/api/buyMember'))).toBe(false);
  });
});
