import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '@portal/shared/staff';
import { rowsOf } from '../../db/client';
import { auditLog, enrollments, lessonComments, lessons, messageLog } from '../../db/schema';
import { newPublicId } from '../../lib/ids';
import { createParent } from '../../../test/factories/parents';
import {
  createChild,
  createCourse,
  createEnrollment,
  grantCredits,
} from '../../../test/factories/lessons';
import { createTeacher, createTimeOff } from '../../../test/factories/teachers';
import type { TestApp } from '../../../test/helpers/app';
import { buildOpsTestApp, staffHeaders } from '../../../test/helpers/ops';
import { timetableRoutes } from './timetable.routes';

// A Friday, 16:00 in Asia/Shanghai (the default SCHOOL_TIME_ZONE).
const NOW = '2026-11-20T08:00:00.000Z';
const MINUTE = 60_000;

let t: TestApp;
beforeAll(async () => {
  t = await buildOpsTestApp({ routes: [timetableRoutes] });
  t.clock.set(NOW);
});
afterAll(() => t.close());

const get = (url: string, role: StaffRole = 'admin', lang?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/ops${url}`,
    headers: { ...staffHeaders(role), ...(lang ? { lang } : {}) },
  });

const post = (url: string, payload: object, role: StaffRole = 'admin', lang?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/ops${url}`,
    payload,
    headers: { ...staffHeaders(role), ...(lang ? { lang } : {}) },
  });

let numbers = 0;
/** A lesson row of a fresh enrolment of the child (as the generator writes them). */
async function lessonAt(options: {
  parentId: number;
  studentId: number;
  courseId: number;
  startsAt: string;
  teacherId?: number | null;
  patch?: Partial<typeof lessons.$inferInsert>;
}) {
  numbers += 1;
  const startsAt = new Date(options.startsAt);
  const [enrollment] = await t.ctx.db
    .insert(enrollments)
    .values({
      enrollment_sn: newPublicId('E'),
      parent_id: options.parentId,
      student_id: options.studentId,
      course_id: options.courseId,
      starts_at: startsAt,
    })
    .returning();
  const [lesson] = await t.ctx.db
    .insert(lessons)
    .values({
      lesson_sn: newPublicId('L'),
      enrollment_id: enrollment!.id,
      parent_id: options.parentId,
      student_id: options.studentId,
      course_id: options.courseId,
      lesson_number: numbers,
      starts_at: startsAt,
      ends_at: new Date(startsAt.getTime() + 25 * MINUTE),
      required_credit: 1,
      room_key: `room-${numbers}`,
      teacher_id: options.teacherId ?? null,
      ...options.patch,
    })
    .returning();
  return { lesson: lesson!, enrollment: enrollment! };
}

async function family(nickname: string) {
  const parent = await createParent(t.ctx, { name: `Parent of ${nickname}`, password: null });
  const child = await createChild(t.ctx, parent.id, nickname);
  return { parent, child };
}

const READS = [
  '/timetable/classes',
  '/today',
  '/courses/1/enrollments',
  '/leave-requests',
  '/feedback',
  '/closures',
];

describe('timetable reads: who may', () => {
  it.each(READS)('GET %s refuses advisers and teachers (403) and answers admins', async (url) => {
    for (const role of ['adviser', 'teacher'] as const) {
      const refused = await get(url, role);
      expect(refused.statusCode, role).toBe(403);
      expect(refused.json()).toMatchObject({ code: 403 });
    }
    const unauthenticated = await t.app.inject({ method: 'GET', url: `/api/ops${url}` });
    expect(unauthenticated.statusCode).toBe(401);
    // Course 1 may not exist yet: admins get through the permission either way.
    expect([200, 404]).toContain((await get(url)).statusCode);
  });
});

describe('GET /timetable/classes and /today', () => {
  it('answers classes with titles and names in the request language', async () => {
    const teacher = await createTeacher(t.ctx, { name: 'Ada' });
    const course = await createCourse(t.ctx, {
      slots: [[1, '10:00']],
      classType: 'small_group',
      teacherId: teacher.id,
    });
    const a = await family('Ann');
    const b = await family('Ben');
    const start = '2026-11-23T02:00:00.000Z';
    const first = await lessonAt({
      parentId: a.parent.id,
      studentId: a.child.id,
      courseId: course.id,
      startsAt: start,
      teacherId: teacher.id,
    });
    const second = await lessonAt({
      parentId: b.parent.id,
      studentId: b.child.id,
      courseId: course.id,
      startsAt: start,
      teacherId: teacher.id,
    });

    const en = await get(`/timetable/classes?from=2026-11-23&to=2026-11-23&courseId=${course.id}`);
    expect(en.statusCode).toBe(200);
    expect(en.json()).toEqual({
      code: 200,
      msg: expect.any(String),
      data: {
        classes: [
          {
            lessonSn: first.lesson.lesson_sn,
            courseId: course.id,
            courseTitle: expect.stringMatching(/^Subject \d+ · Level 1$/),
            startsAt: start,
            endsAt: '2026-11-23T02:25:00.000Z',
            teacher: { teacherSn: teacher.teacher_sn, name: 'Ada' },
            substituteFor: null,
            children: [
              {
                lessonSn: first.lesson.lesson_sn,
                studentSn: a.child.student_sn,
                nickname: 'Ann',
                userSn: a.parent.user_sn,
                status: 'upcoming',
                attendance: null,
                entered: false,
                settled: false,
              },
              expect.objectContaining({
                lessonSn: second.lesson.lesson_sn,
                userSn: b.parent.user_sn,
              }),
            ],
            cancelled: false,
            cancelReason: null,
          },
        ],
      },
    });

    const zh = await get(
      `/timetable/classes?from=2026-11-23&teacherSn=${teacher.teacher_sn}`,
      'admin',
      'zh_CN',
    );
    expect(zh.json().data.classes[0]).toMatchObject({
      courseTitle: expect.stringMatching(/^科目 \d+ · 一级$/),
      teacher: { name: expect.stringMatching(/^老师 \d+$/) },
    });
  });

  it('refuses bad ranges with a translated message and unknown ids with 404', async () => {
    const cases: [string, number, string][] = [
      ['/timetable/classes?from=2026-13-01', 400, 'Choose a date between 1970 and 2100.'],
      [
        '/timetable/classes?from=2026-11-20&to=2026-11-19',
        400,
        'The end date cannot be before the start date.',
      ],
      [
        '/timetable/classes?from=2026-01-01&to=2026-03-31',
        400,
        'Choose at most 62 days at a time.',
      ],
      ['/timetable/classes?courseId=abc', 400, 'This course was not found.'],
      ['/timetable/classes?courseId=999999', 404, 'This course was not found.'],
      ['/timetable/classes?teacherSn=T0000', 404, 'This teacher was not found.'],
    ];
    for (const [url, status, msg] of cases) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(status);
      expect(response.json(), url).toMatchObject({ code: status, msg });
    }
    const zh = await get('/timetable/classes?from=2026-01-01&to=2026-03-31', 'admin', 'zh_CN');
    expect(zh.json().msg).toBe('一次最多选择 62 天。');
  });

  it('answers today on the school calendar with the late flag', async () => {
    const teacher = await createTeacher(t.ctx);
    const course = await createCourse(t.ctx, { slots: [[5, '15:00']], teacherId: teacher.id });
    const kid = await family('Cal');
    const started = new Date(new Date(NOW).getTime() - 10 * MINUTE).toISOString();
    await lessonAt({
      parentId: kid.parent.id,
      studentId: kid.child.id,
      courseId: course.id,
      startsAt: started,
      teacherId: teacher.id,
    });
    const response = await get('/today');
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({ date: '2026-11-20', timeZone: 'Asia/Shanghai' });
    expect(
      data.classes.find((lesson: { courseId: number }) => lesson.courseId === course.id),
    ).toMatchObject({ startsAt: started, teacherEnteredAt: null, late: true });
  });
});

describe('GET /courses/:courseId/enrollments', () => {
  it('answers the enrolments, capacity and places taken; an unknown course is 404', async () => {
    const course = await createCourse(t.ctx, {
      slots: [[1, '10:00']],
      classType: 'group',
      capacity: 8,
      total: 10,
    });
    const kid = await family('Dot');
    const { enrollment } = await lessonAt({
      parentId: kid.parent.id,
      studentId: kid.child.id,
      courseId: course.id,
      startsAt: '2026-11-16T02:00:00.000Z',
    });
    const response = await get(`/courses/${course.id}/enrollments`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      enrollments: [
        {
          enrollmentSn: enrollment.enrollment_sn,
          studentSn: kid.child.student_sn,
          nickname: 'Dot',
          userSn: kid.parent.user_sn,
          parentName: 'Parent of Dot',
          startsAt: '2026-11-16T02:00:00.000Z',
          endedAt: null,
          lessonsDone: 1,
          lessonsTotal: 10,
        },
      ],
      capacity: 8,
      running: 1,
      retired: false,
    });
    expect((await get('/courses/999999/enrollments')).statusCode).toBe(404);
    expect((await get('/courses/0/enrollments')).statusCode).toBe(400);
  });
});

describe('GET /leave-requests and /feedback', () => {
  it('pages leave requests and refuses bad pages', async () => {
    const course = await createCourse(t.ctx, { slots: [[1, '10:00']] });
    const kid = await family('Eli');
    await lessonAt({
      parentId: kid.parent.id,
      studentId: kid.child.id,
      courseId: course.id,
      startsAt: '2026-11-30T02:00:00.000Z',
      patch: { leave_at: new Date('2026-11-18T03:00:00Z'), settled_at: new Date(NOW) },
    });
    const response = await get('/leave-requests?from=2026-11-18&to=2026-11-18', 'admin', 'zh_CN');
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      items: [
        expect.objectContaining({
          nickname: 'Eli',
          userSn: kid.parent.user_sn,
          courseTitle: expect.stringMatching(/^科目 \d+ · 一级$/),
          requestedAt: '2026-11-18T03:00:00.000Z',
          // Nothing was reserved for this row, so nothing came back.
          creditsReturned: 0,
        }),
      ],
      total: 1,
    });
    expect((await get('/leave-requests?page=0')).statusCode).toBe(400);
    expect((await get('/leave-requests?from=nope')).statusCode).toBe(400);
  });

  it('averages ratings (half stars) of a teacher', async () => {
    const teacher = await createTeacher(t.ctx, { name: 'Fay' });
    const course = await createCourse(t.ctx, { slots: [[1, '10:00']], teacherId: teacher.id });
    const kid = await family('Fin');
    for (const [startsAt, halves] of [
      ['2026-10-05T02:00:00.000Z', 9],
      ['2026-11-02T02:00:00.000Z', 6],
    ] as const) {
      const { lesson } = await lessonAt({
        parentId: kid.parent.id,
        studentId: kid.child.id,
        courseId: course.id,
        startsAt,
        teacherId: teacher.id,
      });
      await t.ctx.db.insert(lessonComments).values({
        comment_sn: newPublicId('C'),
        lesson_id: lesson.id,
        parent_id: kid.parent.id,
        rating_halves: halves,
        comment: 'ok',
      });
    }
    const response = await get(`/feedback?teacherSn=${teacher.teacher_sn}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      average: 3.75,
      count: 2,
      total: 2,
      byMonth: [
        { month: '2026-10', average: 4.5, count: 1 },
        { month: '2026-11', average: 3, count: 1 },
      ],
      items: [{ rating: 3, teacherName: 'Fay', nickname: 'Fin', comment: 'ok' }, { rating: 4.5 }],
    });
    expect((await get('/feedback?teacherSn=T404')).statusCode).toBe(404);
    expect((await get('/feedback?from=2026-02-30')).statusCode).toBe(400);
  });
});

describe('GET /closures', () => {
  it('answers the closures list', async () => {
    const response = await get('/closures');
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ closures: expect.any(Array) });
  });
});

// ---------------------------------------------------------------------------------------------
// Changes: each goes through the scheduling engine (audited with the actor, families told)

const WRITES: [string, object][] = [
  ['/enrollments/preview', {}],
  ['/enrollments', {}],
  ['/enrollments/E1/end', {}],
  ['/lessons/L1/cancel', { reason: 'teacher-ill' }],
  ['/lessons/L1/move', { startsAt: '2026-12-01T02:00:00Z' }],
  ['/lessons/L1/move-following', { weekday: 1, time: '10:00' }],
  ['/lessons/L1/substitute', { teacherSn: 'T1' }],
  ['/lessons/L1/attendance', { attendance: 'attended' }],
  ['/cover', { teacherSn: 'T1', substituteSn: 'T2' }],
  ['/closures/preview', {}],
  ['/closures', {}],
];

/** Audit entries of `action` about the lesson, enrolment or closure `targetId`. */
async function audits(action: string, targetId?: string) {
  return t.ctx.db
    .select()
    .from(auditLog)
    .where(
      and(eq(auditLog.action, action), targetId ? eq(auditLog.target_id, targetId) : undefined),
    )
    .orderBy(asc(auditLog.id));
}

/** The family's credits: reserved and available (paid + reward − reserved). */
async function creditsOf(parentId: number) {
  const [row] = rowsOf<{ reserved: number; available: number }>(
    await t.ctx.db.execute(sql`select coalesce(sum(reserved_delta), 0)::int as reserved,
      coalesce(sum(paid_delta + reward_delta - reserved_delta), 0)::int as available
      from credit_ledger where parent_id = ${parentId}`),
  );
  return row!;
}

/** Lesson-change messages sent to the family (one per family per change). */
async function changeMessagesTo(parentId: number) {
  const rows = await t.ctx.db.select().from(messageLog).where(eq(messageLog.parent_id, parentId));
  return rows.filter((row) => row.kind === 'lesson-changes');
}

async function lessonsOfStudent(studentId: number) {
  return t.ctx.db
    .select()
    .from(lessons)
    .where(eq(lessons.student_id, studentId))
    .orderBy(asc(lessons.starts_at));
}

/** A family in Shanghai with credits, a child and (when asked) an enrolment in `courseId`. */
async function enrolledFamily(nickname: string, courseId?: number) {
  const kid = await family(nickname);
  await grantCredits(t.ctx, kid.parent.id, { paid: 40 });
  if (courseId !== undefined)
    await createEnrollment(t.ctx, {
      parentId: kid.parent.id,
      studentId: kid.child.id,
      courseId,
    });
  return kid;
}

describe('timetable changes: who may', () => {
  it.each(WRITES)('POST %s refuses advisers and teachers with 403', async (url, payload) => {
    for (const role of ['adviser', 'teacher'] as const) {
      const refused = await post(url, payload, role);
      expect(refused.statusCode, role).toBe(403);
    }
    expect((await get('/enrollments/E1/end-preview', 'adviser')).statusCode).toBe(403);
    expect((await get('/cover?teacherSn=T1', 'teacher')).statusCode).toBe(403);
  });
});

describe('POST /enrollments/preview and /enrollments', () => {
  it('previews the generator’s lessons at the parent’s local times, then enrols exactly those', async () => {
    t.clock.set(NOW);
    const teacher = await createTeacher(t.ctx, { name: 'Gil' });
    // Mondays 10:00 in UTC = 18:00 in Shanghai.
    const course = await createCourse(t.ctx, {
      slots: [[1, '10:00']],
      credit: 2,
      classType: 'small_group',
      teacherId: teacher.id,
    });
    const kid = await family('Gia');
    await t.ctx.db.execute(
      sql`update parents set time_zone = 'Asia/Shanghai' where id = ${kid.parent.id}`,
    );
    await grantCredits(t.ctx, kid.parent.id, { paid: 5 });
    const body = {
      userSn: kid.parent.user_sn,
      studentSn: kid.child.student_sn,
      courseId: course.id,
      startWeek: '2026-11-23',
    };

    const preview = await post('/enrollments/preview', body);
    expect(preview.statusCode).toBe(200);
    const data = preview.json().data;
    expect(data).toMatchObject({
      creditsNeeded: 8,
      available: 5,
      coveredByPlan: false,
      shortBy: 3,
      full: false,
      retired: false,
      conflicts: [],
      parentTimeZone: 'Asia/Shanghai',
    });
    expect(data.lessons).toEqual([
      {
        lessonNumber: 1,
        startsAt: '2026-11-23T10:00:00.000Z',
        endsAt: '2026-11-23T10:25:00.000Z',
        localDate: '2026-11-23',
        localTime: '18:00',
        credits: 2,
        teacherName: 'Gil',
      },
      expect.objectContaining({ lessonNumber: 2, startsAt: '2026-11-30T10:00:00.000Z' }),
      expect.objectContaining({ lessonNumber: 3, startsAt: '2026-12-07T10:00:00.000Z' }),
      expect.objectContaining({ lessonNumber: 4, startsAt: '2026-12-14T10:00:00.000Z' }),
    ]);
    // A preview writes nothing.
    expect(await lessonsOfStudent(kid.child.id)).toEqual([]);

    const enrolled = await post('/enrollments', body);
    expect(enrolled.statusCode).toBe(200);
    const { enrollmentSn } = enrolled.json().data;
    expect(enrollmentSn).toMatch(/^E/);
    const created = await lessonsOfStudent(kid.child.id);
    // The credits cover two of the four lessons; the rest wait for a top-up.
    expect(created.map((lesson) => lesson.starts_at.toISOString())).toEqual(
      data.lessons.slice(0, created.length).map((lesson: { startsAt: string }) => lesson.startsAt),
    );
    expect(created.length).toBeGreaterThan(0);
    const [entry] = await audits('enrollment.created', enrollmentSn);
    expect(entry).toMatchObject({ staff_id: 1, parent_id: kid.parent.id, ip: '127.0.0.1' });
    // One message to the family listing the new lessons.
    expect(await changeMessagesTo(kid.parent.id)).toHaveLength(1);
  });

  it('refuses another family’s child, unknown ids and bad input, creating nothing', async () => {
    const course = await createCourse(t.ctx, { slots: [[1, '10:00']], classType: 'group' });
    const mine = await enrolledFamily('Hoa');
    const theirs = await enrolledFamily('Ida');
    const body = {
      userSn: mine.parent.user_sn,
      studentSn: theirs.child.student_sn,
      courseId: course.id,
      startWeek: '2026-11-23',
    };
    const before = await t.ctx.db.select().from(enrollments);
    const cases: [object, number, string][] = [
      [body, 404, 'This child was not found in the family.'],
      [{ ...body, userSn: 'P404' }, 404, 'This family was not found.'],
      [
        { ...body, studentSn: mine.child.student_sn, courseId: 999_999 },
        404,
        'This course was not found.',
      ],
      [
        { ...body, studentSn: mine.child.student_sn, startWeek: '2026-02-30' },
        400,
        'Choose the first week (a date between 1970 and 2100).',
      ],
      [
        { ...body, studentSn: mine.child.student_sn, courseId: 'x' },
        400,
        'This course was not found.',
      ],
    ];
    for (const [payload, status, msg] of cases) {
      for (const url of ['/enrollments/preview', '/enrollments']) {
        const response = await post(url, payload);
        expect(response.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(status);
        expect(response.json().msg).toBe(msg);
      }
    }
    expect(await t.ctx.db.select().from(enrollments)).toHaveLength(before.length);
    expect(await lessonsOfStudent(theirs.child.id)).toEqual([]);
  });

  it('refuses a full course with the engine’s translated message', async () => {
    const course = await createCourse(t.ctx, { slots: [[2, '10:00']], capacity: 1 });
    await enrolledFamily('Jan', course.id);
    const other = await enrolledFamily('Kai');
    const response = await post(
      '/enrollments',
      {
        userSn: other.parent.user_sn,
        studentSn: other.child.student_sn,
        courseId: course.id,
        startWeek: '2026-11-23',
      },
      'admin',
      'zh_CN',
    );
    expect(response.statusCode).toBe(409);
    expect(response.json().msg).toBe('该课程班已满，没有空位。');
    expect(await lessonsOfStudent(other.child.id)).toEqual([]);
  });
});

describe('ending an enrolment', () => {
  it('previews and cancels the coming lessons, releasing their credits', async () => {
    const course = await createCourse(t.ctx, { slots: [[3, '10:00']], credit: 3 });
    const kid = await enrolledFamily('Lea', course.id);
    const [enrollment] = await t.ctx.db
      .select()
      .from(enrollments)
      .where(eq(enrollments.student_id, kid.child.id));
    const sn = enrollment!.enrollment_sn;
    expect((await creditsOf(kid.parent.id)).reserved).toBe(12);

    const preview = await get(`/enrollments/${sn}/end-preview`);
    expect(preview.statusCode).toBe(200);
    expect(preview.json().data).toMatchObject({ credits: 12 });
    expect(preview.json().data.lessons).toHaveLength(4);

    const ended = await post(`/enrollments/${sn}/end`, {});
    expect(ended.statusCode).toBe(200);
    expect(ended.json().data).toEqual({ lessonsCancelled: 4, creditsReleased: 12 });
    expect(await creditsOf(kid.parent.id)).toEqual({ reserved: 0, available: 40 });
    expect(await audits('enrollment.ended', sn)).toHaveLength(1);

    const again = await post(`/enrollments/${sn}/end`, {});
    expect(again.statusCode).toBe(409);
    expect((await get('/enrollments/E404/end-preview')).statusCode).toBe(404);
    expect((await post('/enrollments/E404/end', {})).statusCode).toBe(404);
  });
});

describe('lesson changes', () => {
  it('cancels the class of the lesson named for every child, with a reason', async () => {
    const teacher = await createTeacher(t.ctx);
    const course = await createCourse(t.ctx, {
      slots: [[4, '10:00']],
      credit: 2,
      classType: 'group',
      teacherId: teacher.id,
    });
    const a = await enrolledFamily('Mia', course.id);
    const b = await enrolledFamily('Ned', course.id);
    const [first] = await lessonsOfStudent(a.child.id);

    const bad = await post(`/lessons/${first!.lesson_sn}/cancel`, { reason: 'closure' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('Choose a reason for the cancellation.');
    expect((await lessonsOfStudent(a.child.id))[0]!.cancelled_at).toBeNull();
    expect((await post('/lessons/L404/cancel', { reason: 'teacher-ill' })).statusCode).toBe(404);

    const done = await post(`/lessons/${first!.lesson_sn}/cancel`, { reason: 'teacher-ill' });
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toEqual({ lessonsCancelled: 2, creditsReleased: 4 });
    for (const kid of [a, b]) {
      const [lesson] = await lessonsOfStudent(kid.child.id);
      expect(lesson).toMatchObject({ cancel_reason: 'teacher-ill' });
      expect(lesson!.cancelled_at).not.toBeNull();
      expect((await creditsOf(kid.parent.id)).reserved).toBe(6);
      expect(await audits('lesson.cancelled', lesson!.lesson_sn)).toHaveLength(1);
      expect(await changeMessagesTo(kid.parent.id)).toHaveLength(1);
    }
  });

  it('moves one class, refusing a time in the past and bad input', async () => {
    const teacher = await createTeacher(t.ctx);
    const course = await createCourse(t.ctx, { slots: [[5, '10:00']], teacherId: teacher.id });
    const kid = await enrolledFamily('Ola', course.id);
    const [first] = await lessonsOfStudent(kid.child.id);
    const url = `/lessons/${first!.lesson_sn}/move`;

    expect((await post(url, { startsAt: 'tomorrow' })).json()).toMatchObject({
      code: 400,
      msg: 'Choose the new date and time.',
    });
    const past = await post(url, { startsAt: '2026-11-19T10:00:00Z' });
    expect(past.statusCode).toBe(409);
    expect(past.json().msg).toBe('Choose a time in the future.');
    expect(
      (await post(url, { startsAt: '2026-11-21T10:00:00Z', teacherSn: 'T404' })).statusCode,
    ).toBe(404);
    expect((await lessonsOfStudent(kid.child.id))[0]!.starts_at).toEqual(first!.starts_at);

    const moved = await post(url, { startsAt: '2026-11-21T11:00:00+01:00' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data).toEqual({ lessonsMoved: 1 });
    const [after] = await lessonsOfStudent(kid.child.id);
    expect(after!.starts_at.toISOString()).toBe('2026-11-21T10:00:00.000Z');
    expect(await audits('lesson.moved', first!.lesson_sn)).toHaveLength(1);
  });

  it('moves this and all following lessons of the enrolment to a new weekly slot', async () => {
    const teacher = await createTeacher(t.ctx);
    const course = await createCourse(t.ctx, { slots: [[1, '12:00']], teacherId: teacher.id });
    const kid = await enrolledFamily('Pam', course.id);
    const [, second] = await lessonsOfStudent(kid.child.id);
    const url = `/lessons/${second!.lesson_sn}/move-following`;

    for (const [payload, msg] of [
      [{ weekday: 7, time: '10:00' }, 'Choose a day of the week.'],
      [{ weekday: 2, time: '25:00' }, 'Enter the time as HH:mm (24-hour clock).'],
    ] as const) {
      const response = await post(url, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().msg).toBe(msg);
    }
    const moved = await post(url, { weekday: 3, time: '09:30' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data).toEqual({ lessonsMoved: 3 });
    const after = await lessonsOfStudent(kid.child.id);
    expect(after.map((lesson) => [lesson.lesson_number, lesson.starts_at.toISOString()])).toEqual([
      [1, '2026-11-23T12:00:00.000Z'],
      [2, '2026-12-02T09:30:00.000Z'],
      [3, '2026-12-09T09:30:00.000Z'],
      [4, '2026-12-16T09:30:00.000Z'],
    ]);
    expect(await audits('lesson.series-moved')).not.toHaveLength(0);
  });

  it('assigns a substitute to one class', async () => {
    const teacher = await createTeacher(t.ctx, { name: 'Quin' });
    const course = await createCourse(t.ctx, { slots: [[2, '13:00']], teacherId: teacher.id });
    const substitute = await createTeacher(t.ctx, {
      name: 'Rex',
      subjectIds: [course.subject_id],
    });
    const kid = await enrolledFamily('Ria', course.id);
    const [first] = await lessonsOfStudent(kid.child.id);
    const url = `/lessons/${first!.lesson_sn}/substitute`;
    expect((await post(url, { teacherSn: 'T404' })).statusCode).toBe(404);
    expect((await post(url, {})).statusCode).toBe(400);

    const covered = await post(url, { teacherSn: substitute.teacher_sn });
    expect(covered.statusCode).toBe(200);
    expect(covered.json().data).toEqual({ lessonsCovered: 1 });
    const [after] = await lessonsOfStudent(kid.child.id);
    expect(after).toMatchObject({ teacher_id: substitute.id, substitute_for_id: teacher.id });
    expect(await audits('lesson.substitute-assigned', first!.lesson_sn)).toHaveLength(1);

    const classes = await get(`/timetable/classes?from=2026-11-24&courseId=${course.id}`);
    expect(classes.json().data.classes[0]).toMatchObject({
      teacher: { name: 'Rex' },
      substituteFor: { name: 'Quin' },
    });
  });

  it('marks attendance with the teacher’s rule: not before the start, not once settled', async () => {
    const teacher = await createTeacher(t.ctx);
    const course = await createCourse(t.ctx, { slots: [[1, '14:00']], teacherId: teacher.id });
    const kid = await enrolledFamily('Sam', course.id);
    const [first] = await lessonsOfStudent(kid.child.id);
    const url = `/lessons/${first!.lesson_sn}/attendance`;

    const early = await post(url, { attendance: 'attended' });
    expect(early.statusCode).toBe(400);
    expect(early.json().msg).toBe('Attendance can be marked once the lesson has started.');
    expect((await post(url, { attendance: 'maybe' })).statusCode).toBe(400);
    expect((await post('/lessons/L404/attendance', { attendance: 'absent' })).statusCode).toBe(404);

    t.clock.set(new Date(first!.starts_at.getTime() + 10 * MINUTE));
    try {
      const marked = await post(url, { attendance: 'absent', note: '  Missed the start.  ' });
      expect(marked.statusCode).toBe(200);
      expect(marked.json().data).toEqual({ attendance: 'absent', note: 'Missed the start.' });
      const [after] = await lessonsOfStudent(kid.child.id);
      expect(after).toMatchObject({ attendance: 'absent', attendance_by: 1 });
      expect(await audits('lesson.attendance-marked', first!.lesson_sn)).toHaveLength(1);
      expect(await audits('lesson.note-written', first!.lesson_sn)).toHaveLength(1);

      await t.ctx.db
        .update(lessons)
        .set({ settled_at: t.clock.now() })
        .where(eq(lessons.id, first!.id));
      const settled = await post(url, { attendance: 'attended' });
      expect(settled.statusCode).toBe(409);
      expect((await lessonsOfStudent(kid.child.id))[0]!.attendance).toBe('absent');
    } finally {
      t.clock.set(NOW);
    }
  });
});

describe('cover', () => {
  it('lists the classes of a teacher’s time off with candidates, and covers them', async () => {
    const away = await createTeacher(t.ctx, { name: 'Tia' });
    const course = await createCourse(t.ctx, { slots: [[4, '15:00']], teacherId: away.id });
    const helper = await createTeacher(t.ctx, { name: 'Uma', subjectIds: [course.subject_id] });
    // Teaches another subject: no candidate.
    await createTeacher(t.ctx, { name: 'Vic' });
    const kid = await enrolledFamily('Wes', course.id);
    // Thursdays 26 Nov and 3 Dec fall in the time off; 10 Dec does not.
    await createTimeOff(t.ctx, away.id, '2026-11-26', '2026-12-05');

    const listed = await get(`/cover?teacherSn=${away.teacher_sn}`);
    expect(listed.statusCode).toBe(200);
    const classes = listed.json().data.classes;
    expect(classes.map((lesson: { startsAt: string }) => lesson.startsAt)).toEqual([
      '2026-11-26T15:00:00.000Z',
      '2026-12-03T15:00:00.000Z',
    ]);
    expect(classes[0].candidates).toEqual([{ teacherSn: helper.teacher_sn, name: 'Uma' }]);
    expect((await get('/cover?teacherSn=T404')).statusCode).toBe(404);
    expect((await get('/cover')).statusCode).toBe(400);

    const lessonsNow = await lessonsOfStudent(kid.child.id);
    const outside = lessonsNow.find(
      (lesson) => lesson.starts_at.toISOString() === '2026-12-10T15:00:00.000Z',
    )!;
    const refused = await post('/cover', {
      teacherSn: away.teacher_sn,
      substituteSn: helper.teacher_sn,
      lessonSns: [outside.lesson_sn],
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe('This lesson is not in the teacher’s time off.');
    const same = await post('/cover', {
      teacherSn: away.teacher_sn,
      substituteSn: away.teacher_sn,
    });
    expect(same.statusCode).toBe(409);
    expect(
      (
        await post('/cover', {
          teacherSn: away.teacher_sn,
          substituteSn: helper.teacher_sn,
          lessonSns: ['L404'],
        })
      ).statusCode,
    ).toBe(404);
    expect((await lessonsOfStudent(kid.child.id)).every((l) => l.teacher_id === away.id)).toBe(
      true,
    );

    const one = await post('/cover', {
      teacherSn: away.teacher_sn,
      substituteSn: helper.teacher_sn,
      lessonSns: [classes[0].lessonSn],
    });
    expect(one.json().data).toEqual({ lessonsCovered: 1 });
    const rest = await post('/cover', {
      teacherSn: away.teacher_sn,
      substituteSn: helper.teacher_sn,
    });
    expect(rest.json().data).toEqual({ lessonsCovered: 1 });
    expect((await get(`/cover?teacherSn=${away.teacher_sn}`)).json().data.classes).toEqual([]);
    const after = await lessonsOfStudent(kid.child.id);
    // Thursdays 26 Nov and 3 Dec covered; 10 and 17 Dec keep their teacher.
    expect(after.map((lesson) => lesson.teacher_id)).toEqual([
      helper.id,
      helper.id,
      away.id,
      away.id,
    ]);
    expect(await audits('lesson.substitute-assigned', classes[1].lessonSn)).toHaveLength(1);
  });
});

describe('closures', () => {
  it('previews and declares a closure of a course; lists it', async () => {
    const course = await createCourse(t.ctx, {
      slots: [[1, '10:00']],
      credit: 2,
      classType: 'group',
    });
    const a = await enrolledFamily('Xia', course.id);
    const b = await enrolledFamily('Yan', course.id);
    // Monday 30 November (school calendar) only.
    const body = {
      courseId: course.id,
      startsOn: '2026-11-30',
      endsOn: '2026-11-30',
      reasonEn: 'Teacher training',
      reasonZh: '教师培训',
    };

    for (const [payload, status, msg] of [
      [{ ...body, endsOn: '2026-11-29' }, 400, 'The end date cannot be before the start date.'],
      [{ ...body, reasonZh: ' ' }, 400, 'Write the reason in both languages.'],
      [{ ...body, courseId: 999_999 }, 404, 'This course was not found.'],
      [{ ...body, startsOn: '30/11/2026' }, 400, 'Choose a date between 1970 and 2100.'],
    ] as const) {
      for (const url of ['/closures/preview', '/closures']) {
        const response = await post(url, payload);
        expect(response.statusCode, `${url} ${msg}`).toBe(status);
        expect(response.json().msg).toBe(msg);
      }
    }
    expect((await get('/closures')).json().data.closures).toEqual([]);

    const preview = await post('/closures/preview', body);
    expect(preview.json().data).toEqual({ lessons: 2, families: 2, credits: 4 });
    const declared = await post('/closures', body);
    expect(declared.statusCode).toBe(200);
    const { closureSn } = declared.json().data;
    expect(declared.json().data).toEqual({ closureSn, lessonsCancelled: 2, familiesNotified: 2 });
    for (const kid of [a, b]) {
      const cancelled = (await lessonsOfStudent(kid.child.id)).filter(
        (lesson) => lesson.cancelled_at !== null,
      );
      expect(cancelled.map((lesson) => lesson.starts_at.toISOString())).toEqual([
        '2026-11-30T10:00:00.000Z',
      ]);
      expect(cancelled[0]).toMatchObject({ cancel_reason: 'closure' });
      expect(await changeMessagesTo(kid.parent.id)).toHaveLength(1);
    }
    expect(await audits('closure.declared', closureSn)).toHaveLength(1);

    const list = await get('/closures', 'admin', 'zh_CN');
    expect(list.json().data.closures).toEqual([
      {
        closureSn,
        courseId: course.id,
        courseTitle: expect.stringMatching(/^科目 \d+ · 一级$/),
        startsOn: '2026-11-30',
        endsOn: '2026-11-30',
        reasonEn: 'Teacher training',
        reasonZh: '教师培训',
        lessonsCancelled: 2,
      },
    ]);
  });
});

describe('parallel changes', () => {
  it('cancels a class once when two admins cancel it at the same time', async () => {
    const course = await createCourse(t.ctx, {
      slots: [[3, '16:00']],
      credit: 2,
      classType: 'group',
    });
    const a = await enrolledFamily('Zed', course.id);
    const b = await enrolledFamily('Zoe', course.id);
    const [first] = await lessonsOfStudent(a.child.id);
    const responses = await Promise.all(
      ['teacher-ill', 'school-decision'].map((reason) =>
        post(`/lessons/${first!.lesson_sn}/cancel`, { reason }),
      ),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    for (const kid of [a, b]) {
      expect(await creditsOf(kid.parent.id)).toEqual({ reserved: 6, available: 34 });
      const [lesson] = await lessonsOfStudent(kid.child.id);
      expect(await audits('lesson.cancelled', lesson!.lesson_sn)).toHaveLength(1);
    }
  });
});
