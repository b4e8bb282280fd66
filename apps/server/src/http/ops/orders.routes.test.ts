import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageKey } from '@portal/shared/i18n';
import type { StaffRole } from '@portal/shared/staff';
import { AttentionListSchema, OrderDetailSchema, OrderListSchema } from '@portal/shared/staff';
import { checkoutSessions, creditLedger, orders, paymentEvents, refunds } from '../../db/schema';
import { createParent } from '../../../test/factories/parents';
import type { TestApp } from '../../../test/helpers/app';
import { buildOpsTestApp, STAFF_IDS, staffHeaders } from '../../../test/helpers/ops';
import { translate } from '../../lib/catalogue';
import { ordersRoutes } from './orders.routes';

let t: TestApp;
beforeAll(async () => {
  t = await buildOpsTestApp({
    routes: [ordersRoutes],
    env: { SCHOOL_TIME_ZONE: 'Asia/Shanghai' },
  });
});
afterAll(() => t.close());

const get = (url: string, role: StaffRole | null = 'admin') =>
  t.app.inject({ method: 'GET', url, headers: role ? staffHeaders(role) : {} });

let serial = 0;
const tag = `${Date.now() % 1e6}`;

/** An order of `parentId` created at `createdAt`; paid ones have an accepted session. */
async function order(
  parentId: number,
  options: {
    status?: 'pending' | 'paid' | 'cancelled' | 'expired' | 'refunded';
    amount?: number;
    currency?: string;
    provider?: string;
    createdAt?: string;
    kind?: 'package' | 'good' | 'plan';
  } = {},
) {
  serial += 1;
  const orderNo = `T${tag}${String(serial).padStart(4, '0')}`;
  const status = options.status ?? 'paid';
  const createdAt = new Date(options.createdAt ?? '2026-03-10T04:00:00Z');
  const sessionId = `cs_${orderNo}`;
  const [row] = await t.ctx.db
    .insert(orders)
    .values({
      order_no: orderNo,
      parent_id: parentId,
      kind: options.kind ?? 'package',
      item_id: 1,
      title_en: 'Package 20',
      title_zh: '套餐 20',
      quantity: 20,
      extra_quantity: 2,
      amount_minor: options.amount ?? 18_900,
      currency: options.currency ?? 'USD',
      status,
      provider: options.provider ?? 'local',
      checkout_session_id: status === 'paid' ? sessionId : null,
      paid_at: status === 'paid' ? createdAt : null,
      expires_at: new Date(createdAt.getTime() + 3_600_000),
      created_at: createdAt,
    })
    .returning();
  await t.ctx.db.insert(checkoutSessions).values({
    session_id: sessionId,
    order_id: row!.id,
    provider: options.provider ?? 'local',
    url: 'https://pay.example/x',
    pay_method: 1,
    created_at: createdAt,
  });
  return { ...row!, orderNo, sessionId };
}

let parentA: Awaited<ReturnType<typeof createParent>>;
let parentB: Awaited<ReturnType<typeof createParent>>;
let paidOrder: Awaited<ReturnType<typeof order>>;
let pendingOrder: Awaited<ReturnType<typeof order>>;

beforeAll(async () => {
  parentA = await createParent(t.ctx, {
    name: `Ada Lovelace ${tag}`,
    email: `ada${tag}@example.com`,
    mobile: `1380${tag.padStart(7, '0').slice(-7)}`,
  });
  parentB = await createParent(t.ctx, { name: `Bo Li ${tag}`, email: `bo${tag}@example.com` });
  // 2026-03-10 12:00 in Shanghai.
  paidOrder = await order(parentA.id, { amount: 18_900, createdAt: '2026-03-10T04:00:00Z' });
  // 2026-03-11 01:00 in Shanghai, still 03-10 in UTC.
  pendingOrder = await order(parentA.id, {
    status: 'pending',
    amount: 5_000,
    provider: 'stripe',
    createdAt: '2026-03-10T17:00:00Z',
  });
  await order(parentB.id, {
    status: 'expired',
    amount: 34_900,
    currency: 'CNY',
    kind: 'plan',
    createdAt: '2026-02-01T04:00:00Z',
  });

  // The paid order: its notification, credits, a refund with its take-back, another parent's row.
  await t.ctx.db.insert(paymentEvents).values([
    {
      provider: 'local',
      event_id: `evt_${paidOrder.orderNo}`,
      type: 'checkout.completed',
      order_id: paidOrder.id,
      outcome: 'fulfilled',
      detail: { sessionId: paidOrder.sessionId, amountMinor: 18_900, paymentStatus: 'paid' },
      received_at: new Date('2026-03-10T04:01:00Z'),
    },
    {
      provider: 'local',
      event_id: `evt_refund_${paidOrder.orderNo}`,
      type: 'refund.updated',
      outcome: 'refund_confirmed',
      detail: { refundId: 'lre_1', status: 'succeeded', refundNo: `R${paidOrder.orderNo}` },
      received_at: new Date('2026-03-12T04:01:00Z'),
    },
  ]);
  await t.ctx.db.insert(refunds).values([
    {
      refund_no: `R${paidOrder.orderNo}`,
      order_id: paidOrder.id,
      parent_id: parentA.id,
      amount_minor: 5_000,
      currency: 'USD',
      credits_taken_back: 5,
      status: 'succeeded',
      provider: 'local',
      provider_refund_id: `lre_${paidOrder.orderNo}`,
      reason: 'Asked by phone',
      staff_id: STAFF_IDS.admin,
      idempotency_key: `key-${paidOrder.orderNo}-1`,
      requested_at: new Date('2026-03-12T04:00:00Z'),
      confirmed_at: new Date('2026-03-12T04:01:00Z'),
    },
    {
      refund_no: `R${paidOrder.orderNo}F`,
      order_id: paidOrder.id,
      parent_id: parentA.id,
      amount_minor: 1_000,
      currency: 'USD',
      status: 'failed',
      provider: 'local',
      failure_reason: 'card closed',
      reason: 'Goodwill',
      staff_id: null,
      idempotency_key: `key-${paidOrder.orderNo}-2`,
      requested_at: new Date('2026-03-13T04:00:00Z'),
    },
    {
      refund_no: `R${paidOrder.orderNo}Q`,
      order_id: paidOrder.id,
      parent_id: parentA.id,
      amount_minor: 2_000,
      currency: 'USD',
      status: 'requested',
      provider: 'local',
      reason: 'Second thoughts',
      staff_id: STAFF_IDS.admin,
      idempotency_key: `key-${paidOrder.orderNo}-3`,
      requested_at: new Date('2026-03-14T04:00:00Z'),
    },
  ]);
  await t.ctx.db.insert(creditLedger).values([
    {
      parent_id: parentA.id,
      event: 'purchase',
      paid_delta: 20,
      title_en: 'Bought',
      title_zh: '购买',
      idempotency_key: `order:${paidOrder.orderNo}:credits`,
      created_at: new Date('2026-03-10T04:01:00Z'),
    },
    {
      parent_id: parentA.id,
      event: 'reward',
      reward_delta: 2,
      title_en: 'Extra',
      title_zh: '赠送',
      idempotency_key: `order:${paidOrder.orderNo}:extra`,
      created_at: new Date('2026-03-10T04:01:01Z'),
    },
    {
      parent_id: parentA.id,
      event: 'refund',
      paid_delta: -5,
      title_en: 'Taken back',
      title_zh: '收回',
      idempotency_key: `refund:R${paidOrder.orderNo}:credits`,
      created_at: new Date('2026-03-12T04:00:00Z'),
    },
    {
      // Another order's row: not this order's.
      parent_id: parentA.id,
      event: 'purchase',
      paid_delta: 7,
      title_en: 'Other',
      title_zh: '其他',
      idempotency_key: `order:${paidOrder.orderNo}0:credits`,
    },
  ]);
});

describe('GET /api/ops/orders', () => {
  it('lists newest first with the parent and the refunded amount', async () => {
    const response = await get(`/api/ops/orders?parent=${tag}&pageSize=100`);
    expect(response.statusCode).toBe(200);
    const data = OrderListSchema.parse(response.json().data);
    expect(data.total).toBe(3);
    expect(data.items.map((item) => item.orderNo)).toEqual([
      pendingOrder.orderNo,
      paidOrder.orderNo,
      expect.any(String),
    ]);
    expect(data.items[1]).toMatchObject({
      parent: { userSn: parentA.user_sn, name: parentA.name },
      title: { en: 'Package 20', zh: '套餐 20' },
      amount: 18_900,
      currency: 'USD',
      status: 'paid',
      provider: 'local',
      paidAt: '2026-03-10T04:00:00.000Z',
    });
  });

  it('filters by status, provider, amount and parent (name, e-mail, user_sn, phone, order number)', async () => {
    const numbers = async (query: string) => {
      const response = await get(`/api/ops/orders?pageSize=100&${query}`);
      expect(response.statusCode).toBe(200);
      return OrderListSchema.parse(response.json().data).items.map((item) => item.orderNo);
    };
    expect(await numbers(`parent=${tag}&status=paid`)).toEqual([paidOrder.orderNo]);
    expect(await numbers(`parent=${tag}&provider=stripe`)).toEqual([pendingOrder.orderNo]);
    expect(await numbers(`parent=${tag}&minAmount=5000&maxAmount=5000`)).toEqual([
      pendingOrder.orderNo,
    ]);
    expect(await numbers(`parent=${tag}&minAmount=18900`)).toHaveLength(2);
    expect(await numbers(`parent=${encodeURIComponent(`Ada Lovelace ${tag}`)}`)).toHaveLength(2);
    expect(await numbers(`parent=${encodeURIComponent(`BO${tag}@EXAMPLE`)}`)).toHaveLength(1);
    expect(await numbers(`parent=${parentB.user_sn}`)).toHaveLength(1);
    expect(await numbers(`parent=${encodeURIComponent(`+86 ${parentA.mobile}`)}`)).toHaveLength(2);
    expect(await numbers(`parent=${paidOrder.orderNo}`)).toEqual([paidOrder.orderNo]);
    expect(await numbers(`parent=${encodeURIComponent('%_nobody')}`)).toEqual([]);
  });

  it("filters by days of the school's calendar (Asia/Shanghai), both ends included", async () => {
    const numbers = async (query: string) =>
      OrderListSchema.parse(
        (await get(`/api/ops/orders?parent=${tag}&${query}`)).json().data,
      ).items.map((item) => item.orderNo);
    expect(await numbers('from=2026-03-10&to=2026-03-10')).toEqual([paidOrder.orderNo]);
    expect(await numbers('from=2026-03-11')).toEqual([pendingOrder.orderNo]);
    expect(await numbers('to=2026-02-28')).toHaveLength(1);
    expect(await numbers('from=2026-03-10&to=2026-03-11')).toHaveLength(2);
  });

  it('pages', async () => {
    const first = OrderListSchema.parse(
      (await get(`/api/ops/orders?parent=${tag}&pageSize=2&page=1`)).json().data,
    );
    const second = OrderListSchema.parse(
      (await get(`/api/ops/orders?parent=${tag}&pageSize=2&page=2`)).json().data,
    );
    expect(first.total).toBe(3);
    expect(first.items).toHaveLength(2);
    expect(second.items).toHaveLength(1);
    expect(second.items[0]!.orderNo).not.toBe(first.items[0]!.orderNo);
  });

  it.each([
    ['status=lost', 'invalidRequest'],
    ['provider=paypal', 'invalidRequest'],
    ['minAmount=abc', 'ordersAmountInvalid'],
    ['from=2026-13-01', 'ordersDateInvalid'],
    ['from=2026-03-10&to=2026-03-01', 'ordersDateRangeInvalid'],
    ['minAmount=-1', 'ordersAmountInvalid'],
    ['minAmount=500&maxAmount=100', 'ordersAmountRangeInvalid'],
  ] as [string, string][])('refuses %s with %s', async (query, msg) => {
    const response = await get(`/api/ops/orders?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toBe(translate('en', msg as MessageKey));
  });

  it('lets the adviser read; refuses the teacher and anyone signed out', async () => {
    expect((await get('/api/ops/orders', 'adviser')).statusCode).toBe(200);
    expect((await get('/api/ops/orders', 'teacher')).statusCode).toBe(403);
    expect((await get('/api/ops/orders', null)).statusCode).toBe(401);
  });
});

describe('GET /api/ops/orders/:orderNo', () => {
  it('answers the order with its sessions, events, ledger rows and refunds', async () => {
    const response = await get(`/api/ops/orders/${paidOrder.orderNo}`, 'adviser');
    expect(response.statusCode).toBe(200);
    const detail = OrderDetailSchema.parse(response.json().data);
    expect(detail).toMatchObject({
      orderNo: paidOrder.orderNo,
      quantity: 20,
      extraQuantity: 2,
      amount: 18_900,
      status: 'paid',
      parent: { userSn: parentA.user_sn },
    });
    expect(detail.sessions).toEqual([
      expect.objectContaining({ sessionId: paidOrder.sessionId, accepted: true }),
    ]);
    expect(detail.events.map((event) => [event.type, event.outcome, event.verified])).toEqual([
      ['checkout.completed', 'fulfilled', true],
      ['refund.updated', 'refund_confirmed', true],
    ]);
    expect(detail.events[0]!.detail).toMatchObject({ amountMinor: 18_900 });
    expect(detail.ledger.map((row) => [row.event, row.paidDelta, row.rewardDelta])).toEqual([
      ['purchase', 20, 0],
      ['reward', 0, 2],
      ['refund', -5, 0],
    ]);
    expect(detail.refunds.map((refund) => [refund.status, refund.staff?.name ?? null])).toEqual([
      ['succeeded', 'Test admin'],
      ['failed', null],
      ['requested', 'Test admin'],
    ]);
    expect(detail.refunds[1]).toMatchObject({ failureReason: 'card closed', credits: 0 });
    // 18 900 − 5 000 succeeded − 2 000 requested; the failed one gives its amount back.
    expect(detail.refundable).toBe(11_900);
  });

  it('answers nothing refundable for an unpaid order', async () => {
    const detail = OrderDetailSchema.parse(
      (await get(`/api/ops/orders/${pendingOrder.orderNo}`)).json().data,
    );
    expect(detail.refundable).toBe(0);
    expect(detail.sessions[0]!.accepted).toBe(false);
    expect(detail.refunds).toEqual([]);
    expect(detail.ledger).toEqual([]);
  });

  it('answers 404 orderNotFound for an unknown order and 403 to the teacher', async () => {
    const unknown = await get('/api/ops/orders/NOPE123');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().msg).toBe(translate('en', 'orderNotFound'));
    expect((await get(`/api/ops/orders/${paidOrder.orderNo}`, 'teacher')).statusCode).toBe(403);
  });
});

describe('GET /api/ops/payment-attention', () => {
  let mismatchId: number;
  let unknownId: number;
  let paidMismatchId: number;
  beforeAll(async () => {
    const rows = await t.ctx.db
      .insert(paymentEvents)
      .values([
        {
          provider: 'stripe',
          event_id: `evt_mismatch_${tag}`,
          type: 'checkout.completed',
          order_id: pendingOrder.id,
          outcome: 'mismatch',
          detail: {
            sessionId: pendingOrder.sessionId,
            amountMinor: 4_000,
            currency: 'usd',
            paymentStatus: 'paid',
          },
          received_at: new Date('2026-03-10T18:00:00Z'),
        },
        {
          provider: 'stripe',
          event_id: `evt_unknown_${tag}`,
          type: 'checkout.completed',
          outcome: 'unknown_session',
          detail: {
            sessionId: 'cs_stranger',
            amountMinor: 999,
            currency: 'usd',
            paymentStatus: 'paid',
          },
          received_at: new Date('2026-03-10T19:00:00Z'),
        },
        {
          // A mismatch on an order that got paid since: only a refund is offered.
          provider: 'local',
          event_id: `evt_paid_mismatch_${tag}`,
          type: 'checkout.completed',
          order_id: paidOrder.id,
          outcome: 'mismatch',
          detail: {
            sessionId: 'cs_other',
            amountMinor: 100,
            currency: 'USD',
            paymentStatus: 'paid',
          },
          received_at: new Date('2026-03-10T20:00:00Z'),
        },
        {
          // Not paid: nothing to act on.
          provider: 'stripe',
          event_id: `evt_unpaid_${tag}`,
          type: 'checkout.completed',
          outcome: 'unknown_session',
          detail: {
            sessionId: 'cs_unpaid',
            amountMinor: 1,
            currency: 'usd',
            paymentStatus: 'unpaid',
          },
        },
        {
          // Already handled.
          provider: 'stripe',
          event_id: `evt_handled_${tag}`,
          type: 'checkout.completed',
          outcome: 'unknown_session',
          detail: { sessionId: 'cs_done', amountMinor: 1, currency: 'usd', paymentStatus: 'paid' },
          resolution: 'refunded',
          resolved_at: new Date(),
          resolved_by: STAFF_IDS.admin,
        },
      ])
      .returning();
    [mismatchId, unknownId, paidMismatchId] = rows.map((row) => row.id) as [number, number, number];
  });

  it('lists the paid notifications not handled, oldest first, with their actions', async () => {
    const response = await get('/api/ops/payment-attention', 'adviser');
    expect(response.statusCode).toBe(200);
    const data = AttentionListSchema.parse(response.json().data);
    expect(data.total).toBe(3);
    expect(data.items.map((item) => item.id)).toEqual([mismatchId, unknownId, paidMismatchId]);
    expect(data.items[0]).toMatchObject({
      reason: 'mismatch',
      sessionId: pendingOrder.sessionId,
      amount: 4_000,
      currency: 'USD',
      order: {
        orderNo: pendingOrder.orderNo,
        amount: 5_000,
        status: 'pending',
        parent: { userSn: parentA.user_sn },
      },
      actions: ['fulfil', 'refund'],
    });
    expect(data.items[1]).toMatchObject({
      reason: 'unknown_session',
      order: null,
      amount: 999,
      actions: ['refund'],
    });
    expect(data.items[2]!.actions).toEqual(['refund']);
  });

  it('pages, and refuses the teacher', async () => {
    const page = AttentionListSchema.parse(
      (await get('/api/ops/payment-attention?page=2&pageSize=2')).json().data,
    );
    expect(page.total).toBe(3);
    expect(page.items.map((item) => item.id)).toEqual([paidMismatchId]);
    expect((await get('/api/ops/payment-attention', 'teacher')).statusCode).toBe(403);
    expect((await get('/api/ops/payment-attention?pageSize=1000')).statusCode).toBe(400);
  });
});
