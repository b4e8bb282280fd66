import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import { createParent } from '../../../test/factories/parents';
import {
  createChild,
  createCourse,
  createEnrollment,
  createMembership,
  grantCredits,
} from '../../../test/factories/lessons';
import { createTeacher } from '../../../test/factories/teachers';
import { closures, enrollments, lessonComments, lessons } from '../../db/schema';
import { newPublicId } from '../../lib/ids';
import { requestLeave } from '../lessons/lessons.service';
import {
  averageStars,
  courseEnrollments,
  feedbackSummary,
  isLateStart,
  leaveRequests,
  listClasses,
  listClosures,
  todayClasses,
} from './timetable.service';

// A Friday: 16:00 in Asia/Shanghai (the default SCHOOL_TIME_ZONE), so "today" on the school's
// calendar is 2026-11-19T16:00Z … 2026-11-20T16:00Z.
const NOW = '2026-11-20T08:00:00.000Z';
const MINUTE = 60_000;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set(NOW);
});
afterAll(() => t.close());

let numbers = 0;
/** A lesson row of a fresh enrollment of the child, as the generator would have written it. */
async function lessonAt(options: {
  parentId: number;
  studentId: number;
  courseId: number;
  startsAt: string;
  minutes?: number;
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
      ends_at: new Date(startsAt.getTime() + (options.minutes ?? 25) * MINUTE),
      required_credit: 1,
      room_key: `room-${numbers}`,
      teacher_id: options.teacherId ?? null,
      ...options.patch,
    })
    .returning();
  return lesson!;
}

async function family(nickname: string) {
  const parent = await createParent(t.ctx, { name: `Parent of ${nickname}`, password: null });
  const child = await createChild(t.ctx, parent.id, nickname);
  return { parent, child };
}

describe('listClasses', () => {
  it('groups the rows of one course at one start into one class, with teacher and substitute', async () => {
    const teacher = await createTeacher(t.ctx, { name: 'Ada' });
    const substitute = await createTeacher(t.ctx, { name: 'Bea' });
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
      teacherId: substitute.id,
      patch: { substitute_for_id: teacher.id },
    });
    await lessonAt({
      parentId: b.parent.id,
      studentId: b.child.id,
      courseId: course.id,
      startsAt: start,
      teacherId: substitute.id,
      patch: { substitute_for_id: teacher.id, leave_at: new Date(NOW) },
    });
    // Another class of the course, outside the range asked for.
    await lessonAt({
      parentId: a.parent.id,
      studentId: a.child.id,
      courseId: course.id,
      startsAt: '2026-12-07T02:00:00.000Z',
      teacherId: teacher.id,
    });

    const classes = await listClasses(t.ctx, {
      from: '2026-11-23',
      to: '2026-11-23',
      courseId: course.id,
    });
    expect(classes).toHaveLength(1);
    const [only] = classes;
    expect(only).toMatchObject({
      lessonSn: first.lesson_sn,
      courseId: course.id,
      courseTitle: { en: expect.stringMatching(/^Subject \d+ · Level 1$/), zh: expect.any(String) },
      startsAt: new Date(start),
      teacher: { teacherSn: substitute.teacher_sn, name: { en: 'Bea' } },
      substituteFor: { teacherSn: teacher.teacher_sn, name: { en: 'Ada' } },
      cancelled: false,
      cancelReason: null,
    });
    expect(only!.children.map((child) => [child.nickname, child.status])).toEqual([
      ['Ann', 'upcoming'],
      ['Ben', 'on-leave'],
    ]);

    // By teacher: the course's own teacher finds the class a substitute covers, and the next.
    const byTeacher = await listClasses(t.ctx, {
      from: '2026-11-20',
      to: '2026-12-20',
      teacherSn: teacher.teacher_sn,
    });
    expect(byTeacher.map((lesson) => lesson.startsAt.toISOString())).toEqual([
      start,
      '2026-12-07T02:00:00.000Z',
    ]);
  });

  it('reads days of the school calendar: a class at 23:30 Shanghai is on that day', async () => {
    const course = await createCourse(t.ctx, { slots: [[2, '23:30']] });
    const a = await family('Cat');
    // 2026-11-24 23:30 in Shanghai is 15:30Z the same day; 00:30 on the 25th is 16:30Z.
    await lessonAt({
      parentId: a.parent.id,
      studentId: a.child.id,
      courseId: course.id,
      startsAt: '2026-11-24T15:30:00.000Z',
    });
    await lessonAt({
      parentId: a.parent.id,
      studentId: a.child.id,
      courseId: course.id,
      startsAt: '2026-11-24T16:30:00.000Z',
    });
    const day = await listClasses(t.ctx, {
      from: '2026-11-24',
      to: '2026-11-24',
      courseId: course.id,
    });
    expect(day.map((lesson) => lesson.startsAt.toISOString())).toEqual([
      '2026-11-24T15:30:00.000Z',
    ]);
    // Without a range: today and the next 6 days (to 2026-11-26 in Shanghai).
    const week = await listClasses(t.ctx, { courseId: course.id });
    expect(week).toHaveLength(2);
  });

  it('shows attended and no-show by the mark first, then by the entry; a cancelled class says why', async () => {
    const course = await createCourse(t.ctx, { slots: [[4, '09:00']], classType: 'group' });
    const kids = await Promise.all(['Dan', 'Eve', 'Fay', 'Gus'].map(family));
    const start = '2026-11-19T01:00:00.000Z';
    const patches = [
      { entered_at: new Date('2026-11-19T01:01:00Z') },
      { entered_at: new Date('2026-11-19T01:01:00Z'), attendance: 'absent' as const },
      { attendance: 'attended' as const },
      {},
    ];
    for (const [index, kid] of kids.entries()) {
      await lessonAt({
        parentId: kid.parent.id,
        studentId: kid.child.id,
        courseId: course.id,
        startsAt: start,
        patch: patches[index],
      });
    }
    const [held] = await listClasses(t.ctx, { from: '2026-11-19', courseId: course.id });
    expect(held!.children.map((child) => child.status)).toEqual([
      'done',
      'no-show',
      'done',
      'no-show',
    ]);

    const cancelledCourse = await createCourse(t.ctx, { slots: [[4, '09:00']] });
    await lessonAt({
      parentId: kids[0]!.parent.id,
      studentId: kids[0]!.child.id,
      courseId: cancelledCourse.id,
      startsAt: '2026-11-26T01:00:00.000Z',
      patch: { cancelled_at: new Date(NOW), cancel_reason: 'teacher-ill' },
    });
    const [cancelled] = await listClasses(t.ctx, {
      from: '2026-11-26',
      courseId: cancelledCourse.id,
    });
    expect(cancelled).toMatchObject({ cancelled: true, cancelReason: 'teacher-ill' });
    expect(cancelled!.children[0]!.status).toBe('cancelled');
  });

  it('refuses an unknown teacher or course with 404', async () => {
    await expect(listClasses(t.ctx, { teacherSn: 'T000000000000' })).rejects.toMatchObject({
      httpStatus: 404,
      messageKey: 'timetableTeacherNotFound',
    });
    await expect(listClasses(t.ctx, { courseId: 999_999 })).rejects.toMatchObject({
      httpStatus: 404,
      messageKey: 'timetableCourseNotFound',
    });
  });
});

describe('todayClasses and late starts', () => {
  it('flags a class whose teacher was not in 3 minutes after the start', async () => {
    const teacher = await createTeacher(t.ctx);
    const course = await createCourse(t.ctx, { slots: [[5, '15:00']], teacherId: teacher.id });
    const kid = await family('Hal');
    const now = new Date(NOW).getTime();
    const at = (minutes: number) => new Date(now + minutes * MINUTE).toISOString();
    const cases = [
      { start: at(-10), entered: at(-9), late: false }, // in after 1 minute
      { start: at(-20), entered: at(-16), late: true }, // in after 4 minutes
      { start: at(-30), entered: null, late: true }, // never in
      { start: at(-2), entered: null, late: false }, // 3 minutes not yet passed
      { start: at(60), entered: null, late: false }, // later today
    ];
    for (const item of cases) {
      await lessonAt({
        parentId: kid.parent.id,
        studentId: kid.child.id,
        courseId: course.id,
        startsAt: item.start,
        minutes: 90,
        teacherId: teacher.id,
        patch: { teacher_entered_at: item.entered ? new Date(item.entered) : null },
      });
    }
    // Without a teacher (made before #22) nothing is late.
    const untaught = await createCourse(t.ctx, { slots: [[5, '15:00']] });
    await lessonAt({
      parentId: kid.parent.id,
      studentId: kid.child.id,
      courseId: untaught.id,
      startsAt: at(-30),
    });
    // Tomorrow (school calendar) is not today.
    await lessonAt({
      parentId: kid.parent.id,
      studentId: kid.child.id,
      courseId: course.id,
      startsAt: '2026-11-20T16:00:00.000Z',
      teacherId: teacher.id,
    });

    const today = await todayClasses(t.ctx);
    expect(today).toMatchObject({ date: '2026-11-20', timeZone: 'Asia/Shanghai' });
    const mine = today.classes.filter((lesson) => lesson.courseId === course.id);
    expect(mine.map((lesson) => [lesson.startsAt.toISOString(), lesson.late]).sort()).toEqual(
      cases.map((item) => [item.start, item.late]).sort(),
    );
    const lateButIn = mine.find((lesson) => lesson.startsAt.toISOString() === at(-20));
    expect(lateButIn?.teacherEnteredAt?.toISOString()).toBe(at(-16));
    const other = today.classes.find((lesson) => lesson.courseId === untaught.id);
    expect(other?.late).toBe(false);
  });

  it('never flags a cancelled class', () => {
    const startsAt = new Date('2026-11-20T07:00:00Z');
    const teacher = { teacherSn: 'T1', name: { en: 'A', zh: 'A' } };
    const now = new Date(NOW);
    expect(isLateStart({ teacher, cancelled: true, startsAt, teacherEnteredAt: null }, now)).toBe(
      false,
    );
    expect(isLateStart({ teacher, cancelled: false, startsAt, teacherEnteredAt: null }, now)).toBe(
      true,
    );
    // Entered exactly at the 3-minute mark is on time.
    const onTime = new Date(startsAt.getTime() + 3 * MINUTE);
    expect(
      isLateStart({ teacher, cancelled: false, startsAt, teacherEnteredAt: onTime }, now),
    ).toBe(false);
  });
});

describe('courseEnrollments', () => {
  it('lists running enrolments first with the lessons held, and the places taken', async () => {
    const course = await createCourse(t.ctx, {
      slots: [[1, '10:00']],
      classType: 'small_group',
      capacity: 4,
      total: 12,
    });
    const a = await family('Ivy');
    const b = await family('Jon');
    const running = await lessonAt({
      parentId: a.parent.id,
      studentId: a.child.id,
      courseId: course.id,
      startsAt: '2026-11-16T02:00:00.000Z',
    });
    // Two more lessons of the same enrolment: one held, one on leave, one to come.
    for (const [startsAt, patch] of [
      ['2026-11-09T02:00:00.000Z', {}],
      ['2026-11-02T02:00:00.000Z', { leave_at: new Date('2026-11-01T00:00:00Z') }],
      ['2026-11-23T02:00:00.000Z', {}],
    ] as const) {
      numbers += 1;
      await t.ctx.db.insert(lessons).values({
        lesson_sn: newPublicId('L'),
        enrollment_id: running.enrollment_id,
        parent_id: a.parent.id,
        student_id: a.child.id,
        course_id: course.id,
        lesson_number: numbers,
        starts_at: new Date(startsAt),
        ends_at: new Date(new Date(startsAt).getTime() + 25 * MINUTE),
        required_credit: 1,
        room_key: 'k',
        ...patch,
      });
    }
    const ended = await lessonAt({
      parentId: b.parent.id,
      studentId: b.child.id,
      courseId: course.id,
      startsAt: '2026-11-16T02:00:00.000Z',
    });
    await t.ctx.db
      .update(enrollments)
      .set({ cancelled_at: new Date('2026-11-18T00:00:00Z') })
      .where(eq(enrollments.id, ended.enrollment_id));

    const answer = await courseEnrollments(t.ctx, course.id);
    expect(answer).toMatchObject({ capacity: 4, running: 1, retired: false });
    expect(
      answer.enrollments.map((item) => [
        item.nickname,
        item.parentName,
        item.lessonsDone,
        item.lessonsTotal,
        item.endedAt?.toISOString() ?? null,
      ]),
    ).toEqual([
      ['Ivy', 'Parent of Ivy', 2, 12, null],
      ['Jon', 'Parent of Jon', 1, 12, '2026-11-18T00:00:00.000Z'],
    ]);
    expect(answer.enrollments[0]!.userSn).toBe(a.parent.user_sn);
    await expect(courseEnrollments(t.ctx, 999_999)).rejects.toMatchObject({ httpStatus: 404 });
  });
});

describe('leaveRequests', () => {
  it('lists leave newest first with the credits the leave gave back', async () => {
    // A fresh clock day keeps this test's requests apart from the others'.
    t.clock.set('2026-11-21T02:00:00.000Z');
    const course = await createCourse(t.ctx, {
      slots: [[1, '10:00']],
      credit: 2,
      classType: 'small_group',
    });
    const paying = await family('Kim');
    await grantCredits(t.ctx, paying.parent.id, { paid: 20 });
    const covered = await family('Lou');
    await createMembership(t.ctx, covered.parent.id, 1);
    await createEnrollment(t.ctx, {
      parentId: paying.parent.id,
      studentId: paying.child.id,
      courseId: course.id,
      weeks: 2,
    });
    await createEnrollment(t.ctx, {
      parentId: covered.parent.id,
      studentId: covered.child.id,
      courseId: course.id,
      weeks: 2,
    });
    const firstOf = async (studentId: number) => {
      const [row] = await t.ctx.db
        .select()
        .from(lessons)
        .where(eq(lessons.student_id, studentId))
        .orderBy(lessons.starts_at);
      return row!;
    };
    const paid = await firstOf(paying.child.id);
    const free = await firstOf(covered.child.id);
    await requestLeave(t.ctx, paying.parent.id, {
      lessonSn: paid.lesson_sn,
      studentSn: paying.child.student_sn,
    });
    t.clock.advance(MINUTE);
    await requestLeave(t.ctx, covered.parent.id, {
      lessonSn: free.lesson_sn,
      studentSn: covered.child.student_sn,
    });

    const answer = await leaveRequests(t.ctx, {
      from: '2026-11-21',
      to: '2026-11-21',
      page: 1,
      pageSize: 20,
    });
    expect(answer.total).toBe(2);
    expect(
      answer.items.map((item) => [item.nickname, item.creditsReturned, item.requestedAt]),
    ).toEqual([
      ['Lou', 0, new Date('2026-11-21T02:01:00.000Z')],
      ['Kim', 2, new Date('2026-11-21T02:00:00.000Z')],
    ]);
    expect(answer.items[1]).toMatchObject({
      lessonSn: paid.lesson_sn,
      studentSn: paying.child.student_sn,
      userSn: paying.parent.user_sn,
      parentName: 'Parent of Kim',
      startsAt: paid.starts_at,
    });

    const second = await leaveRequests(t.ctx, {
      from: '2026-11-21',
      to: '2026-11-21',
      page: 2,
      pageSize: 1,
    });
    expect(second).toMatchObject({ total: 2, items: [{ nickname: 'Kim' }] });
    const before = await leaveRequests(t.ctx, { to: '2026-11-20', page: 1, pageSize: 100 });
    expect(before.items.some((item) => item.nickname === 'Kim')).toBe(false);
    t.clock.set(NOW);
  });
});

describe('feedbackSummary', () => {
  it('averages half-star ratings per teacher and course, overall and by month', async () => {
    const ada = await createTeacher(t.ctx, { name: 'Ada F' });
    const bea = await createTeacher(t.ctx, { name: 'Bea F' });
    const course = await createCourse(t.ctx, { slots: [[1, '10:00']], teacherId: ada.id });
    const other = await createCourse(t.ctx, { slots: [[1, '10:00']], teacherId: bea.id });
    const kid = await family('Max');
    const rate = async (courseId: number, teacherId: number, startsAt: string, halves: number) => {
      const lesson = await lessonAt({
        parentId: kid.parent.id,
        studentId: kid.child.id,
        courseId,
        startsAt,
        teacherId,
        patch: { entered_at: new Date(startsAt) },
      });
      await t.ctx.db.insert(lessonComments).values({
        comment_sn: newPublicId('C'),
        lesson_id: lesson.id,
        parent_id: kid.parent.id,
        rating_halves: halves,
        comment: `rated ${halves}`,
      });
      return lesson;
    };
    // October (Shanghai): 4.5 and 3.5; November: 5, and 2.5 by a substitute (Bea) in Ada's course.
    await rate(course.id, ada.id, '2026-10-05T02:00:00.000Z', 9);
    // 2026-10-31T16:30Z is already 1 November in Shanghai.
    await rate(course.id, ada.id, '2026-10-12T02:00:00.000Z', 7);
    const latest = await rate(course.id, ada.id, '2026-10-31T16:30:00.000Z', 10);
    await rate(course.id, bea.id, '2026-11-09T02:00:00.000Z', 5);
    await rate(other.id, bea.id, '2026-11-10T02:00:00.000Z', 8);

    const ofAda = await feedbackSummary(t.ctx, {
      teacherSn: ada.teacher_sn,
      page: 1,
      pageSize: 20,
    });
    expect(ofAda).toMatchObject({
      average: 4.33,
      count: 3,
      total: 3,
      byMonth: [
        { month: '2026-10', average: 4, count: 2 },
        { month: '2026-11', average: 5, count: 1 },
      ],
    });
    expect(ofAda.items[0]).toMatchObject({
      lessonSn: latest.lesson_sn,
      rating: 5,
      comment: 'rated 10',
      nickname: 'Max',
      teacherName: { en: 'Ada F' },
    });

    const ofCourse = await feedbackSummary(t.ctx, { courseId: course.id, page: 1, pageSize: 2 });
    expect(ofCourse).toMatchObject({ average: 3.88, count: 4, total: 4 });
    expect(ofCourse.items.map((item) => item.rating)).toEqual([2.5, 5]);
    expect(ofCourse.byMonth).toEqual([
      { month: '2026-10', average: 4, count: 2 },
      { month: '2026-11', average: 3.75, count: 2 },
    ]);

    const ofBeaInNovember = await feedbackSummary(t.ctx, {
      teacherSn: bea.teacher_sn,
      from: '2026-11-10',
      to: '2026-11-30',
      page: 1,
      pageSize: 20,
    });
    expect(ofBeaInNovember).toMatchObject({ average: 4, count: 1 });

    const none = await feedbackSummary(t.ctx, {
      courseId: course.id,
      from: '2027-01-01',
      page: 1,
      pageSize: 20,
    });
    expect(none).toEqual({ average: null, count: 0, byMonth: [], items: [], total: 0 });
  });

  it('rounds the mean of half stars to 2 decimals', () => {
    expect(averageStars(0, 0)).toBeNull();
    expect(averageStars(9, 1)).toBe(4.5);
    expect(averageStars(10 + 9 + 9, 3)).toBe(4.67);
  });
});

describe('listClosures', () => {
  it('lists closures latest first, school-wide or of a course, with the lessons they cancelled', async () => {
    const course = await createCourse(t.ctx, { slots: [[1, '10:00']] });
    const kid = await family('Ned');
    const [wide, ofCourse] = await t.ctx.db
      .insert(closures)
      .values([
        {
          closure_sn: newPublicId('H'),
          course_id: null,
          starts_on: '2027-02-06',
          ends_on: '2027-02-13',
          reason_en: 'Spring Festival',
          reason_zh: '春节',
        },
        {
          closure_sn: newPublicId('H'),
          course_id: course.id,
          starts_on: '2026-12-01',
          ends_on: '2026-12-01',
          reason_en: 'Teacher training',
          reason_zh: '教师培训',
        },
      ])
      .returning();
    await lessonAt({
      parentId: kid.parent.id,
      studentId: kid.child.id,
      courseId: course.id,
      startsAt: '2026-12-01T02:00:00.000Z',
      patch: { cancelled_at: new Date(NOW), cancel_reason: 'closure', closure_id: ofCourse!.id },
    });
    const list = await listClosures(t.ctx);
    expect(list).toEqual([
      {
        closureSn: wide!.closure_sn,
        courseId: null,
        courseTitle: null,
        startsOn: '2027-02-06',
        endsOn: '2027-02-13',
        reasonEn: 'Spring Festival',
        reasonZh: '春节',
        lessonsCancelled: 0,
      },
      expect.objectContaining({
        closureSn: ofCourse!.closure_sn,
        courseId: course.id,
        courseTitle: {
          en: expect.stringContaining('· Level 1'),
          zh: expect.stringContaining('一级'),
        },
        lessonsCancelled: 1,
      }),
    ]);
  });
});
