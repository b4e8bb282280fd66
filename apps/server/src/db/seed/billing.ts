import { and, eq, isNull } from 'drizzle-orm';
import type { Transaction } from '../client';
import {
  checkoutSessions,
  creditGoods,
  memberships,
  orders,
  parents,
  paymentEvents,
  plans,
  rechargePackages,
} from '../schema';
import { DEMO_MEMBER_SN, DEMO_PARENT_SN } from './parents';

const DAY = 24 * 3600_000;

const PACKAGES = [
  { en: '10 credits', zh: '10 课时', quantity: 10, extra: 0, price: 9_900 },
  { en: '20 credits', zh: '20 课时', quantity: 20, extra: 2, price: 18_900 },
  { en: '50 credits', zh: '50 课时', quantity: 50, extra: 8, price: 44_900 },
  { en: '100 credits', zh: '100 课时', quantity: 100, extra: 20, price: 84_900 },
];

const PLAN_DETAILS = {
  en: 'Unlimited lessons for every covered child\nAll subjects and levels\nChange or cancel any month',
  zh: '覆盖的孩子不限课时\n全部科目与级别\n可随时变更或取消',
};

const PLANS = [
  {
    kids: 1,
    price: 19_900,
    en: 'Monthly pass · 1 kid',
    zh: '月卡 · 1 个孩子',
    tags: 'Starter',
    tagsZh: '入门',
  },
  {
    kids: 2,
    price: 34_900,
    en: 'Monthly pass · 2 kids',
    zh: '月卡 · 2 个孩子',
    tags: 'Most popular',
    tagsZh: '最受欢迎',
  },
  {
    kids: 3,
    price: 46_900,
    en: 'Monthly pass · 3 kids',
    zh: '月卡 · 3 个孩子',
    tags: 'Best value',
    tagsZh: '最划算',
  },
];

/**
 * What the portal sells (priced in USD, minor units: docs/product.md → Payments): credit
 * packages, monthly passes for 1–3 kids, and a time-limited offer (the 2-kids pass and 30 credits
 * at a discount) running for 36 hours from the moment the demo data is created. The demo parents'
 * purchases become paid orders.
 */
export async function seedBilling(tx: Transaction, now: Date): Promise<void> {
  await tx.insert(rechargePackages).values(
    PACKAGES.map((p, sort) => ({
      title_en: p.en,
      title_zh: p.zh,
      quantity: p.quantity,
      extra_quantity: p.extra,
      price_minor: p.price,
      sort,
    })),
  );
  const planRows = await tx
    .insert(plans)
    .values([
      ...PLANS.map((p, sort) => ({
        title_en: p.en,
        title_zh: p.zh,
        remarks_en: 'Billed monthly',
        remarks_zh: '按月付费',
        describe_en: `Unlimited live lessons for ${p.kids} ${p.kids === 1 ? 'child' : 'children'}.`,
        describe_zh: `${p.kids} 个孩子不限次数上直播课。`,
        details_en: PLAN_DETAILS.en,
        details_zh: PLAN_DETAILS.zh,
        tags_en: p.tags,
        tags_zh: p.tagsZh,
        is_icon_show: p.kids === 2,
        kids: p.kids,
        price_minor: p.price,
        sort,
      })),
      {
        title_en: 'Holiday offer · 2 kids',
        title_zh: '假日特惠 · 2 个孩子',
        remarks_en: 'First month at a special price',
        remarks_zh: '首月特价',
        describe_en: 'The 2-kids monthly pass at 14% off, for a short time only.',
        describe_zh: '2 个孩子的月卡限时 86 折。',
        details_en: PLAN_DETAILS.en,
        details_zh: PLAN_DETAILS.zh,
        tags_en: 'Limited time',
        tags_zh: '限时',
        color: '#7048e8',
        kids: 2,
        price_minor: 29_900,
        discount: 14,
        is_hidden: true,
        offer_ends_at: new Date(now.getTime() + 36 * 3600_000),
        sort: 99,
      },
    ])
    .returning();
  // Decision 034: credits have one price list, the packages above ("Pay as You Go" sells them
  // too); a credit good is only the time-limited offer's.
  await tx.insert(creditGoods).values([
    {
      quantity: 30,
      describe_en: 'Offer: 30 credits',
      describe_zh: '特惠：30 课时',
      price_minor: 24_900,
      is_hidden: true,
      sort: 0,
    },
  ]);

  const [demo] = await tx.select().from(parents).where(eq(parents.user_sn, DEMO_PARENT_SN));
  if (demo) {
    // The two 20-credit purchases of the demo credit history, as charges.
    for (const [index, daysAgo] of [29, 8].entries()) {
      const paidAt = new Date(now.getTime() - daysAgo * DAY);
      const orderNo = `ODEMO${String(index + 1).padStart(4, '0')}`;
      // Paid through the local checkout, like a real purchase: refunds go back through it.
      const sessionId = `lcs_demo_${orderNo.toLowerCase()}`;
      const [paid] = await tx
        .insert(orders)
        .values({
          order_no: orderNo,
          parent_id: demo.id,
          kind: 'package',
          item_id: 1,
          title_en: '20 credits',
          title_zh: '20 课时',
          quantity: 20,
          amount_minor: 18_900,
          currency: 'USD',
          status: 'paid',
          provider: 'local',
          pay_method: 1,
          pay_method_name: 'Visa •••• 4242',
          checkout_session_id: sessionId,
          paid_at: paidAt,
          created_at: paidAt,
          updated_at: paidAt,
        })
        .returning();
      await seedPaidSession(tx, paid!, paidAt);
    }
    // A checkout the parent walked away from; its session later reported a payment in the wrong
    // currency, which was not fulfilled: the console's "needs attention" list shows it.
    const [walkedAway] = await tx
      .insert(orders)
      .values({
        order_no: 'ODEMO0003',
        parent_id: demo.id,
        kind: 'package',
        item_id: 1,
        title_en: '10 credits',
        title_zh: '10 课时',
        quantity: 10,
        amount_minor: 9_900,
        currency: 'USD',
        status: 'cancelled',
        provider: 'local',
        created_at: new Date(now.getTime() - 3 * DAY),
        updated_at: new Date(now.getTime() - 3 * DAY),
      })
      .returning();
    const sessionId = 'lcs_demo_odemo0003';
    await tx.insert(checkoutSessions).values({
      session_id: sessionId,
      order_id: walkedAway!.id,
      provider: 'local',
      url: `/checkout/local?session=${sessionId}`,
      pay_method: 1,
      created_at: new Date(now.getTime() - 3 * DAY),
    });
    await tx.insert(paymentEvents).values({
      provider: 'local',
      event_id: 'evt_demo_mismatch',
      type: 'checkout.completed',
      order_id: walkedAway!.id,
      outcome: 'mismatch',
      detail: paidDetail(walkedAway!, sessionId, 9_900, 'EUR'),
      received_at: new Date(now.getTime() - 3 * DAY + 10 * 60_000),
    });
  }

  const [member] = await tx.select().from(parents).where(eq(parents.user_sn, DEMO_MEMBER_SN));
  const twoKids = planRows.find((plan) => plan.kids === 2 && !plan.is_hidden);
  if (member && twoKids) {
    const paidAt = new Date(now.getTime() - 10 * DAY);
    const [order] = await tx
      .insert(orders)
      .values({
        order_no: 'ODEMO0101',
        parent_id: member.id,
        kind: 'plan',
        item_id: twoKids.id,
        title_en: twoKids.title_en,
        title_zh: twoKids.title_zh,
        kids: 2,
        amount_minor: twoKids.price_minor,
        currency: 'USD',
        status: 'paid',
        provider: 'local',
        pay_method: 1,
        pay_method_name: 'Visa •••• 4242',
        checkout_session_id: 'lcs_demo_odemo0101',
        paid_at: paidAt,
        created_at: paidAt,
        updated_at: paidAt,
      })
      .returning();
    await seedPaidSession(tx, order!, paidAt);
    await tx
      .update(memberships)
      .set({ order_id: order!.id })
      .where(and(eq(memberships.parent_id, member.id), isNull(memberships.order_id)));
  }
}

/**
 * The local checkout session a demo order was paid through, and its notification as received
 * (`payment_events.detail`, what the console's order page shows).
 */
async function seedPaidSession(tx: Transaction, order: typeof orders.$inferSelect, paidAt: Date) {
  const sessionId = order.checkout_session_id!;
  await tx.insert(checkoutSessions).values({
    session_id: sessionId,
    order_id: order.id,
    provider: 'local',
    url: `/checkout/local?session=${sessionId}`,
    pay_method: 1,
    created_at: new Date(paidAt.getTime() - 5 * 60_000),
  });
  await tx.insert(paymentEvents).values({
    provider: 'local',
    event_id: `evt_demo_${sessionId}`,
    type: 'checkout.completed',
    order_id: order.id,
    outcome: 'fulfilled',
    detail: paidDetail(order, sessionId, order.amount_minor, order.currency),
    received_at: paidAt,
  });
}

function paidDetail(
  order: typeof orders.$inferSelect,
  sessionId: string,
  amountMinor: number,
  currency: string,
) {
  return {
    sessionId,
    amountMinor,
    currency,
    orderNo: order.order_no,
    userSn: DEMO_PARENT_SN,
    paymentStatus: 'paid',
    subscriptionId: null,
  };
}
