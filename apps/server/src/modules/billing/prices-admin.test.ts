import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PriceGoodBody, PricePackageBody, PricePlanBody } from '@portal/shared/staff';
import { createSignedInParent } from '../../../test/factories/parents';
import type { TestApp } from '../../../test/helpers/app';
import { buildOpsTestApp, STAFF_IDS } from '../../../test/helpers/ops';
import type { AppContext } from '../../app-context';
import { rowsOf } from '../../db/client';
import { WEBHOOK_PATH } from '../../http/platform/payments.routes';
import type { PaymentProvider } from '../../providers/payments/payments';
import type { LocalPaymentProvider } from '../../providers/payments/local-payments';
import { checkoutOrder, checkoutPackage, getOrder, orderPlan } from './orders.service';
import {
  createGood,
  createPackage,
  createPlan,
  listPrices,
  retireGood,
  retirePackage,
  retirePlan,
  updateGoodById,
  updatePackageById,
  updatePlanById,
} from './prices-admin.service';
import { getCreditPackages, getKidsCounts, getPlans, getTimeLimitedOffer } from './shop.service';

/**
 * Prices edited by the school (issue #23, decision 048 §7) against the real database: a change
 * never alters an order already made (it is paid at its own price), the provider's prices are
 * made and archived to match (Stripe, through a spy) and need nothing locally, offers are on sale
 * from their start to their end, retired items are no longer sold, and every write is audited.
 */
let t: TestApp;
const actor = { staffId: STAFF_IDS.admin, ip: '10.0.0.1' };
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await buildOpsTestApp();
  t.clock.set('2026-11-22T02:00:00Z');
});
afterAll(() => t.close());

const packageBody = (overrides: Partial<PricePackageBody> = {}): PricePackageBody => ({
  titleEn: '30 credits',
  titleZh: '30 课时',
  quantity: 30,
  extraQuantity: 3,
  priceMinor: 27_900,
  currency: 'USD',
  sort: 5,
  ...overrides,
});

const planBody = (overrides: Partial<PricePlanBody> = {}): PricePlanBody => ({
  titleEn: 'Monthly pass · 4 kids',
  titleZh: '月卡 · 4 个孩子',
  remarksEn: 'Billed monthly',
  remarksZh: '按月付费',
  descriptionEn: 'Unlimited live lessons for 4 children.',
  descriptionZh: '4 个孩子不限次数上直播课。',
  detailsEn: 'Unlimited lessons\nAll subjects',
  detailsZh: '不限课时\n全部科目',
  tagsEn: 'Family',
  tagsZh: '家庭',
  color: '#c2410c',
  showsIcon: false,
  kids: 4,
  priceMinor: 55_900,
  currency: 'USD',
  discount: 0,
  sort: 4,
  isOffer: false,
  offerStartsAt: null,
  offerEndsAt: null,
  ...overrides,
});

const goodBody = (overrides: Partial<PriceGoodBody> = {}): PriceGoodBody => ({
  quantity: 30,
  descriptionEn: 'Offer: 30 credits',
  descriptionZh: '特惠：30 课时',
  priceMinor: 24_900,
  currency: 'USD',
  sort: 0,
  ...overrides,
});

/** The app's context with a Stripe-like provider whose price calls are spied on. */
function withSpyProvider() {
  const syncPrice = vi.fn<PaymentProvider['syncPrice']>((request) =>
    Promise.resolve(`price_${request.itemKey.replace(':', '_')}_${request.amountMinor}`),
  );
  const archivePrice = vi.fn<PaymentProvider['archivePrice']>(() => Promise.resolve());
  const payments: PaymentProvider = {
    ...t.ctx.providers.payments,
    kind: 'stripe',
    syncPrice,
    archivePrice,
  };
  const ctx: AppContext = { ...t.ctx, providers: { ...t.ctx.providers, payments } };
  return { ctx, syncPrice, archivePrice };
}

async function auditOf(targetType: string, targetId: number) {
  return rowsOf<{ action: string; staff_id: number; ip: string; before: unknown; after: unknown }>(
    await t.ctx.db.execute(
      sql`select action, staff_id, ip, before, after from audit_log
          where target_type = ${targetType} and target_id = ${String(targetId)} order by id`,
    ),
  );
}

/** A paid checkout notification for one of our sessions, signed like the provider's. */
async function deliverPaid(sessionId: string, orderNo: string, amount: number, userSn: string) {
  const payload = JSON.stringify({
    id: `evt_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    type: 'checkout.session.completed',
    data: {
      object: {
        id: sessionId,
        object: 'checkout.session',
        payment_status: 'paid',
        amount_total: amount,
        currency: 'usd',
        client_reference_id: orderNo,
        metadata: { order_no: orderNo, user_sn: userSn },
        subscription: null,
      },
    },
  });
  const payments = t.ctx.providers.payments as LocalPaymentProvider;
  const response = await t.app.inject({
    method: 'POST',
    url: WEBHOOK_PATH,
    headers: {
      'content-type': 'application/json',
      'stripe-signature': await payments.sign(payload),
    },
    payload,
  });
  expect(response.statusCode).toBe(200);
  return response.json().data.outcome as string;
}

describe('a price change and the orders already made', () => {
  it('leaves a pending package order at its amount, and that order pays at its own price', async () => {
    const f = await createSignedInParent(t.ctx, { language: 'en' });
    const { id } = await createPackage(t.ctx, packageBody({ priceMinor: 18_900 }), actor);
    const createCheckout = vi.spyOn(t.ctx.providers.payments, 'createCheckout');
    const first = await checkoutPackage(t.ctx, f.parent.id, id, (title) => title.en);
    const [order] = rowsOf<{ order_no: string; amount_minor: number }>(
      await t.ctx.db.execute(
        sql`select order_no, amount_minor from orders where parent_id = ${f.parent.id}`,
      ),
    );
    expect(order!.amount_minor).toBe(18_900);

    await updatePackageById(t.ctx, id, packageBody({ priceMinor: 21_900 }), actor);
    expect((await getOrder(t.ctx, f.parent.id, order!.order_no)).amountMinor).toBe(18_900);
    // The checkout reopened for it (another pay method) still charges the order's amount.
    await t.ctx.db.execute(
      sql`update orders set pay_method = 2 where order_no = ${order!.order_no}`,
    );
    await checkoutOrder(t.ctx, f.parent.id, order!.order_no, (title) => title.en);
    expect(createCheckout.mock.calls.map(([request]) => request.amountMinor)).toEqual([
      18_900, 18_900,
    ]);
    createCheckout.mockRestore();

    expect(await deliverPaid(first.sessionId, order!.order_no, 18_900, f.parent.user_sn)).toBe(
      'fulfilled',
    );
    const paid = await getOrder(t.ctx, f.parent.id, order!.order_no);
    expect(paid).toMatchObject({ status: 'paid', amountMinor: 18_900 });
    // The parent sees the new price from now on.
    const { packages } = await getCreditPackages(t.ctx, f.parent.id);
    expect(packages.find((pkg) => pkg.id === id)?.priceMinor).toBe(21_900);
  });

  it('leaves a pending plan order at its amount after the plan is repriced or retired, and it pays', async () => {
    const f = await createSignedInParent(t.ctx, { language: 'en' });
    const { id } = await createPlan(t.ctx, planBody({ kids: 5, priceMinor: 60_000 }), actor);
    const order = await orderPlan(t.ctx, f.parent.id, id);
    await updatePlanById(t.ctx, id, planBody({ kids: 5, priceMinor: 65_000 }), actor);
    expect((await getOrder(t.ctx, f.parent.id, order.orderNo)).amountMinor).toBe(60_000);
    expect((await getPlans(t.ctx, 5)).map((plan) => plan.priceMinor)).toEqual([65_000]);

    // Even once the plan is retired, the order made before is paid at its own price.
    await retirePlan(t.ctx, id, actor);
    const { sessionId } = await checkoutOrder(
      t.ctx,
      f.parent.id,
      order.orderNo,
      (title) => title.en,
    );
    expect(await deliverPaid(sessionId, order.orderNo, 60_000, f.parent.user_sn)).toBe('fulfilled');
    expect(await getOrder(t.ctx, f.parent.id, order.orderNo)).toMatchObject({
      status: 'paid',
      amountMinor: 60_000,
    });
  });
});

describe("the provider's prices", () => {
  it('are made, replaced and archived on Stripe, with the previous price named', async () => {
    const { ctx, syncPrice, archivePrice } = withSpyProvider();
    const { id } = await createPlan(ctx, planBody({ kids: 6, priceMinor: 70_000 }), actor);
    expect(syncPrice).toHaveBeenCalledWith({
      itemKey: `plan:${id}`,
      name: 'Monthly pass · 4 kids',
      amountMinor: 70_000,
      currency: 'USD',
      recurring: true,
      previousPriceId: null,
    });
    const find = async () => (await listPrices(t.ctx)).plans.find((plan) => plan.id === id)!;
    expect((await find()).providerPriceId).toBe(`price_plan_${id}_70000`);

    // A text-only edit keeps the price; a new amount makes one and names the old one.
    await updatePlanById(ctx, id, planBody({ kids: 6, priceMinor: 70_000, tagsEn: 'New' }), actor);
    expect(syncPrice).toHaveBeenCalledTimes(1);
    await updatePlanById(ctx, id, planBody({ kids: 6, priceMinor: 72_000 }), actor);
    expect(syncPrice).toHaveBeenLastCalledWith(
      expect.objectContaining({ amountMinor: 72_000, previousPriceId: `price_plan_${id}_70000` }),
    );
    expect((await find()).providerPriceId).toBe(`price_plan_${id}_72000`);

    await retirePlan(ctx, id, actor);
    expect(archivePrice).toHaveBeenCalledWith(`price_plan_${id}_72000`);

    const pkg = await createPackage(ctx, packageBody(), actor);
    expect(syncPrice).toHaveBeenLastCalledWith(
      expect.objectContaining({ itemKey: `package:${pkg.id}`, recurring: false }),
    );
    await retirePackage(ctx, pkg.id, actor);
    expect(archivePrice).toHaveBeenLastCalledWith(`price_package_${pkg.id}_27900`);
    const good = await createGood(ctx, goodBody(), actor);
    await updateGoodById(ctx, good.id, goodBody({ priceMinor: 19_900 }), actor);
    expect(syncPrice).toHaveBeenLastCalledWith(
      expect.objectContaining({
        itemKey: `good:${good.id}`,
        amountMinor: 19_900,
        previousPriceId: `price_good_${good.id}_24900`,
      }),
    );
    await retireGood(ctx, good.id, actor);
    expect(archivePrice).toHaveBeenLastCalledWith(`price_good_${good.id}_19900`);
  });

  it('keep one chain under concurrent edits: each new price replaces the one stored before it', async () => {
    const { ctx, syncPrice, archivePrice } = withSpyProvider();
    const { id } = await createPackage(ctx, packageBody({ priceMinor: 10_000 }), actor);
    syncPrice.mockClear();
    const prices = [11_000, 12_000, 13_000, 14_000, 15_000, 16_000];
    await Promise.all(
      prices.map((priceMinor) => updatePackageById(ctx, id, packageBody({ priceMinor }), actor)),
    );
    const calls = syncPrice.mock.calls.map(([request]) => request);
    expect(calls).toHaveLength(prices.length);
    // Under the row lock every edit names the price the one before it made.
    let previous = `price_package_${id}_10000`;
    for (const request of calls) {
      expect(request.previousPriceId).toBe(previous);
      previous = `price_package_${id}_${request.amountMinor}`;
    }
    const row = (await listPrices(t.ctx)).packages.find((pkg) => pkg.id === id)!;
    expect(row.providerPriceId).toBe(previous);
    expect(row.priceMinor).toBe(calls.at(-1)!.amountMinor);
    expect(archivePrice).not.toHaveBeenCalled();
    expect((await auditOf('package', id)).filter((e) => e.action === 'price.updated')).toHaveLength(
      prices.length,
    );
  });

  it('a provider that refuses rolls the edit back', async () => {
    const { ctx, syncPrice } = withSpyProvider();
    const { id } = await createPackage(t.ctx, packageBody({ priceMinor: 10_000 }), actor);
    const before = (await auditOf('package', id)).length;
    syncPrice.mockRejectedValueOnce(new Error('down'));
    await expect(
      updatePackageById(ctx, id, packageBody({ priceMinor: 12_000 }), actor),
    ).rejects.toThrow('down');
    const row = (await listPrices(t.ctx)).packages.find((pkg) => pkg.id === id)!;
    expect(row.priceMinor).toBe(10_000);
    expect(await auditOf('package', id)).toHaveLength(before);
  });

  it('need nothing on the local provider', async () => {
    const syncPrice = vi.spyOn(t.ctx.providers.payments, 'syncPrice');
    const { id } = await createPackage(t.ctx, packageBody(), actor);
    const row = (await listPrices(t.ctx)).packages.find((pkg) => pkg.id === id)!;
    expect(row.providerPriceId).toBeNull();
    expect(await syncPrice.mock.results[0]?.value).toBeNull();
    syncPrice.mockRestore();
  });
});

describe('what parents see', () => {
  it('an offer is on sale from its start to its end, and not once retired', async () => {
    const f = await createSignedInParent(t.ctx, { language: 'en' });
    const now = t.clock.now();
    const { id } = await createPlan(
      t.ctx,
      planBody({
        kids: 7,
        priceMinor: 50_000,
        isOffer: true,
        offerStartsAt: new Date(now.getTime() + 2 * HOUR).toISOString(),
        offerEndsAt: new Date(now.getTime() + 30 * HOUR).toISOString(),
      }),
      actor,
    );
    const state = async () => (await listPrices(t.ctx)).plans.find((plan) => plan.id === id)!.state;
    expect(await state()).toBe('scheduled');
    expect(await getTimeLimitedOffer(t.ctx, f.parent.id)).toBeNull();
    await expect(orderPlan(t.ctx, f.parent.id, id)).rejects.toMatchObject({
      messageKey: 'planNotFound',
    });

    t.clock.advance(3 * HOUR);
    expect(await state()).toBe('on-sale');
    expect((await getTimeLimitedOffer(t.ctx, f.parent.id))?.plan.id).toBe(id);

    await retirePlan(t.ctx, id, actor);
    expect(await state()).toBe('retired');
    expect(await getTimeLimitedOffer(t.ctx, f.parent.id)).toBeNull();
    await expect(orderPlan(t.ctx, f.parent.id, id)).rejects.toMatchObject({
      messageKey: 'planNotFound',
    });
    t.clock.set('2026-11-22T02:00:00Z');
  });

  it('a retired plan, package or good is no longer sold', async () => {
    const f = await createSignedInParent(t.ctx, { language: 'en' });
    const plan = await createPlan(t.ctx, planBody({ kids: 8 }), actor);
    expect(await getKidsCounts(t.ctx)).toContain(8);
    await retirePlan(t.ctx, plan.id, actor);
    expect(await getKidsCounts(t.ctx)).not.toContain(8);
    expect(await getPlans(t.ctx, 8)).toEqual([]);
    await expect(orderPlan(t.ctx, f.parent.id, plan.id)).rejects.toMatchObject({
      messageKey: 'planNotFound',
    });

    const pkg = await createPackage(t.ctx, packageBody({ titleEn: 'Gone' }), actor);
    await retirePackage(t.ctx, pkg.id, actor);
    expect((await getCreditPackages(t.ctx, f.parent.id)).packages.map((p) => p.id)).not.toContain(
      pkg.id,
    );
    await expect(
      checkoutPackage(t.ctx, f.parent.id, pkg.id, (title) => title.en),
    ).rejects.toMatchObject({ messageKey: 'packageNotFound' });

    const good = await createGood(t.ctx, goodBody({ quantity: 44 }), actor);
    expect((await listPrices(t.ctx)).goods.find((g) => g.id === good.id)?.isActive).toBe(true);
    await retireGood(t.ctx, good.id, actor);
    expect((await listPrices(t.ctx)).goods.find((g) => g.id === good.id)?.isActive).toBe(false);
  });
});

describe('rules and the audit log', () => {
  it('audits created, updated (changed fields and the title) and retired', async () => {
    const { id } = await createPackage(t.ctx, packageBody({ titleEn: 'Audited' }), actor);
    await updatePackageById(
      t.ctx,
      id,
      packageBody({ titleEn: 'Audited', priceMinor: 29_900 }),
      actor,
    );
    await retirePackage(t.ctx, id, actor);
    const entries = await auditOf('package', id);
    expect(entries.map((entry) => entry.action)).toEqual([
      'price.created',
      'price.updated',
      'price.retired',
    ]);
    expect(entries[0]).toMatchObject({
      staff_id: STAFF_IDS.admin,
      ip: '10.0.0.1',
      after: { title: 'Audited', price: 27_900, currency: 'USD', quantity: 30 },
    });
    expect(entries[1]).toMatchObject({
      before: { title: 'Audited', price: 27_900 },
      after: { title: 'Audited', price: 29_900 },
    });
    expect(entries[1]!.after).not.toHaveProperty('quantity');
    expect(entries[2]).toMatchObject({ before: { title: 'Audited', price: 29_900 } });
  });

  it('refuses unknown ids and retired items, changing nothing', async () => {
    await expect(updatePackageById(t.ctx, 999_999, packageBody(), actor)).rejects.toMatchObject({
      messageKey: 'priceItemNotFound',
    });
    await expect(retirePlan(t.ctx, 999_999, actor)).rejects.toMatchObject({
      messageKey: 'priceItemNotFound',
    });
    const { id } = await createPlan(t.ctx, planBody({ kids: 9 }), actor);
    await retirePlan(t.ctx, id, actor);
    const entries = (await auditOf('plan', id)).length;
    await expect(updatePlanById(t.ctx, id, planBody({ kids: 9 }), actor)).rejects.toMatchObject({
      messageKey: 'priceItemRetired',
    });
    await expect(retirePlan(t.ctx, id, actor)).rejects.toMatchObject({
      messageKey: 'priceItemRetired',
    });
    expect(await auditOf('plan', id)).toHaveLength(entries);
  });
});
