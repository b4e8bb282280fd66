import { eq, sql } from 'drizzle-orm';
import { jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '@portal/shared/staff';
import { rowsOf } from '../../db/client';
import { enrollments, lessons, students } from '../../db/schema';
import { newPublicId } from '../../lib/ids';
import { createChild, createCourse } from '../../../test/factories/lessons';
import { createParent } from '../../../test/factories/parents';
import { createTeacher } from '../../../test/factories/teachers';
import type { TestApp } from '../../../test/helpers/app';
import { buildOpsTestApp, STAFF_IDS, staffHeaders } from '../../../test/helpers/ops';
import { teachingRoutes } from './teaching.routes';

// Friday 2026-11-20, 16:00 in Shanghai (the teacher's zone).
const NOW = '2026-11-20T08:00:00.000Z';
const MIN = 60_000;
const JITSI_SECRET = 'the-jitsi-servers-shared-secret';

const get = (t: TestApp, url: string, role: StaffRole = 'teacher') =>
  t.app.inject({ method: 'GET', url, headers: staffHeaders(role) });
const post = (t: TestApp, url: string, payload: object = {}, role: StaffRole = 'teacher') =>
  t.app.inject({ method: 'POST', url, payload, headers: staffHeaders(role) });

/**
 * A course of `teacherId` with a family of two children (Ava, 8 on 2026-11-20; Ben, 6 until
 * 2026-11-21), and a helper writing one child's lesson row of a class at a given start.
 */
async function classroom(t: TestApp, teacherId: number) {
  const course = await createCourse(t.ctx, {
    slots: [[1, '09:00']],
    teacherId,
    classType: 'small_group',
  });
  const parent = await createParent(t.ctx, {
    name: 'Parent Private',
    email: `private${Date.now()}@example.com`,
  });
  const ava = await createChild(t.ctx, parent.id, 'Ava');
  const ben = await createChild(t.ctx, parent.id, 'Ben');
  await t.ctx.db.update(students).set({ birth_date: '2019-11-21' }).where(eq(students.id, ben.id));
  const [enrollment] = await t.ctx.db
    .insert(enrollments)
    .values({
      enrollment_sn: newPublicId('E'),
      parent_id: parent.id,
      student_id: ava.id,
      course_id: course.id,
      starts_at: new Date('2026-11-01T00:00:00Z'),
    })
    .returning();
  let number = 0;
  const lesson = async (
    start: string,
    child: 'ava' | 'ben' = 'ava',
    values: Partial<typeof lessons.$inferInsert> = {},
  ) => {
    number += 1;
    const startsAt = new Date(start);
    const [row] = await t.ctx.db
      .insert(lessons)
      .values({
        lesson_sn: newPublicId('L'),
        enrollment_id: enrollment!.id,
        parent_id: parent.id,
        student_id: (child === 'ava' ? ava : ben).id,
        course_id: course.id,
        lesson_number: number,
        starts_at: startsAt,
        ends_at: new Date(startsAt.getTime() + 25 * MIN),
        required_credit: 0,
        room_key: `room${start.replace(/\D/g, '')}`,
        teacher_id: teacherId,
        ...values,
      })
      .returning();
    return row!;
  };
  return { course, parent, lesson };
}

describe('the teacher’s own week', () => {
  let t: TestApp;
  let mine: Awaited<ReturnType<typeof classroom>>;
  let theirs: Awaited<ReturnType<typeof classroom>>;
  let me: Awaited<ReturnType<typeof createTeacher>>;
  beforeAll(async () => {
    t = await buildOpsTestApp({ routes: [teachingRoutes] });
    t.clock.set(NOW);
  });
  afterAll(() => t.close());

  it('admins and advisers are refused (403): the week is the teacher role’s', async () => {
    expect((await get(t, '/api/ops/teaching/week', 'admin')).statusCode).toBe(403);
    expect((await get(t, '/api/ops/teaching/week', 'adviser')).statusCode).toBe(403);
    expect((await post(t, '/api/ops/teaching/lessons/L1/enter', {}, 'admin')).statusCode).toBe(403);
    const mark = { attendance: 'attended' };
    expect(
      (await post(t, '/api/ops/teaching/lessons/L1/attendance', mark, 'admin')).statusCode,
    ).toBe(403);
  });

  it('a teacher without a profile has an empty week', async () => {
    const response = await get(t, '/api/ops/teaching/week');
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      timeZone: 'Asia/Shanghai',
      from: '2026-11-16',
      to: '2026-11-22',
      classes: [],
    });
  });

  it('lists only the teacher’s classes of the Monday-start week in their zone', async () => {
    me = await createTeacher(t.ctx, {
      staffId: STAFF_IDS.teacher,
      name: 'Ms Li',
      timeZone: 'Asia/Shanghai',
    });
    const other = await createTeacher(t.ctx, { name: 'Mr Other' });
    mine = await classroom(t, me.id);
    theirs = await classroom(t, other.id);
    // A class of two on Friday at 16:02 Shanghai, starting in 2 minutes.
    await mine.lesson('2026-11-20T08:02:00Z', 'ava');
    await mine.lesson('2026-11-20T08:02:00Z', 'ben');
    // Sunday 23:30 in Shanghai: this week there, though Sunday 15:30 in UTC.
    await mine.lesson('2026-11-22T15:30:00Z', 'ben', { cancelled_at: new Date(NOW) });
    // Monday 00:30 in Shanghai: next week there, though still Sunday in UTC.
    await mine.lesson('2026-11-22T16:30:00Z', 'ava');
    // Another teacher's class at the same time.
    await theirs.lesson('2026-11-20T08:02:00Z', 'ava');

    const response = await get(t, '/api/ops/teaching/week');
    expect(response.statusCode).toBe(200);
    const week = response.json().data;
    expect(week).toMatchObject({ timeZone: 'Asia/Shanghai', from: '2026-11-16', to: '2026-11-22' });
    expect(week.classes).toHaveLength(2);
    const [group, sunday] = week.classes;
    expect(group).toMatchObject({
      startsAt: '2026-11-20T08:02:00.000Z',
      endsAt: '2026-11-20T08:27:00.000Z',
      cancelled: false,
      canEnter: true,
      settled: false,
      teacherEnteredAt: null,
      substitute: false,
    });
    expect(group.courseTitle).toMatch(/^Subject \d+ · Level 1$/);
    expect(group.children).toEqual([
      {
        lessonSn: expect.any(String),
        nickname: 'Ava',
        age: 8,
        entered: false,
        attendance: null,
        note: null,
        onLeave: false,
        cancelled: false,
      },
      expect.objectContaining({ nickname: 'Ben', age: 6 }),
    ]);
    // Ben turns 7 on 2026-11-21: his age on the Sunday class's day.
    expect(sunday).toMatchObject({ cancelled: true, canEnter: false });
    expect(sunday.children).toEqual([expect.objectContaining({ nickname: 'Ben', age: 7 })]);
    // Nothing else about the family reaches the teacher.
    expect(response.body).not.toContain('Parent Private');
    expect(response.body).not.toContain('@example.com');
    expect(response.body).not.toContain(mine.parent.mobile);

    const next = (await get(t, '/api/ops/teaching/week?from=2026-11-25')).json().data;
    expect(next).toMatchObject({ from: '2026-11-23', to: '2026-11-29' });
    expect(next.classes.map((row: { startsAt: string }) => row.startsAt)).toEqual([
      '2026-11-22T16:30:00.000Z',
    ]);
    // In Chinese, the course title is the Chinese one.
    const zh = await t.app.inject({
      method: 'GET',
      url: '/api/ops/teaching/week',
      headers: { ...staffHeaders('teacher'), lang: 'zh_CN' },
    });
    expect(zh.json().data.classes[0].courseTitle).toMatch(/^科目 \d+ · 一级$/);
    expect((await get(t, '/api/ops/teaching/week?from=2026-02-30')).statusCode).toBe(400);
  });

  it('enters the class in the children’s window, recording the entry on every row', async () => {
    const early = await mine.lesson('2026-11-20T09:00:00Z', 'ava');
    const refused = await post(t, `/api/ops/teaching/lessons/${early.lesson_sn}/enter`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe('The classroom opens 5 minutes before the lesson starts.');
    expect(
      (await t.ctx.db.select().from(lessons).where(eq(lessons.id, early.id)))[0]!
        .teacher_entered_at,
    ).toBeNull();

    const [row] = await t.ctx.db
      .select()
      .from(lessons)
      .where(sql`course_id = ${mine.course.id} and starts_at = '2026-11-20T08:02:00Z'`)
      .orderBy(lessons.id)
      .limit(1);
    const response = await post(t, `/api/ops/teaching/lessons/${row!.lesson_sn}/enter`);
    expect(response.statusCode).toBe(200);
    const url = new URL(response.json().data.url);
    expect(url.pathname).toBe(`/ParentPortalLesson-${row!.room_key}`);
    expect(url.searchParams.get('jwt')).toBeNull();
    expect(decodeURIComponent(url.hash)).toContain('userInfo.displayName="Ms Li"');

    const classRows = await t.ctx.db
      .select()
      .from(lessons)
      .where(sql`course_id = ${mine.course.id} and starts_at = '2026-11-20T08:02:00Z'`);
    expect(classRows).toHaveLength(2);
    for (const entered of classRows) expect(entered.teacher_entered_at).toEqual(new Date(NOW));
    const audit = rowsOf<{ action: string; staff_id: number }>(
      await t.ctx.db.execute(
        sql`select * from audit_log where target_id = ${row!.lesson_sn} order by id`,
      ),
    );
    expect(audit).toEqual([
      expect.objectContaining({ action: 'lesson.teacher-entered', staff_id: STAFF_IDS.teacher }),
    ]);
    const week = (await get(t, '/api/ops/teaching/week')).json().data;
    expect(week.classes[0].teacherEnteredAt).toBe(NOW);
  });

  it('marks attendance with a note after the start, until the lesson is settled', async () => {
    const rows = await t.ctx.db
      .select()
      .from(lessons)
      .where(sql`course_id = ${mine.course.id} and starts_at = '2026-11-20T08:02:00Z'`)
      .orderBy(lessons.id);
    const url = (sn: string) => `/api/ops/teaching/lessons/${sn}/attendance`;
    const tooEarly = await post(t, url(rows[0]!.lesson_sn), { attendance: 'attended' });
    expect(tooEarly.statusCode).toBe(400);
    expect(tooEarly.json().msg).toBe('Attendance can be marked once the lesson has started.');

    t.clock.set('2026-11-20T08:10:00Z');
    const marked = await post(t, url(rows[1]!.lesson_sn), {
      attendance: 'absent',
      note: '  Ben was missed today.  ',
    });
    expect(marked.statusCode).toBe(200);
    expect(marked.json().data).toEqual({ attendance: 'absent', note: 'Ben was missed today.' });
    const [saved] = await t.ctx.db.select().from(lessons).where(eq(lessons.id, rows[1]!.id));
    expect(saved).toMatchObject({
      attendance: 'absent',
      attendance_by: STAFF_IDS.teacher,
      teacher_note: 'Ben was missed today.',
    });

    for (const [body, msg] of [
      [{ attendance: 'late' }, 'Choose attended or absent.'],
      [
        { attendance: 'attended', note: 'x'.repeat(501) },
        'The note can be at most 500 characters.',
      ],
    ] as const) {
      const refused = await post(t, url(rows[0]!.lesson_sn), body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().msg).toBe(msg);
    }
    const [untouched] = await t.ctx.db.select().from(lessons).where(eq(lessons.id, rows[0]!.id));
    expect(untouched!.attendance).toBeNull();

    await t.ctx.db
      .update(lessons)
      .set({ settled_at: new Date('2026-11-20T08:30:00Z') })
      .where(eq(lessons.id, rows[0]!.id));
    const settled = await post(t, url(rows[0]!.lesson_sn), { attendance: 'attended' });
    expect(settled.statusCode).toBe(409);
    t.clock.set(NOW);
  });

  it('another teacher’s lesson, or an unknown one, is 404', async () => {
    const [row] = await t.ctx.db
      .select()
      .from(lessons)
      .where(eq(lessons.course_id, theirs.course.id))
      .limit(1);
    t.clock.set('2026-11-20T08:05:00Z');
    for (const sn of [row!.lesson_sn, 'LNOSUCHLESSON']) {
      expect((await post(t, `/api/ops/teaching/lessons/${sn}/enter`)).statusCode).toBe(404);
      const mark = await post(t, `/api/ops/teaching/lessons/${sn}/attendance`, {
        attendance: 'attended',
      });
      expect(mark.statusCode).toBe(404);
    }
    const [after] = await t.ctx.db.select().from(lessons).where(eq(lessons.id, row!.id));
    expect(after).toMatchObject({ teacher_entered_at: null, attendance: null });
    t.clock.set(NOW);
  });
});

describe('entering with Jitsi token authentication configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildOpsTestApp({
      routes: [teachingRoutes],
      env: {
        CLASSROOM_JITSI_URL: 'https://meet.school.example',
        CLASSROOM_JITSI_APP_ID: 'portal',
        CLASSROOM_JITSI_APP_SECRET: JITSI_SECRET,
      },
    });
    t.clock.set(NOW);
  });
  afterAll(() => t.close());

  it('answers the room with a JWT naming the teacher moderator until after the class', async () => {
    const me = await createTeacher(t.ctx, { staffId: STAFF_IDS.teacher, name: 'Ms Li' });
    const row = await (await classroom(t, me.id)).lesson('2026-11-20T08:02:00Z');
    const response = await post(t, `/api/ops/teaching/lessons/${row.lesson_sn}/enter`);
    expect(response.statusCode).toBe(200);
    const url = new URL(response.json().data.url);
    const room = `ParentPortalLesson-${row.room_key}`;
    expect(`${url.origin}${url.pathname}`).toBe(`https://meet.school.example/${room}`);
    const { payload } = await jwtVerify(
      url.searchParams.get('jwt')!,
      new TextEncoder().encode(JITSI_SECRET),
      { issuer: 'portal', audience: 'jitsi', currentDate: new Date(NOW) },
    );
    expect(payload).toMatchObject({
      room,
      moderator: true,
      sub: 'meet.school.example',
      context: { user: { name: 'Ms Li', moderator: true } },
      // The class ends at 08:27; the token lasts 15 minutes more.
      exp: Date.parse('2026-11-20T08:42:00Z') / 1000,
    });
    // The token is not written to the log.
    expect(t.logText()).not.toContain(url.searchParams.get('jwt')!);
  });
});
