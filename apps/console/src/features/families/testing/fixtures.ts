import type { FamilyDetail, FamilySummary } from '@portal/shared/staff';

/** The family both fixtures show: the parent as listed and as on its page. */
const PARENT = {
  userSn: 'U100001',
  name: 'Li Na',
  email: 'li.na@example.com',
  phoneMasked: '+86 138****8000',
  registeredAt: '2026-10-02T08:30:00.000Z',
  onboarded: true,
  adviser: { id: 2, name: 'Demo adviser' },
} satisfies Partial<FamilySummary>;

/** A family as GET /api/ops/families lists it (component tests). */
export function familySummary(overrides: Partial<FamilySummary> = {}): FamilySummary {
  return {
    ...PARENT,
    member: true,
    children: 2,
    availableCredits: 12,
    ...overrides,
  };
}

/** A family's page as GET /api/ops/families/:userSn answers (component tests). */
export function familyDetail(overrides: Partial<FamilyDetail> = {}): FamilyDetail {
  return {
    parent: {
      ...PARENT,
      language: 'zh_CN',
      timeZone: 'Asia/Shanghai',
      childLimit: 3,
      childLimitMax: 6,
    },
    children: [
      {
        studentSn: 'S1',
        nickname: 'Mia',
        birthday: '2018-05-14',
        age: 8,
        avatar: '/img/avatars/avatar-1.svg',
        avatarId: 1,
      },
    ],
    plan: {
      name: { en: 'Monthly pass', zh: '月卡' },
      startsAt: '2026-11-01T00:00:00.000Z',
      endsAt: '2026-12-01T00:00:00.000Z',
      autoRenew: true,
    },
    credits: { paid: 10, reward: 4, reserved: 2, available: 12 },
    upcomingLessons: [
      {
        id: 'L1',
        startsAt: '2026-11-25T08:10:00.000Z',
        endsAt: '2026-11-25T08:35:00.000Z',
        course: { en: 'Reading · Level 2', zh: '阅读 · 二级' },
        child: 'Mia',
        status: 'upcoming',
      },
    ],
    pastLessons: [],
    orders: [
      {
        orderNo: 'O2026110100001',
        createdAt: '2026-11-01T09:00:00.000Z',
        title: { en: '20 credits', zh: '20 课时' },
        amount: 18900,
        currency: 'USD',
        status: 'paid',
      },
    ],
    sessions: [
      {
        id: 7,
        createdAt: '2026-11-20T09:00:00.000Z',
        lastSeenAt: '2026-11-24T10:00:00.000Z',
        expiresAt: '2026-12-20T09:00:00.000Z',
      },
    ],
    messages: [
      {
        id: 3,
        channel: 'sms',
        recipientMasked: '+86 138****8000',
        kind: 'sign-in-code',
        status: 'sent',
        createdAt: '2026-11-20T08:59:00.000Z',
      },
    ],
    reminders: [],
    ...overrides,
  };
}
