import { sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TestClock, type TestApp } from '../../../test/helpers/app';
import { previewEnrollment } from '../../modules/scheduling/scheduling.service';
import { signInStaff, verifyStaffSignIn } from '../../modules/staff/staff-sign-in.service';
import { nextWeeklyOccurrence } from '../../lib/time';
import { rowsOf } from '../client';
import { seedDemoData } from './demo';
import { DEMO_MEMBER_SN, DEMO_PARENT_SN } from './parents';
import { DEMO_STAFF_TOTP_SECRET } from './staff';
import { DEMO_TEACHER_EMAIL } from './teachers';

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

  it('has three teachers; teacher@example.com signs in with demo2026 and the demo secret', async () => {
    const rows = rowsOf<{ email: string; role: string; status: string; subjects: number }>(
      await t.ctx.db.execute(
        sql`select s.email, s.role, s.status, cardinality(t.subject_ids) as subjects
            from teachers t join staff s on s.id = t.staff_id order by t.id`,
      ),
    );
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatchObject({ email: DEMO_TEACHER_EMAIL, role: 'teacher', status: 'active' });
    for (const row of rows) expect(Number(row.subjects)).toBeGreaterThan(0);
    const origin = { ip: '10.3.2.1', userAgent: 'demo test' };
    const step = await signInStaff(
      t.ctx,
      { email: DEMO_TEACHER_EMAIL, password: 'demo2026' },
      origin,
    );
    expect(step.step).toBe('code');
    const code = new TOTP({ secret: Secret.fromBase32(DEMO_STAFF_TOTP_SECRET) }).generate({
      timestamp: t.clock.now().getTime(),
    });
    const signedIn = await verifyStaffSignIn(t.ctx, { ticket: step.ticket, code }, origin);
    expect(signedIn.me.role).toBe('teacher');
  });

  it("gives every course a teacher before its lessons, and one teacher's week off ahead", async () => {
    const [untaught] = rowsOf<{ courses: number; lessons: number }>(
      await t.ctx.db.execute(
        sql`select (select count(*)::int from courses where teacher_id is null) as courses,
                   (select count(*)::int from lessons l join courses c on c.id = l.course_id
                     where l.teacher_id is distinct from c.teacher_id) as lessons`,
      ),
    );
    expect(untaught).toEqual({ courses: 0, lessons: 0 });
    // No teacher has two public courses at one time, in any month of the year (zones change
    // their clocks at different dates).
    const slots = rowsOf<{
      teacher: number;
      zone: string;
      weekday: number;
      time: string;
      minutes: number;
    }>(
      await t.ctx.db.execute(
        sql`select c.teacher_id as teacher, c.time_zone as zone, s.weekday, s.start_time as time,
                   c.duration_minutes as minutes
            from courses c join course_slots s on s.course_id = c.id where c.is_public`,
      ),
    );
    const week = 7 * 86_400_000;
    for (let month = 0; month < 12; month += 1) {
      const from = new Date(t.clock.now().getTime() + month * 30 * 86_400_000);
      const classes = slots.map((slot) => {
        const start = nextWeeklyOccurrence(from, slot.weekday, slot.time, slot.zone).getTime();
        // Modulo one week: the next occurrences of two slots are compared on one weekly clock.
        const at = (start - from.getTime()) % week;
        return { teacher: slot.teacher, at, end: at + slot.minutes * 60_000 };
      });
      for (const [i, a] of classes.entries())
        for (const b of classes.slice(i + 1))
          if (a.teacher === b.teacher)
            for (const shift of [-week, 0, week])
              expect(
                a.end <= b.at + shift || b.end + shift <= a.at,
                `teacher ${a.teacher} twice at once`,
              ).toBe(true);
    }
    const [timeOff] = rowsOf<{
      teacher: number;
      starts_on: string;
      ends_on: string;
      lessons: number;
    }>(
      await t.ctx.db.execute(
        sql`select o.teacher_id as teacher, o.starts_on::text, o.ends_on::text,
                   (select count(*)::int from lessons l
                     where l.teacher_id = o.teacher_id and l.cancelled_at is null
                       and (l.starts_at at time zone t.time_zone)::date between o.starts_on and o.ends_on
                   ) as lessons
            from teacher_time_off o join teachers t on t.id = o.teacher_id`,
      ),
    );
    const day = (days: number) => new Date(t.clock.now().getTime() + days * 86_400_000);
    expect(Date.parse(timeOff!.starts_on)).toBeGreaterThan(day(14).getTime());
    expect(Date.parse(timeOff!.ends_on)).toBeLessThan(day(28).getTime());
    // A lesson to cover in it (the console's cover list).
    expect(timeOff!.lessons).toBeGreaterThan(0);
  });

  it('keeps the taught history: past classes entered by their teacher, one late, one note', async () => {
    const [history] = rowsOf<{
      ended: number;
      unentered: number;
      absent: number;
      late: number;
      notes: number;
    }>(
      await t.ctx.db.execute(
        sql`select count(*)::int as ended,
                   count(*) filter (where teacher_entered_at is null)::int as unentered,
                   count(*) filter (where cancel_reason = 'teacher-absent')::int as absent,
                   count(*) filter (where teacher_entered_at > starts_at + interval '3 minutes')::int as late,
                   count(*) filter (where teacher_note is not null)::int as notes
            from lessons where ends_at <= ${t.clock.now().toISOString()}::timestamptz`,
      ),
    );
    expect(history!.ended).toBeGreaterThan(0);
    expect(history).toMatchObject({ unentered: 0, absent: 0, late: 1, notes: 1 });
  });

  it('dates the registrations and the credit history as they happened, balances never below zero', async () => {
    const rows = rowsOf<{
      event: string;
      created_at: string;
      ends_at: string | null;
      paid: number;
      reward: number;
      held: number;
    }>(
      await t.ctx.db.execute(
        sql`select c.event, c.created_at::text, l.ends_at::text,
                   sum(c.paid_delta) over w as paid, sum(c.reward_delta) over w as reward,
                   sum(c.reserved_delta) over w as held
              from credit_ledger c join parents p on p.id = c.parent_id
              left join lessons l on c.idempotency_key = 'lesson:' || l.id || ':consume'
             where p.user_sn = ${DEMO_PARENT_SN}
            window w as (order by c.created_at, c.id)
             order by c.created_at, c.id`,
      ),
    );
    const spent = rows.filter((row) => row.event === 'consume');
    expect(spent).toHaveLength(9);
    // Each lesson's credits were spent as it ended, not when the demo was made.
    for (const row of spent)
      expect(Date.parse(row.created_at) - Date.parse(row.ends_at!)).toBe(2 * 60_000);
    expect(new Set(rows.map((row) => row.created_at.slice(0, 10))).size).toBeGreaterThan(5);
    // The parents registered before anything of theirs happened, their children a little later.
    const [order] = rowsOf<{ late: number }>(
      await t.ctx.db.execute(
        sql`select count(*)::int as late from parents p
             where exists (select 1 from credit_ledger c where c.parent_id = p.id and c.created_at < p.created_at)
                or exists (select 1 from orders o where o.parent_id = p.id and o.created_at < p.created_at)
                or exists (select 1 from lessons l where l.parent_id = p.id and l.starts_at < p.created_at)
                or exists (select 1 from students s where s.parent_id = p.id and s.created_at < p.created_at)`,
      ),
    );
    expect(order!.late).toBe(0);
    for (const row of rows) {
      expect(Number(row.paid)).toBeGreaterThanOrEqual(0);
      expect(Number(row.reward)).toBeGreaterThanOrEqual(0);
      expect(Number(row.paid) + Number(row.reward) - Number(row.held)).toBeGreaterThanOrEqual(0);
    }
  });

  it("shows the demo parent the teacher's name, photo and note, and a holiday's reason", async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { mobile: '13800138000', country_code: '86', password: 'demo2026' },
      remoteAddress: '10.3.1.2',
    });
    const headers = { authorization: `Bearer ${login.json().data.token}` };
    const completed = (
      await t.app.inject({ method: 'GET', url: '/api/getCompletedLessonPC?time_diff=0', headers })
    ).json().data as { teacher_name: string; teacher_photo: string; teacher_note: string }[];
    expect(new Set(completed.map((lesson) => lesson.teacher_name))).toEqual(
      new Set(['Emma Clarke', 'Chen Jing']),
    );
    expect(completed.every((lesson) => lesson.teacher_photo.startsWith('/img/teachers/'))).toBe(
      true,
    );
    expect(completed.filter((lesson) => lesson.teacher_note)).toEqual([
      expect.objectContaining({
        teacher_name: 'Emma Clarke',
        teacher_note: expect.stringMatching(/^Mia read the whole story aloud today/),
      }),
    ]);
    const upcoming = (
      await t.app.inject({
        method: 'GET',
        url: '/api/userSchedukeForStudent?time_diff=0&pagesize=30&page=1',
        headers: { ...headers, lang: 'zh_CN' },
      })
    ).json().data as { teacher_name: string; status: number; cancel_reason: string }[];
    expect(upcoming.every((lesson) => ['柯爱玛', '陈静'].includes(lesson.teacher_name))).toBe(true);
    expect(upcoming.filter((lesson) => lesson.status === 3).map((l) => l.cancel_reason)).toEqual([
      '公共假期。学校已取消这节课，预留的 1 课时已退回您的余额。',
    ]);
  });
});

describe('demo data made at any hour of the week', () => {
  // Sunday 08:00 UTC: the family's weekly lesson 26 h on met Emma's Monday 18:00 (Shanghai)
  // reading group; Monday 09:50 UTC: the lesson "within minutes" met the same group.
  it.each(['2026-11-29T08:00:00.000Z', '2026-11-30T09:50:00.000Z'])(
    'leaves a teacher no class at once with another when made at %s',
    async (at) => {
      const made = await buildTestApp({ clock: new TestClock(new Date(at)) });
      try {
        const now = made.clock.now();
        await seedDemoData(made.ctx.db, now);
        const [overlapping] = rowsOf<{ count: number }>(
          await made.ctx.db.execute(
            sql`select count(*)::int as count from lessons a join lessons b
                  on a.teacher_id = b.teacher_id and a.id < b.id
                 and a.starts_at < b.ends_at and b.starts_at < a.ends_at
                 and a.cancelled_at is null and b.cancelled_at is null`,
          ),
        );
        expect(overlapping!.count).toBe(0);
        // Enrolling a child in any public course finds its teacher free at every lesson.
        const [child] = rowsOf<{ parent: number; student: number }>(
          await made.ctx.db.execute(
            sql`select p.id as parent, s.id as student from parents p
                  join students s on s.parent_id = p.id where p.user_sn = ${DEMO_MEMBER_SN}`,
          ),
        );
        const publicCourses = rowsOf<{ id: number }>(
          await made.ctx.db.execute(sql`select id from courses where is_public order by id`),
        );
        for (const course of publicCourses) {
          const preview = await previewEnrollment(
            made.ctx,
            {
              parentId: child!.parent,
              studentId: child!.student,
              courseId: course.id,
              startsAt: now,
            },
            now,
            4,
          );
          expect(
            preview.conflicts.filter((conflict) => conflict.kind === 'teacher-busy'),
            `course ${course.id}`,
          ).toEqual([]);
        }
        // The lesson "within minutes" comes at the latest after the class its teacher holds then.
        const [next] = rowsOf<{ starts_at: string }>(
          await made.ctx.db.execute(
            sql`select l.starts_at::text from lessons l join parents p on p.id = l.parent_id
                 where p.user_sn = ${DEMO_PARENT_SN} and l.starts_at > ${now.toISOString()}::timestamptz
                 order by l.starts_at limit 1`,
          ),
        );
        expect(Date.parse(next!.starts_at) - now.getTime()).toBeLessThanOrEqual(60 * 60_000);
      } finally {
        await made.close();
      }
    },
  );
});
