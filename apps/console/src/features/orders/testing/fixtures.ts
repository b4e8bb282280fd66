import type {
  AttentionItem,
  OpsMembership,
  OpsOrder,
  OrderDetail,
  RefundPreview,
} from '@portal/shared/staff';

export const opsOrder = (overrides: Partial<OpsOrder> = {}): OpsOrder => ({
  orderNo: 'O2026031000001',
  createdAt: '2026-03-10T04:00:00.000Z',
  paidAt: '2026-03-10T04:01:00.000Z',
  parent: { userSn: 'U100001', name: 'Li Na' },
  kind: 'package',
  title: { en: 'Package 20', zh: '套餐 20' },
  amount: 18_900,
  refunded: 0,
  currency: 'USD',
  status: 'paid',
  provider: 'local',
  ...overrides,
});

export const orderDetail = (overrides: Partial<OrderDetail> = {}): OrderDetail => ({
  ...opsOrder(),
  quantity: 20,
  extraQuantity: 2,
  kids: 0,
  payMethod: 1,
  expiresAt: '2026-03-10T05:00:00.000Z',
  sessions: [
    {
      sessionId: 'cs_local_1',
      provider: 'local',
      payMethod: 1,
      createdAt: '2026-03-10T04:00:00.000Z',
      accepted: true,
    },
  ],
  events: [
    {
      id: 7,
      eventId: 'evt_local_1',
      provider: 'local',
      type: 'checkout.completed',
      receivedAt: '2026-03-10T04:01:00.000Z',
      verified: true,
      outcome: 'fulfilled',
      detail: { sessionId: 'cs_local_1', amountMinor: 18_900, paymentStatus: 'paid' },
    },
  ],
  ledger: [
    {
      id: 1,
      createdAt: '2026-03-10T04:01:00.000Z',
      event: 'purchase',
      title: { en: 'Bought Package 20', zh: '购买 套餐 20' },
      paidDelta: 20,
      rewardDelta: 0,
      reservedDelta: 0,
    },
  ],
  refunds: [],
  refundable: 18_900,
  ...overrides,
});

export const refundPreview = (overrides: Partial<RefundPreview> = {}): RefundPreview => ({
  amount: 18_900,
  refundable: 18_900,
  currency: 'USD',
  creditsGranted: 22,
  creditsTakenBack: 0,
  creditsAvailable: 22,
  creditsTakeable: 22,
  suggestedCredits: 22,
  amountForTakeable: 18_900,
  ...overrides,
});

export const attentionItem = (overrides: Partial<AttentionItem> = {}): AttentionItem => ({
  id: 41,
  eventId: 'evt_mismatch',
  provider: 'stripe',
  receivedAt: '2026-03-10T18:00:00.000Z',
  reason: 'mismatch',
  sessionId: 'cs_test_1',
  amount: 4_000,
  currency: 'USD',
  order: {
    orderNo: 'O2026031000002',
    amount: 5_000,
    currency: 'USD',
    status: 'pending',
    parent: { userSn: 'U100001', name: 'Li Na' },
  },
  actions: ['fulfil', 'refund'],
  ...overrides,
});

export const membership = (overrides: Partial<OpsMembership> = {}): OpsMembership => ({
  id: 3,
  name: { en: 'Family plan', zh: '家庭月卡' },
  kids: 2,
  price: 34_900,
  currency: 'USD',
  startsAt: '2026-01-05T00:00:00.000Z',
  periodStartsAt: '2026-03-05T00:00:00.000Z',
  endsAt: '2026-04-05T00:00:00.000Z',
  renews: true,
  cancelAtPeriodEnd: false,
  provider: 'stripe',
  orderNo: 'O2026010500001',
  ...overrides,
});
