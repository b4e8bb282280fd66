import type { AppContext } from '../../src/app-context';
import { creditLedger, enrollments, lessons, memberships, orders } from '../../src/db/schema';
import { newPublicId } from '../../src/lib/ids';
import { TestClock, type TestApp } from '../helpers/app';
import { createParent } from './parents';
import { createChild, createCourse } from './lessons';

/**
 * A school with known figures for the dashboard (decision 045), on an otherwise empty database.
 * The clock reads NOW, a Friday: 16:00 on 2026-11-20 in Asia/Shanghai (the default
 * SCHOOL_TIME_ZONE), so "today" is 2026-11-19T16:00Z…2026-11-20T16:00Z and the last four weeks
 * start on Mondays 10-26, 11-02, 11-09 and 11-16 (Shanghai midnight = 16:00Z the day before).
 * EXPECTED is what the dashboard must answer for `weeks=4`; each row below says where it counts.
 */
export const DASHBOARD_NOW = '2026-11-20T08:00:00.000Z';

export const DASHBOARD_EXPECTED = {
  today: { upcoming: 2, inProgress: 2, done: 1, noShow: 1 },
  weeks: [
    {
      weekStart: '2026-10-26',
      registrations: 1,
      firstPurchases: 1,
      creditsSold: 100,
      creditsConsumed: 0,
    },
    {
      weekStart: '2026-11-02',
      registrations: 0,
      firstPurchases: 0,
      creditsSold: 0,
      creditsConsumed: 0,
    },
    {
      weekStart: '2026-11-09',
      registrations: 1,
      firstPurchases: 1,
      creditsSold: 0,
      creditsConsumed: 3,
    },
    {
      weekStart: '2026-11-16',
      registrations: 2,
      firstPurchases: 1,
      creditsSold: 50,
      creditsConsumed: 3,
    },
  ],
  activeMembers: 2,
  leaveRate: { leaves: 2, lessons: 6, rate: 2 / 6 },
  creditsOutstanding: { paid: 176, reward: 13, total: 189 },
  asOf: DASHBOARD_NOW,
  timeZone: 'Asia/Shanghai',
};

const at = (iso: string) => new Date(iso);

/** A test app made by `build` on a clock at DASHBOARD_NOW, holding the fixture school. */
export async function buildDashboardSchoolApp(
  build: (clock: TestClock) => Promise<TestApp>,
): Promise<TestApp> {
  const t = await build(new TestClock(new Date(DASHBOARD_NOW)));
  await createDashboardSchool(t.ctx);
  return t;
}

export async function createDashboardSchool(ctx: AppContext) {
  // Registrations: p1 Sun 23:59 local (week 3), p2 Mon 00:00 local (week 4), p3 a minute before
  // week 1 (not counted), p4 the first instant of week 1, p5 today (week 4).
  const p1 = await createParent(ctx, { password: null, created_at: at('2026-11-15T15:59:00Z') });
  const p2 = await createParent(ctx, { password: null, created_at: at('2026-11-15T16:00:00Z') });
  const p3 = await createParent(ctx, { password: null, created_at: at('2026-10-25T15:59:00Z') });
  const p4 = await createParent(ctx, { password: null, created_at: at('2026-10-25T16:00:00Z') });
  const p5 = await createParent(ctx, { password: null, created_at: at('2026-11-20T07:00:00Z') });

  // First purchases: p1 in week 1 (a later one does not count again), p2 none (pending), p3
  // bought before the span, p4 in week 3 (its earlier order was refunded: no purchase), p5 today.
  let orderCount = 0;
  const order = (
    parentId: number,
    status: 'paid' | 'pending' | 'refunded',
    paidAt: string | null,
  ) => {
    orderCount += 1;
    return {
      order_no: `DASH${orderCount}${Date.now()}`,
      parent_id: parentId,
      kind: 'good' as const,
      item_id: orderCount,
      title_en: 'Credits',
      title_zh: '课时',
      quantity: 10,
      amount_minor: 1000,
      currency: 'USD',
      status,
      provider: 'local',
      paid_at: paidAt ? at(paidAt) : null,
    };
  };
  await ctx.db
    .insert(orders)
    .values([
      order(p1.id, 'paid', '2026-11-01T00:00:00Z'),
      order(p1.id, 'paid', '2026-11-17T00:00:00Z'),
      order(p2.id, 'pending', null),
      order(p3.id, 'paid', '2026-10-20T00:00:00Z'),
      order(p3.id, 'paid', '2026-11-18T00:00:00Z'),
      order(p4.id, 'refunded', '2026-11-03T00:00:00Z'),
      order(p4.id, 'paid', '2026-11-10T03:00:00Z'),
      order(p5.id, 'paid', '2026-11-20T07:30:00Z'),
    ]);

  // The ledger: sold = purchases' paid credits by week; consumed = what consume rows took;
  // outstanding = every paid and reward delta (paid 100+50+30−3−1 = 176, reward 10−2+5 = 13).
  let keyCount = 0;
  const row = (
    parentId: number,
    event: string,
    createdAt: string,
    deltas: { paid?: number; reward?: number; reserved?: number },
  ) => {
    keyCount += 1;
    return {
      parent_id: parentId,
      event,
      paid_delta: deltas.paid ?? 0,
      reward_delta: deltas.reward ?? 0,
      reserved_delta: deltas.reserved ?? 0,
      title_en: event,
      title_zh: event,
      idempotency_key: `dashboard:${keyCount}:${Date.now()}`,
      created_at: at(createdAt),
    };
  };
  await ctx.db.insert(creditLedger).values([
    row(p1.id, 'purchase', '2026-11-01T00:00:00Z', { paid: 100 }), // week 1
    row(p1.id, 'purchase', '2026-11-17T00:00:00Z', { paid: 50 }), // week 4
    row(p3.id, 'purchase', '2026-10-20T00:00:00Z', { paid: 30 }), // before the span
    row(p4.id, 'reward', '2026-11-10T00:00:00Z', { reward: 10 }), // not sold
    row(p1.id, 'consume', '2026-11-10T02:00:00Z', { paid: -3, reserved: -3 }), // week 3
    row(p4.id, 'consume', '2026-11-18T00:00:00Z', { paid: -1, reward: -2, reserved: -3 }), // week 4
    row(p1.id, 'reserve', '2026-11-18T00:00:00Z', { reserved: 5 }), // neither
    row(p5.id, 'correction', '2026-11-19T00:00:00Z', { reward: 5 }), // neither sold nor consumed
  ]);

  // Plans: p1 holds two at once (one member), p5 from this very instant; p2's ended, p3's was
  // cancelled, p4's starts next week.
  const plan = (parentId: number, startsAt: string, endsAt: string, cancelledAt?: string) => ({
    parent_id: parentId,
    title_en: 'Monthly pass',
    title_zh: '月卡',
    kids: 1,
    price_minor: 34_900,
    starts_at: at(startsAt),
    ends_at: at(endsAt),
    cancelled_at: cancelledAt ? at(cancelledAt) : null,
  });
  await ctx.db
    .insert(memberships)
    .values([
      plan(p1.id, '2026-11-01T00:00:00Z', '2026-12-01T00:00:00Z'),
      plan(p1.id, '2026-11-10T00:00:00Z', '2026-12-10T00:00:00Z'),
      plan(p5.id, DASHBOARD_NOW, '2026-12-20T08:00:00Z'),
      plan(p2.id, '2026-10-19T00:00:00Z', '2026-11-19T00:00:00Z'),
      plan(p3.id, '2026-11-01T00:00:00Z', '2026-12-01T00:00:00Z', '2026-11-05T00:00:00Z'),
      plan(p4.id, '2026-11-25T00:00:00Z', '2026-12-25T00:00:00Z'),
    ]);

  // Lessons of one child. Today (Shanghai): done, no-show, two in progress (one starting right
  // now), two upcoming (the last at 23:59 local); not today: 00:00 tomorrow and 23:59 yesterday;
  // excluded: one on leave, one cancelled by the school. Leave rate over the last 30 days, today
  // included ([10-22 00:00 local, now)):
  // l1, l2, l3, yesterday's, and two leaves (one on the window's first instant) = 2 of 6.
  const child = await createChild(ctx, p1.id, 'Mia');
  const course = await createCourse(ctx, { slots: [[1, '10:00']] });
  const [enrollment] = await ctx.db
    .insert(enrollments)
    .values({
      enrollment_sn: newPublicId('E'),
      parent_id: p1.id,
      student_id: child.id,
      course_id: course.id,
      starts_at: at('2026-10-01T00:00:00Z'),
    })
    .returning();
  let lessonNumber = 0;
  const lesson = (
    startsAt: string,
    state: { entered?: boolean; leave?: boolean; cancelled?: boolean } = {},
  ) => {
    lessonNumber += 1;
    const starts = at(startsAt);
    return {
      lesson_sn: newPublicId('L'),
      enrollment_id: enrollment!.id,
      parent_id: p1.id,
      student_id: child.id,
      course_id: course.id,
      lesson_number: lessonNumber,
      starts_at: starts,
      ends_at: new Date(starts.getTime() + 25 * 60_000),
      required_credit: 1,
      room_key: `room${lessonNumber}`,
      entered_at: state.entered ? starts : null,
      leave_at: state.leave ? new Date(starts.getTime() - 24 * 3600_000) : null,
      cancelled_at: state.cancelled ? new Date(starts.getTime() - 3600_000) : null,
    };
  };
  await ctx.db.insert(lessons).values([
    lesson('2026-11-19T16:30:00Z', { entered: true }), // today 00:30: done
    lesson('2026-11-20T01:00:00Z'), // today: no-show
    lesson('2026-11-20T07:50:00Z', { entered: true }), // in progress
    lesson(DASHBOARD_NOW), // in progress (starts now; not in the leave window)
    lesson('2026-11-20T10:00:00Z'), // upcoming
    lesson('2026-11-20T15:59:00Z'), // upcoming, 23:59 local
    lesson('2026-11-20T16:00:00Z'), // tomorrow 00:00 local
    lesson('2026-11-19T15:59:00Z', { entered: true }), // yesterday 23:59 local
    lesson('2026-11-20T12:00:00Z', { leave: true }), // today but on leave
    lesson('2026-11-20T02:00:00Z', { cancelled: true }), // today but cancelled
    lesson('2026-11-10T08:00:00Z', { leave: true }), // a leave in the window
    lesson('2026-10-21T16:00:00Z', { leave: true }), // the window's first instant (10-22 00:00)
    lesson('2026-10-21T15:59:00Z', { leave: true }), // just before the window
    lesson('2026-11-01T08:00:00Z', { cancelled: true }), // in the window, the school's: not counted
  ]);
  return { parents: [p1, p2, p3, p4, p5] };
}
