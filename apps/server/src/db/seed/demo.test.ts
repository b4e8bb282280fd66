import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import { seedDemoData } from './demo';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('demo data (docs/product.md → Demo data)', () => {
  it('fills an empty database once, even when two instances start together', async () => {
    const results = await Promise.all([
      seedDemoData(t.ctx.db, t.clock.now()),
      seedDemoData(t.ctx.db, t.clock.now()),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await seedDemoData(t.ctx.db, t.clock.now())).toBe(false);
  });

  it.each(['13800138000', '13900139000'])(
    'lets the demo parent %s sign in with demo2026',
    async (mobile) => {
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { mobile, country_code: '86', password: 'demo2026' },
        remoteAddress: `10.3.0.${mobile.slice(-1)}`,
      });
      expect(login.statusCode).toBe(200);
      expect(login.json().data.status).toBe(1);
      const profile = await t.app.inject({
        method: 'GET',
        url: '/api/user/profile',
        headers: { authorization: `Bearer ${login.json().data.token}` },
      });
      // Only the second demo parent has the active 2-kids plan.
      expect(profile.json().data).toMatchObject(
        mobile === '13900139000'
          ? { member_status: 1, member_kids: 2, member_type: 1 }
          : { member_status: 0, member_kids: 0 },
      );
    },
  );

  it('gives the demo parent a credit history, the catalogue and the agreements', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { mobile: '13800138000', country_code: '86', password: 'demo2026' },
      remoteAddress: '10.3.1.1',
    });
    const headers = { authorization: `Bearer ${login.json().data.token}` };
    const account = await t.app.inject({
      method: 'GET',
      url: '/api/accounts?model=lessons',
      headers,
    });
    // 44 credits bought or given; the 9 lessons of the past three weeks consumed 9, the gift
    // first; the coming four weeks (12 lessons, one cancelled) hold 11 in reservations.
    expect(account.json().data).toMatchObject({
      balance: 35,
      purchased_credit: 35,
      reward_credit: 0,
      balance_valid: 24,
    });
    const upcoming = await t.app.inject({
      method: 'GET',
      url: '/api/userSchedukeForStudent?time_diff=0&pagesize=30&page=1',
      headers,
    });
    const starts = upcoming
      .json()
      .data.map(
        (lesson: { start_at: string }) => Date.parse(lesson.start_at) - t.clock.now().getTime(),
      );
    // One within minutes, one within 48 hours, one more than 3 hours away.
    expect(starts.some((ms: number) => ms > 0 && ms <= 10 * 60_000)).toBe(true);
    expect(starts.some((ms: number) => ms > 3 * 3600_000 && ms < 48 * 3600_000)).toBe(true);
    const completed = await t.app.inject({
      method: 'GET',
      url: '/api/getCompletedLessonPC?time_diff=0',
      headers,
    });
    const statuses = completed
      .json()
      .data.map((lesson: { comments_status: number }) => lesson.comments_status);
    expect(statuses).toContain(1);
    expect(statuses).toContain(0);
    const schedule = await t.app.inject({
      method: 'POST',
      url: '/api/getCoursesSchedule',
      payload: {},
    });
    expect(schedule.json().data.total).toBeGreaterThan(10);
    const agreement = await t.app.inject({
      method: 'GET',
      url: '/api/getAgreement?type=3',
      headers: { lang: 'zh_CN' },
    });
    expect(agreement.json().data.title).toBe('用户协议');
  });
});
