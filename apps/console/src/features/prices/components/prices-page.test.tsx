import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PriceList, PricePlan } from '@portal/shared/staff';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { memberOf, ok, renderWithProviders, stubFetch } from '../../../test/render';
import { PricesPage } from './prices-page';

const admin = memberOf('admin');

const plan = (overrides: Partial<PricePlan>): PricePlan => ({
  id: 1,
  titleEn: 'Monthly pass · 2 kids',
  titleZh: '月卡 · 2 个孩子',
  remarksEn: 'Billed monthly',
  remarksZh: '按月付费',
  descriptionEn: 'Unlimited live lessons for 2 children.',
  descriptionZh: '2 个孩子不限次数上直播课。',
  detailsEn: 'Unlimited lessons\nAll subjects',
  detailsZh: '不限课时\n全部科目',
  tagsEn: 'Most popular',
  tagsZh: '最受欢迎',
  color: '#c2410c',
  showsIcon: true,
  kids: 2,
  priceMinor: 34_900,
  currency: 'USD',
  discount: 0,
  sort: 1,
  isOffer: false,
  offerStartsAt: null,
  offerEndsAt: null,
  retiredAt: null,
  state: 'on-sale',
  providerPriceId: null,
  ...overrides,
});

const list: PriceList = {
  packages: [
    {
      id: 7,
      titleEn: '20 credits',
      titleZh: '20 课时',
      quantity: 20,
      extraQuantity: 2,
      priceMinor: 18_900,
      currency: 'USD',
      sort: 1,
      isActive: true,
      providerPriceId: null,
    },
    {
      id: 8,
      titleEn: 'Old pack',
      titleZh: '旧课时包',
      quantity: 5,
      extraQuantity: 0,
      priceMinor: 5_000,
      currency: 'USD',
      sort: 2,
      isActive: false,
      providerPriceId: null,
    },
  ],
  plans: [
    plan({}),
    plan({
      id: 4,
      titleEn: 'Holiday offer · 2 kids',
      titleZh: '假日特惠 · 2 个孩子',
      tagsEn: 'Limited time',
      tagsZh: '限时',
      color: '#7048e8',
      priceMinor: 29_900,
      discount: 14,
      isOffer: true,
      offerStartsAt: null,
      offerEndsAt: '2026-11-30T00:00:00.000Z',
    }),
  ],
  goods: [
    {
      id: 3,
      quantity: 30,
      descriptionEn: 'Offer: 30 credits',
      descriptionZh: '特惠：30 课时',
      priceMinor: 24_900,
      currency: 'USD',
      sort: 0,
      isActive: true,
      providerPriceId: null,
    },
  ],
};

const bodyOf = (call: { init?: RequestInit }) => JSON.parse(String(call.init?.body)) as unknown;

function serve(refuse?: { url: string; msg: string }) {
  return stubFetch((url, init) => {
    if (refuse && url === refuse.url && init?.method === 'POST')
      return { status: 400, body: { code: 400, msg: refuse.msg, data: null } };
    if (url === '/api/ops/prices') return ok(list);
    return ok({ id: 99 });
  });
}

const JOURNEY = { timeout: 30_000 };
configure({ asyncUtilTimeout: 8000 });

beforeEach(async () => {
  await changeLanguage('en');
});

describe('the prices page', JOURNEY, () => {
  it('lists the packages with their prices and state, a retired one without edit', async () => {
    serve();
    renderWithProviders(<PricesPage />, { route: '/prices', me: admin });
    const table = await screen.findByRole('table', { name: 'Credit packages' });
    const row = within(table).getByText('20 credits').closest('tr')!;
    expect(within(row).getByText('$189.00')).toBeInTheDocument();
    expect(within(row).getByText('On sale')).toBeInTheDocument();
    const old = within(table).getByText('Old pack').closest('tr')!;
    expect(within(old).getByText('Retired')).toBeInTheDocument();
    expect(within(old).queryByRole('button', { name: 'Edit Old pack' })).toBeNull();
    expect(within(old).getByRole('button', { name: 'Preview Old pack' })).toBeInTheDocument();
  });

  it('edits a package price typed in major units and sends minor units', async () => {
    const user = userEvent.setup();
    const calls = serve();
    renderWithProviders(<PricesPage />, { route: '/prices', me: admin });
    await user.click(await screen.findByRole('button', { name: 'Edit 20 credits' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit 20 credits' });
    const price = within(dialog).getByLabelText('Price');
    expect(price).toHaveValue('189.00');
    await user.clear(price);
    await user.type(price, '199.5');
    // The live preview shows the new price in both languages.
    const preview = within(dialog).getByTestId('price-preview');
    expect(await within(preview).findAllByText('$199.50')).toHaveLength(2);
    expect(within(preview).getByText('+2 free credits')).toBeInTheDocument();
    expect(within(preview).getByText('赠送 2 课时')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    const post = calls.find((call) => call.init?.method === 'POST')!;
    expect(post.url).toBe('/api/ops/prices/packages/7');
    expect(bodyOf(post)).toEqual({
      titleEn: '20 credits',
      titleZh: '20 课时',
      quantity: 20,
      extraQuantity: 2,
      priceMinor: 19_950,
      currency: 'USD',
      sort: 1,
    });
  });

  it('refuses an empty price in the form, and shows the server refusal at its field', async () => {
    const user = userEvent.setup();
    const calls = serve({
      url: '/api/ops/prices/goods/3',
      msg: 'Enter the currency as three capital letters, such as USD or CNY.',
    });
    renderWithProviders(<PricesPage />, { route: '/prices?tab=goods', me: admin });
    await user.click(await screen.findByRole('button', { name: 'Edit Offer: 30 credits' }));
    const dialog = await screen.findByRole('dialog');
    const price = within(dialog).getByLabelText('Price');
    await user.clear(price);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('Enter a price from 0.50 to 1,000,000.00.'),
    ).toBeInTheDocument();
    expect(calls.some((call) => call.init?.method === 'POST')).toBe(false);
    await user.type(price, '249');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText(
        'Enter the currency as three capital letters, such as USD or CNY.',
      ),
    ).toBeInTheDocument();
  });

  it('adds an offer: its end before its start is refused, then saved with ISO times', async () => {
    const user = userEvent.setup();
    const calls = serve();
    renderWithProviders(<PricesPage />, { route: '/prices?tab=offers', me: admin });
    const table = await screen.findByRole('table', { name: 'Time-limited offers' });
    expect(within(table).getByText('Holiday offer · 2 kids')).toBeInTheDocument();
    expect(within(table).getByText('At once')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add an offer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a time-limited offer' });
    await user.type(within(dialog).getByLabelText('Title (English)'), 'Spring offer');
    await user.type(within(dialog).getByLabelText('Title (Chinese)'), '春季特惠');
    const kids = within(dialog).getByLabelText('Children covered');
    await user.clear(kids);
    await user.type(kids, '2');
    await user.type(within(dialog).getByLabelText('Price per month'), '299');
    const starts = within(dialog).getByLabelText('Offer starts');
    const ends = within(dialog).getByLabelText('Offer ends');
    await user.type(starts, '2026-12-10T09:00');
    await user.type(ends, '2026-12-01T09:00');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('The offer must end after it starts.'),
    ).toBeInTheDocument();
    expect(calls.some((call) => call.init?.method === 'POST')).toBe(false);
    // The preview strikes through the regular 2-kids price in both languages.
    const preview = within(dialog).getByTestId('price-preview');
    expect(within(preview).getByText('Regular price $349.00')).toBeInTheDocument();
    expect(within(preview).getByText('原价 $349.00')).toBeInTheDocument();
    expect(within(preview).getByText('Save $50.00 a month')).toBeInTheDocument();
    expect(within(preview).getByText('每月省 $50.00')).toBeInTheDocument();

    await user.clear(ends);
    await user.type(ends, '2026-12-20T09:00');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    const post = calls.find((call) => call.init?.method === 'POST')!;
    expect(post.url).toBe('/api/ops/prices/plans');
    expect(bodyOf(post)).toMatchObject({
      titleEn: 'Spring offer',
      titleZh: '春季特惠',
      kids: 2,
      priceMinor: 29_900,
      currency: 'USD',
      isOffer: true,
      offerStartsAt: new Date('2026-12-10T09:00').toISOString(),
      offerEndsAt: new Date('2026-12-20T09:00').toISOString(),
    });
  });

  it('previews a plan as parents see it, English and Chinese side by side', async () => {
    const user = userEvent.setup();
    serve();
    renderWithProviders(<PricesPage />, { route: '/prices?tab=plans', me: admin });
    await user.click(await screen.findByRole('button', { name: 'Preview Monthly pass · 2 kids' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Monthly pass · 2 kids as parents see it',
    });
    const english = within(dialog).getByRole('group', { name: 'English' });
    const chinese = within(dialog).getByRole('group', { name: '中文' });
    expect(within(english).getByText('Monthly pass · 2 kids')).toBeInTheDocument();
    expect(within(english).getByText('/ month')).toBeInTheDocument();
    expect(within(english).getByText('All subjects')).toBeInTheDocument();
    expect(within(chinese).getByText('月卡 · 2 个孩子')).toBeInTheDocument();
    expect(within(chinese).getByText('最受欢迎')).toBeInTheDocument();
    expect(within(chinese).getByText('/ 月')).toBeInTheDocument();
    expect(within(chinese).getByText('全部科目')).toBeInTheDocument();
  });

  it('retires an item after confirming', async () => {
    const user = userEvent.setup();
    const calls = serve();
    renderWithProviders(<PricesPage />, { route: '/prices', me: admin });
    await user.click(await screen.findByRole('button', { name: 'Retire 20 credits' }));
    const dialog = await screen.findByRole('dialog', { name: 'Retire 20 credits?' });
    expect(within(dialog).getByText(/Orders already made keep their price/)).toBeInTheDocument();
    expect(calls.some((call) => call.url.endsWith('/retire'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Retire' }));
    expect(await screen.findByText('20 credits is retired.')).toBeInTheDocument();
    expect(calls.filter((call) => call.url === '/api/ops/prices/packages/7/retire')).toHaveLength(
      1,
    );
  });

  it('reads in Chinese', async () => {
    await changeLanguage('zh_CN');
    serve();
    renderWithProviders(<PricesPage />, { route: '/prices?tab=offers', me: admin });
    const table = await screen.findByRole('table', { name: '限时优惠' });
    const row = within(table).getByText('假日特惠 · 2 个孩子').closest('tr')!;
    expect(within(row).getByText('在售')).toBeInTheDocument();
    expect(within(row).getByText('立即')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '课时包' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '添加限时优惠' })).toBeInTheDocument();
  });
});
