import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '@portal/shared/staff';
import { enrollments, lessonComments, lessons } from '../../db/schema';
import { newPublicId } from '../../lib/ids';
import { createParent } from '../../../test/factories/parents';
import { createChild, createCourse } from '../../../test/factories/lessons';
import { createTeacher } from '../../../test/factories/teachers';
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
