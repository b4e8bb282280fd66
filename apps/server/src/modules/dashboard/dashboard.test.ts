import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestClock } from '../../../test/helpers/app';
import {
  buildDashboardSchoolApp,
  DASHBOARD_EXPECTED,
  DASHBOARD_NOW,
} from '../../../test/factories/dashboard';
import { loadConfig } from '../../config';
import { creditLedger, lessons } from '../../db/schema';
import { forgetHistory } from './dashboard-history';
import { calendarOf, getDashboard } from './dashboard.service';

let t: TestApp;
beforeAll(async () => {
  t = await buildDashboardSchoolApp((clock) => buildTestApp({ clock }));
});
afterAll(() => t.close());

describe('getDashboard', () => {
  it('answers the known figures of the fixture school exactly', async () => {
    const figures = await getDashboard(t.ctx, 4);
    expect({ ...figures, asOf: figures.asOf.toISOString() }).toEqual(DASHBOARD_EXPECTED);
  });

  it('answers zeros for weeks without activity, the current week last', async () => {
    const figures = await getDashboard(t.ctx, 6);
    expect(figures.weeks.map((week) => week.weekStart)).toEqual([
      '2026-10-12',
      '2026-10-19',
      '2026-10-26',
      '2026-11-02',
      '2026-11-09',
      '2026-11-16',
    ]);
    expect(figures.weeks[0]).toEqual({
      weekStart: '2026-10-12',
      registrations: 0,
      firstPurchases: 0,
      creditsSold: 0,
      creditsConsumed: 0,
    });
    // p3 registered (10-25 23:59 local) and paid (10-20) in the two older weeks now shown, but
    // its 10-20 purchase is its first: counted in the week of 10-19.
    expect(figures.weeks[1]).toMatchObject({
      registrations: 1,
      firstPurchases: 1,
      creditsSold: 30,
    });
    expect(figures.weeks.slice(2)).toEqual(DASHBOARD_EXPECTED.weeks);
  });

  it('moves with the clock: the next Monday opens a new week and a new today', async () => {
    const clock = t.ctx.clock as TestClock;
    try {
      clock.set('2026-11-22T16:00:00Z'); // Monday 11-23 00:00 in Shanghai
      const figures = await getDashboard(t.ctx, 4);
      expect(figures.weeks.at(-1)!.weekStart).toBe('2026-11-23');
      expect(figures.today).toEqual({ upcoming: 0, inProgress: 0, done: 0, noShow: 0 });
      // [10-23 16:00Z, 11-22 16:00Z): the 10 lessons from 11-10 on, today's leave now among them.
      expect(figures.leaveRate).toEqual({ leaves: 2, lessons: 10, rate: 0.2 });
    } finally {
      clock.set(DASHBOARD_NOW);
    }
  });
});

describe('settled days kept in memory', () => {
  // Runs last in this file: it adds rows as days pass.
  it('answers what a fresh computation answers while days settle, rows arrive and the clock jumps', async () => {
    const clock = t.ctx.clock as TestClock;
    const [template] = await t.ctx.db.select().from(lessons).limit(1);
    let n = 0;
    // 7-hour steps cross midnights and the 3-hour settling point; the last step jumps 3 days.
    for (const step of [7, 7, 7, 7, 7, 7, 72].map((hours) => hours * 3600_000)) {
      clock.advance(step);
      const now = clock.now();
      n += 1;
      await t.ctx.db.insert(creditLedger).values([
        {
          parent_id: template!.parent_id,
          event: 'purchase',
          paid_delta: 10 + n,
          title_en: 'p',
          title_zh: 'p',
          idempotency_key: `history:buy:${n}`,
          created_at: now,
        },
        {
          parent_id: template!.parent_id,
          event: 'consume',
          paid_delta: -1,
          reward_delta: -1,
          reserved_delta: -2,
          title_en: 'c',
          title_zh: 'c',
          idempotency_key: `history:use:${n}`,
          created_at: now,
        },
      ]);
      const startsAt = new Date(now.getTime() - 3600_000);
      await t.ctx.db.insert(lessons).values({
        ...template!,
        id: undefined,
        lesson_sn: `HIST${n}`,
        lesson_number: 100 + n,
        starts_at: startsAt,
        ends_at: new Date(startsAt.getTime() + 25 * 60_000),
        leave_at: n % 2 ? new Date(startsAt.getTime() - 24 * 3600_000) : null,
        entered_at: null,
        cancelled_at: null,
      });
      const kept = await getDashboard(t.ctx, 4);
      forgetHistory(t.ctx.db);
      const fresh = await getDashboard(t.ctx, 4);
      expect(kept, now.toISOString()).toEqual(fresh);
    }
    const last = await getDashboard(t.ctx, 4);
    expect(last.creditsOutstanding.paid).toBe(176 + (11 + 12 + 13 + 14 + 15 + 16 + 17) - 7);
    expect(last.creditsOutstanding.reward).toBe(13 - 7);

    // Moved back before what is kept: built again, same answer as fresh.
    clock.set(DASHBOARD_NOW);
    const back = await getDashboard(t.ctx, 4);
    forgetHistory(t.ctx.db);
    expect(back).toEqual(await getDashboard(t.ctx, 4));
  });
});

describe('calendarOf (the school calendar)', () => {
  it('starts weeks on Monday at local midnight, across a daylight-saving change', () => {
    // New York leaves daylight saving on Sunday 2026-11-01: Mondays before start at 04:00Z,
    // after at 05:00Z.
    const calendar = calendarOf(new Date('2026-11-04T12:00:00Z'), 'America/New_York', 2);
    expect(calendar.weekStarts).toEqual(['2026-10-26', '2026-11-02']);
    expect(calendar.weekBounds.map((bound) => bound.toISOString())).toEqual([
      '2026-10-26T04:00:00.000Z',
      '2026-11-02T05:00:00.000Z',
      '2026-11-09T05:00:00.000Z',
    ]);
    expect(calendar.today).toEqual({
      from: new Date('2026-11-04T05:00:00Z'),
      to: new Date('2026-11-05T05:00:00Z'),
    });
  });

  it('counts a Sunday in the week that started six days before, and rolls over a year', () => {
    const calendar = calendarOf(new Date('2027-01-03T12:00:00Z'), 'UTC', 2);
    expect(calendar.weekStarts).toEqual(['2026-12-21', '2026-12-28']);
    expect(calendar.weekBounds.at(-1)!.toISOString()).toBe('2027-01-04T00:00:00.000Z');
  });
});

describe('SCHOOL_TIME_ZONE', () => {
  it('defaults to Asia/Shanghai and refuses a name that is no zone', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).schoolTimeZone).toBe('Asia/Shanghai');
    expect(loadConfig({ NODE_ENV: 'test', SCHOOL_TIME_ZONE: 'Europe/London' }).schoolTimeZone).toBe(
      'Europe/London',
    );
    expect(() => loadConfig({ NODE_ENV: 'test', SCHOOL_TIME_ZONE: 'Mars/Olympus' })).toThrow(
      /SCHOOL_TIME_ZONE/,
    );
  });
});
