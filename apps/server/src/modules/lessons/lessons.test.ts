import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import { createSignedInParent } from '../../../test/factories/parents';
import {
  createChild,
  createCourse,
  createEnrollment,
  createMembership,
  grantCredits,
} from '../../../test/factories/lessons';
import { createTeacher } from '../../../test/factories/teachers';
import { rowsOf } from '../../db/client';
import { newPublicId } from '../../lib/ids';
import {
  settleEndedLessons,
  generateLessons,
  cancelLesson,
} from '../scheduling/scheduling.service';

const NOW = '2026-11-20T08:00:00.000Z'; // a Friday (weekday 5)

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** A parent with credits, one child and a course: Fri 08:10 and Sat 10:00 UTC, 1 credit each. */
async function family(
  credits = 20,
  slots: [number, string][] = [
    [5, '08:10'],
    [6, '10:00'],
  ],
) {
  t.clock.set(NOW);
  const signedIn = await createSignedInParent(t.ctx);
  const child = await createChild(t.ctx, signedIn.parent.id, 'Mia');
  await grantCredits(t.ctx, signedIn.parent.id, { paid: credits });
  const course = await createCourse(t.ctx, { slots, credit: 1, duration: 25 });
  await createEnrollment(t.ctx, {
    parentId: signedIn.parent.id,
    studentId: child.id,
    courseId: course.id,
  });
  return { ...signedIn, child, course };
}

async function get(url: string, headers: Record<string, string>) {
  return t.app.inject({ method: 'GET', url, headers });
}
async function post(url: string, headers: Record<string, string>, payload: object = {}) {
  return t.app.inject({ method: 'POST', url, headers, payload });
}
async function upcoming(f: { headers: Record<string, string>; child: { student_sn: string } }) {
  const res = await get(
    `/api/userSchedukeForStudent?type=1001&student_sn=${f.child.student_sn}&time_diff=0&pagesize=30&page=1`,
    f.headers,
  );
  return res.json() as { data: Record<string, unknown>[]; total: number; now_status: number };
}
async function account(headers: Record<string, string>) {
  return (await get('/api/accounts?model=lessons', headers)).json().data as {
    balance: number;
    balance_valid: number;
    purchased_credit: number;
    reward_credit: number;
  };
}

describe('upcoming lessons', () => {
  it('lists the generated weeks with times in the parent offset, grouped by day', async () => {
    const f = await family();
    const page = await upcoming(f);
    expect(page.total).toBe(8); // 4 weeks × 2 slots
    expect(page.data[0]).toMatchObject({
      student_sn: f.child.student_sn,
      start_date: '2026-11-20',
      start_time: '08:10',
      end_time: '08:35',
      start_at: '2026-11-20T08:10:00.000Z',
      duration: 25,
      status: 0,
      attends_status: 0,
      start_lessons: 1,
      total_lessons: 24,
      lesson_topic: 'Animals',
      nickname: 'Mia',
      can_leave: false,
      message: 'The classroom opens 5 minutes before the lesson starts.',
    });
    expect(page.data[1]).toMatchObject({ start_time: '10:00', start_lessons: 2, can_leave: true });

    const east = await get(
      `/api/userSchedukeForStudentSeven?student_sn=${f.child.student_sn}&time_diff=480&pagesize=30&page=1`,
      { ...f.headers, lang: 'zh_CN' },
    );
    const grouped = east.json();
    expect(grouped.total).toBe(8);
    expect(grouped.data[0].title).toBe('11月20日星期五');
    expect(grouped.data[0].data[0]).toMatchObject({
      start_time: '16:10',
      start_date: '2026-11-20',
    });
    // Sat 10:00 UTC is Sat 18:00 at +8; the offset −300 moves Fri 08:10 to Fri 03:10.
    expect(grouped.data[1].data[0].start_time).toBe('18:00');
    const west = await get(
      `/api/userSchedukeForStudent?time_diff=-300&pagesize=2&page=1`,
      f.headers,
    );
    expect(west.json().data[0]).toMatchObject({ start_time: '03:10', start_date: '2026-11-20' });
    expect(west.json().data).toHaveLength(2);
    expect(west.json().total).toBe(8);
    // A later page goes on in order; past the last page, no lessons and still the total.
    const second = await get(
      `/api/userSchedukeForStudent?time_diff=0&pagesize=3&page=2`,
      f.headers,
    );
    expect(
      second.json().data.map((lesson: { start_lessons: number }) => lesson.start_lessons),
    ).toEqual([4, 5, 6]);
    expect(second.json().total).toBe(8);
    const past = await get(`/api/userSchedukeForStudent?time_diff=0&pagesize=3&page=4`, f.headers);
    expect(past.json()).toMatchObject({ data: [], total: 8 });
  });

  it('reserves each scheduled lesson and schedules no more than the balance covers', async () => {
    const f = await family(3);
    expect((await upcoming(f)).total).toBe(3);
    expect(await account(f.headers)).toMatchObject({ balance: 3, balance_valid: 0 });
    await grantCredits(t.ctx, f.parent.id, { reward: 2 });
    await generateLessons(t.ctx, t.clock.now(), 4);
    expect((await upcoming(f)).total).toBe(5);
    expect(await account(f.headers)).toMatchObject({ balance: 5, balance_valid: 0 });
  });

  it('charges nothing for a child covered by an active plan', async () => {
    t.clock.set(NOW);
    const f = await createSignedInParent(t.ctx);
    await createMembership(t.ctx, f.parent.id, 1);
    const child = await createChild(t.ctx, f.parent.id);
    const course = await createCourse(t.ctx, { slots: [[1, '09:00']], credit: 2 });
    await createEnrollment(t.ctx, {
      parentId: f.parent.id,
      studentId: child.id,
      courseId: course.id,
    });
    const page = await upcoming({ headers: f.headers, child });
    expect(page.total).toBe(4);
    expect(page.data.every((lesson) => lesson.required_credit === 0)).toBe(true);
    expect(await account(f.headers)).toMatchObject({ balance: 0, balance_valid: 0 });
  });

  it('follows the course zone across a daylight-saving change', async () => {
    t.clock.set('2026-10-20T12:00:00.000Z');
    const f = await createSignedInParent(t.ctx);
    const child = await createChild(t.ctx, f.parent.id);
    await grantCredits(t.ctx, f.parent.id, { paid: 10 });
    // Mondays 17:00 in New York: 21:00 UTC in October (EDT), 22:00 UTC after 1 November (EST).
    const course = await createCourse(t.ctx, { slots: [[1, '17:00']], zone: 'America/New_York' });
    await createEnrollment(t.ctx, {
      parentId: f.parent.id,
      studentId: child.id,
      courseId: course.id,
    });
    const page = (
      await get('/api/userSchedukeForStudent?time_diff=0&pagesize=30', f.headers)
    ).json();
    expect(page.data.map((lesson: { start_at: string }) => lesson.start_at)).toEqual([
      '2026-10-26T21:00:00.000Z',
      '2026-11-02T22:00:00.000Z',
      '2026-11-09T22:00:00.000Z',
      '2026-11-16T22:00:00.000Z',
    ]);
    // Seen from New York (−240 before, −300 after the change) the wall clock stays 17:00.
    const before = (
      await get('/api/userSchedukeForStudent?time_diff=-240&pagesize=1', f.headers)
    ).json();
    const after = (
      await get('/api/userSchedukeForStudent?time_diff=-300&pagesize=1&page=2', f.headers)
    ).json();
    expect(before.data[0].start_time).toBe('17:00');
    expect(after.data[0].start_time).toBe('17:00');
  });
});

describe('entering the classroom', () => {
  it('opens only inside the window and marks the child present', async () => {
    const f = await family();
    const [first] = (await upcoming(f)).data;
    const ref = { lesson_sn: first!.lesson_sn, student_sn: f.child.student_sn };

    t.clock.set('2026-11-20T08:05:00.000Z'); // exactly 5 minutes before: still closed
    let judged = (await post('/api/judeLessonStatus', f.headers, ref)).json().data;
    expect(judged).toEqual({
      is_class: false,
      message: 'The classroom opens 5 minutes before the lesson starts.',
    });
    const refused = await post('/api/enterRoom', f.headers, ref);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe('The classroom opens 5 minutes before the lesson starts.');

    t.clock.set('2026-11-20T08:05:00.001Z');
    judged = (await post('/api/judeLessonStatus', f.headers, ref)).json().data;
    expect(judged.is_class).toBe(true);
    const entered = await post('/api/enterRoom/', f.headers, ref);
    expect(entered.statusCode).toBe(200);
    expect(entered.json().data.url).toMatch(
      /^https:\/\/meet\.jit\.si\/ParentPortalLesson-[0-9a-f]{32}#userInfo\.displayName=/,
    );
    t.clock.set('2026-11-20T08:20:00.000Z'); // on air
    const onAir = await upcoming(f);
    expect(onAir.now_status).toBe(1);
    expect(onAir.data[0]).toMatchObject({ status: 1, is_attends: 1, message: '' });
    expect((await post('/api/enterRoom', f.headers, ref)).statusCode).toBe(200);

    t.clock.set('2026-11-20T08:35:00.000Z'); // the end: closed
    const ended = await post('/api/enterRoom', { ...f.headers, lang: 'zh_CN' }, ref);
    expect(ended.statusCode).toBe(400);
    expect(ended.json().msg).toBe('该课程已结束。');
  });

  it('is closed for a cancelled lesson', async () => {
    const f = await family();
    const [first] = (await upcoming(f)).data;
    const [{ id }] = rowsOf<{ id: number }>(
      await t.ctx.db.execute(sql`select id from lessons where lesson_sn = ${first!.lesson_sn}`),
    ) as [{ id: number }];
    const before = await account(f.headers);
    await cancelLesson(t.ctx, id, t.clock.now());
    expect((await account(f.headers)).balance_valid).toBe(before.balance_valid + 1);
    t.clock.set('2026-11-20T08:08:00.000Z');
    const res = await post('/api/judeLessonStatus', f.headers, {
      lesson_sn: first!.lesson_sn,
      student_sn: f.child.student_sn,
    });
    expect(res.json().data).toEqual({
      is_class: false,
      message: 'This lesson has been cancelled.',
    });
    const [cancelled, next] = (await upcoming(f)).data;
    expect(cancelled).toMatchObject({
      status: 3,
      cancel_reason:
        'The school cancelled this lesson; the credits it reserved (1) went back to your balance.',
    });
    expect(next).toMatchObject({ status: 0, cancel_reason: '' });
    const zh = await get(
      `/api/userSchedukeForStudent?student_sn=${f.child.student_sn}&time_diff=0`,
      { ...f.headers, lang: 'zh_CN' },
    );
    expect(zh.json().data[0].cancel_reason).toBe('学校已取消这节课，预留的 1 课时已退回您的余额。');
  });
});

describe('leave', () => {
  it('is accepted more than 3 h before start, releases the credits and is refused twice', async () => {
    const f = await family();
    const second = (await upcoming(f)).data[1]!; // Sat 10:00
    const ref = { lesson_sn: second.lesson_sn, student_sn: f.child.student_sn };
    const before = await account(f.headers);

    t.clock.set('2026-11-21T07:00:00.000Z'); // exactly 3 h before: too late
    const late = await post('/api/edu/lesson-attends', f.headers, ref);
    expect(late.statusCode).toBe(400);
    expect(late.json().msg).toBe(
      'Leave can only be requested more than 3 hours before the lesson starts.',
    );

    t.clock.set('2026-11-21T06:59:59.999Z');
    const results = await Promise.all(
      [1, 2, 3].map(() => post('/api/edu/lesson-attends', f.headers, ref)),
    );
    expect(results.map((res) => res.statusCode).sort()).toEqual([200, 409, 409]);
    const ok = results.find((res) => res.statusCode === 200)!;
    expect(ok.json()).toMatchObject({
      msg: 'Leave requested. The reserved credits have been released.',
      data: { ...ref, status: 1 },
    });
    expect(await account(f.headers)).toMatchObject({
      balance: before.balance,
      balance_valid: before.balance_valid + 1,
    });
    const listed = (await upcoming(f)).data.find((lesson) => lesson.lesson_sn === ref.lesson_sn);
    expect(listed).toMatchObject({
      attends_status: 1,
      can_leave: false,
      message: 'Leave has been requested for this lesson.',
    });
    t.clock.set('2026-11-21T09:58:00.000Z');
    expect((await post('/api/enterRoom', f.headers, ref)).statusCode).toBe(400);
  });
});

describe('settlement', () => {
  it('consumes an ended lesson once, reward credit first, even with two runs at once', async () => {
    t.clock.set(NOW);
    const f = await createSignedInParent(t.ctx);
    const child = await createChild(t.ctx, f.parent.id);
    await grantCredits(t.ctx, f.parent.id, { paid: 5 });
    await grantCredits(t.ctx, f.parent.id, { reward: 1 });
    const course = await createCourse(t.ctx, { slots: [[5, '08:10']], credit: 2 });
    await createEnrollment(t.ctx, {
      parentId: f.parent.id,
      studentId: child.id,
      courseId: course.id,
    });
    expect(await account(f.headers)).toMatchObject({ balance: 6, balance_valid: 0 });

    const end = new Date('2026-11-20T08:35:00.000Z');
    await Promise.all([settleEndedLessons(t.ctx, end), settleEndedLessons(t.ctx, end)]);
    await settleEndedLessons(t.ctx, end);
    expect(await account(f.headers)).toMatchObject({
      balance: 4,
      balance_valid: 0,
      reward_credit: 0,
      purchased_credit: 4,
    });
    const rows = rowsOf<{ event: string; n: number }>(
      await t.ctx.db.execute(
        sql`select event, count(*)::int as n from credit_ledger where parent_id = ${f.parent.id} group by event order by event`,
      ),
    );
    expect(rows).toEqual([
      { event: 'consume', n: 1 },
      { event: 'purchase', n: 1 },
      { event: 'reserve', n: 3 },
      { event: 'reward', n: 1 },
    ]);
  });

  it('keeps the ledger exact with leave and settlement racing on other lessons', async () => {
    const f = await family(20);
    const lessons = (await upcoming(f)).data;
    t.clock.set('2026-11-20T08:40:00.000Z'); // first lesson ended, the rest ahead
    await Promise.all([
      settleEndedLessons(t.ctx, t.clock.now()),
      ...lessons.slice(1, 5).map((lesson) =>
        post('/api/edu/lesson-attends', f.headers, {
          lesson_sn: lesson.lesson_sn,
          student_sn: f.child.student_sn,
        }),
      ),
    ]);
    // 8 reserved; 1 consumed; 4 released: 19 held, 3 still reserved.
    expect(await account(f.headers)).toMatchObject({ balance: 19, balance_valid: 16 });
  });
});

describe('completed lessons and feedback', () => {
  it('lists ended lessons and takes one feedback with a half star', async () => {
    const f = await family();
    const [first] = (await upcoming(f)).data;
    const body = {
      lesson_sn: first!.lesson_sn,
      student_sn: f.child.student_sn,
      comment: 'Great lesson',
      rating: 4.5,
    };
    const early = await post('/api/setComment', f.headers, body);
    expect(early.statusCode).toBe(400);
    expect(early.json().msg).toBe('Feedback can be given once the lesson has ended.');

    // The child joins the first lesson (08:10); the next one (Sat 10:00) is a no-show.
    t.clock.set('2026-11-20T08:12:00.000Z');
    expect(
      (
        await post('/api/enterRoom', f.headers, {
          lesson_sn: first!.lesson_sn,
          student_sn: f.child.student_sn,
        })
      ).statusCode,
    ).toBe(200);
    t.clock.set('2026-11-20T09:00:00.000Z');
    let completed = (await get(`/api/getCompletedLessonPC?time_diff=480`, f.headers)).json().data;
    expect(completed).toHaveLength(1);
    expect(completed[0]).toMatchObject({
      comments_status: 0,
      comments_id: '',
      start_time: '16:10',
      is_attends: 1,
    });

    expect((await post('/api/setComment', f.headers, { ...body, rating: 0 })).json().msg).toBe(
      'Please give feedback',
    );
    expect((await post('/api/setComment', f.headers, { ...body, rating: 4.3 })).json().msg).toBe(
      'The rating goes from 1 to 5 in half steps.',
    );
    const sent = await post('/api/setComment', { ...f.headers, lang: 'zh_CN' }, body);
    expect(sent.json()).toMatchObject({ code: 200, msg: '发送成功' });
    expect((await post('/api/setComment', f.headers, body)).statusCode).toBe(409);

    // Issue #19: a no-show has nothing to rate, and the answer says why.
    t.clock.set('2026-11-21T11:00:00.000Z');
    const second = (await get('/api/getCompletedLessonPC', f.headers)).json().data[0];
    expect(second).toMatchObject({ start_lessons: 2, is_attends: 0 });
    const noShow = await post('/api/setComment', f.headers, {
      ...body,
      lesson_sn: second.lesson_sn,
    });
    expect(noShow.statusCode).toBe(400);
    expect(noShow.json().msg).toBe(
      'Your child did not join this lesson, so there is nothing to rate.',
    );
    t.clock.set('2026-11-20T09:00:00.000Z');

    const grouped = (
      await get(
        `/api/getCompletedLessonPCSeven?student_sn=${f.child.student_sn}&time_diff=0&pagesize=10&page=1`,
        f.headers,
      )
    ).json();
    expect(grouped.total).toBe(1);
    completed = grouped.data[0].data;
    expect(completed[0].comments_status).toBe(1);
    const comment = await get(`/api/getComment?comment_id=${completed[0].comments_id}`, f.headers);
    expect(comment.json().data).toEqual({
      comment_id: completed[0].comments_id,
      rating: 4.5,
      comment: 'Great lesson',
    });
  });
});

describe("the teacher, the teacher's note and attendance marks (#22)", () => {
  /** The family's lessons taught by a teacher with a preset photo; the ids in time order. */
  async function taughtFamily() {
    const f = await family();
    const teacher = await createTeacher(t.ctx, { name: 'Ms Rivera' });
    await t.ctx.db.execute(
      sql`update teachers set name_zh = '李老师', photo = 'preset:3' where id = ${teacher.id}`,
    );
    // As the generator assigns the course's teacher (courses.teacher_id) to each lesson.
    await t.ctx.db.execute(
      sql`update lessons set teacher_id = ${teacher.id} where student_id = ${f.child.id}`,
    );
    const ids = rowsOf<{ id: number; lesson_sn: string }>(
      await t.ctx.db.execute(
        sql`select id, lesson_sn from lessons where student_id = ${f.child.id} order by starts_at`,
      ),
    );
    return { ...f, teacher, ids };
  }

  it('shows the teacher (or the substitute) by name and photo on upcoming lessons', async () => {
    const f = await taughtFamily();
    const substitute = await createTeacher(t.ctx, { name: 'Mr Chen' });
    await t.ctx.db.execute(
      sql`update teachers set name_zh = '', photo = 'upload:42' where id = ${substitute.id}`,
    );
    await t.ctx.db.execute(
      sql`update lessons set teacher_id = ${substitute.id}, substitute_for_id = ${f.teacher.id}
          where id = ${f.ids[1]!.id}`,
    );
    const [first, second] = (await upcoming(f)).data;
    expect(first).toMatchObject({
      teacher_name: 'Ms Rivera',
      teacher_photo: '/img/teachers/teacher-3.svg',
    });
    expect(second).toMatchObject({
      teacher_name: 'Mr Chen',
      teacher_photo: '/api/teacher-photos/42',
    });
    // The spec's fields keep their order; the additions come last.
    expect(Object.keys(first!).slice(-3)).toEqual([
      'cancel_reason',
      'teacher_name',
      'teacher_photo',
    ]);
    const zh = await get(`/api/userSchedukeForStudent?student_sn=${f.child.student_sn}`, {
      ...f.headers,
      lang: 'zh_CN',
    });
    // A teacher without a Chinese name is shown by the English one.
    expect(
      zh
        .json()
        .data.map((lesson: { teacher_name: string }) => lesson.teacher_name)
        .slice(0, 2),
    ).toEqual(['李老师', 'Mr Chen']);
    // Lessons made before teachers (no teacher_id) answer empty strings.
    await t.ctx.db.execute(sql`update lessons set teacher_id = null where id = ${f.ids[2]!.id}`);
    expect((await upcoming(f)).data[2]).toMatchObject({ teacher_name: '', teacher_photo: '' });
  });

  it("names the school's reason for a cancellation, a closure by its own name", async () => {
    const f = await taughtFamily();
    const [closure] = rowsOf<{ id: number }>(
      await t.ctx.db.execute(
        sql`insert into closures (closure_sn, course_id, starts_on, ends_on, reason_en, reason_zh)
            values (${newPublicId('CL')}, ${f.course.id}, '2026-11-21', '2026-11-21',
                    'Staff training', '教师培训')
            returning id`,
      ),
    );
    await t.ctx.db.execute(
      sql`update lessons set cancelled_at = now(), cancel_reason = 'teacher-ill' where id = ${f.ids[0]!.id}`,
    );
    await t.ctx.db.execute(
      sql`update lessons set cancelled_at = now(), cancel_reason = 'closure', closure_id = ${closure!.id}
          where id = ${f.ids[1]!.id}`,
    );
    await t.ctx.db.execute(
      sql`update lessons set cancelled_at = now(), cancel_reason = 'teacher-absent', required_credit = 0
          where id = ${f.ids[2]!.id}`,
    );
    const [ill, closed, absent] = (await upcoming(f)).data;
    expect(ill!.cancel_reason).toBe(
      'The teacher is ill. The school cancelled this lesson; the credits it reserved (1) went back to your balance.',
    );
    expect(closed!.cancel_reason).toBe(
      'School closed: Staff training. The school cancelled this lesson; the credits it reserved (1) went back to your balance.',
    );
    expect(absent!.cancel_reason).toBe(
      'The teacher could not attend. The school cancelled this lesson. Your plan covered it, so nothing was charged.',
    );
    const zh = await get(`/api/userSchedukeForStudent?student_sn=${f.child.student_sn}`, {
      ...f.headers,
      lang: 'zh_CN',
    });
    expect(zh.json().data[1].cancel_reason).toBe(
      '学校停课：教师培训。学校已取消这节课，预留的 1 课时已退回您的余额。',
    );
  });

  it("lets the teacher's mark decide attended, shows the note and counts the month by it", async () => {
    const f = await taughtFamily();
    const [first, second] = f.ids;
    // Friday's lesson: the child never entered (a room outage) but the teacher marks attended
    // with a note; Saturday's: the child entered, the teacher marks absent.
    await t.ctx.db.execute(
      sql`update lessons set attendance = 'attended', teacher_note = 'Counted to twenty!'
          where id = ${first!.id}`,
    );
    await t.ctx.db.execute(
      sql`update lessons set attendance = 'absent', entered_at = starts_at where id = ${second!.id}`,
    );
    t.clock.set('2026-11-21T11:00:00.000Z');
    const completed = (await get('/api/getCompletedLessonPC?time_diff=0', f.headers)).json().data;
    expect(completed).toHaveLength(2);
    expect(completed[0]).toMatchObject({
      lesson_sn: second!.lesson_sn,
      is_attends: 0,
      teacher_name: 'Ms Rivera',
      teacher_photo: '/img/teachers/teacher-3.svg',
      teacher_note: '',
    });
    expect(completed[1]).toMatchObject({
      lesson_sn: first!.lesson_sn,
      is_attends: 1,
      teacher_note: 'Counted to twenty!',
    });
    expect(Object.keys(completed[1]).slice(-4)).toEqual([
      'is_attends',
      'teacher_name',
      'teacher_photo',
      'teacher_note',
    ]);
    const profile = (await get('/api/user/profile', f.headers)).json().data;
    expect(profile.student_info).toMatchObject({ month_complete: 1, month_no_show: 1 });
    // Feedback follows the mark too: the marked lesson can be rated, the marked-absent one not.
    const body = { student_sn: f.child.student_sn, comment: '', rating: 5 };
    expect(
      (await post('/api/setComment', f.headers, { ...body, lesson_sn: first!.lesson_sn }))
        .statusCode,
    ).toBe(200);
    const refused = await post('/api/setComment', f.headers, {
      ...body,
      lesson_sn: second!.lesson_sn,
    });
    expect(refused.json().msg).toBe(
      'Your child did not join this lesson, so there is nothing to rate.',
    );
  });
});

describe('enrolled courses', () => {
  it('shows the next lesson and the weekly lines in the parent offset', async () => {
    const f = await family();
    const res = await post(`/api/myCourse?student_sn=${f.child.student_sn}&time_diff=480`, {
      ...f.headers,
      lang: 'zh_CN',
    });
    expect(res.json().data).toEqual([
      expect.objectContaining({
        student_sn: f.child.student_sn,
        meet: '一对一',
        next_at: '2026-11-20T08:10:00.000Z',
        next_start_date: '2026-11-20',
        next_start_time: '16:10',
        next_end_time: '16:35',
        settingFormat: [
          { weekday: 5, start_at: '16:10' },
          { weekday: 6, start_at: '18:00' },
        ],
        status: 1,
        completed_lessons: 0,
        total_lessons: 24,
      }),
    ]);
    // At −600 the Fri 08:10 UTC slot is Thursday 22:10.
    const west = await post(`/api/myCourse?time_diff=-600`, f.headers);
    expect(west.json().data[0].settingFormat[0]).toEqual({ weekday: 4, start_at: '22:10' });
  });
});

describe('profile month counts and reward-setting', () => {
  it('counts this month completed, scheduled and no-show lessons of the current child', async () => {
    const f = await family();
    const lessons = (await upcoming(f)).data;
    t.clock.set('2026-11-20T08:11:00.000Z');
    await post('/api/enterRoom', f.headers, {
      lesson_sn: lessons[0]!.lesson_sn,
      student_sn: f.child.student_sn,
    });
    t.clock.set('2026-11-21T11:00:00.000Z'); // both first lessons ended; the second unattended
    const profile = (await get('/api/user/profile', f.headers)).json().data;
    // November: Fri 20 (attended), Sat 21 (no-show), Fri 27, Sat 28 still to come.
    expect(profile.student_info).toMatchObject({
      month_complete: 1,
      month_no_show: 1,
      month_pending: 2,
    });
  });

  it('lists the transaction types in the request language', async () => {
    const f = await createSignedInParent(t.ctx);
    const res = await post('/api/reward-setting', { ...f.headers, lang: 'zh_CN' });
    expect(res.json().data).toContainEqual({ id: 'purchase', title: '购买' });
    expect(res.json().data).toHaveLength(6);
  });
});

describe("another parent's ids", () => {
  it('are refused by every lessons call', async () => {
    const owner = await family();
    const [first] = (await upcoming(owner)).data;
    t.clock.set('2026-11-20T08:12:00.000Z');
    await post('/api/enterRoom', owner.headers, {
      lesson_sn: first!.lesson_sn,
      student_sn: owner.child.student_sn,
    });
    t.clock.set('2026-11-20T09:00:00.000Z');
    await post('/api/setComment', owner.headers, {
      lesson_sn: first!.lesson_sn,
      student_sn: owner.child.student_sn,
      comment: 'Nice',
      rating: 5,
    });
    const [done] = (await get('/api/getCompletedLessonPC', owner.headers)).json().data;
    const other = await createSignedInParent(t.ctx);
    const otherChild = await createChild(t.ctx, other.parent.id);
    const ref = { lesson_sn: first!.lesson_sn, student_sn: owner.child.student_sn };
    const mixed = { lesson_sn: first!.lesson_sn, student_sn: otherChild.student_sn };
    const sn = owner.child.student_sn;
    const calls = [
      get(`/api/userSchedukeForStudent?student_sn=${sn}`, other.headers),
      get(`/api/userSchedukeForStudentSeven?student_sn=${sn}`, other.headers),
      post(`/api/myCourse?student_sn=${sn}`, other.headers),
      get(`/api/getCompletedLessonPC?student_sn=${sn}`, other.headers),
      get(`/api/getCompletedLessonPCSeven?student_sn=${sn}`, other.headers),
      get(`/api/getComment?comment_id=${done.comments_id}`, other.headers),
      post('/api/setComment', other.headers, { ...ref, comment: 'x', rating: 1 }),
      post('/api/judeLessonStatus', other.headers, ref),
      post('/api/enterRoom', other.headers, ref),
      post('/api/edu/lesson-attends', other.headers, ref),
      post('/api/judeLessonStatus', other.headers, mixed),
      post('/api/edu/lesson-attends', other.headers, mixed),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(404);
      expect(res.json().data).toBeNull();
    }
    // Without a session nothing is answered at all.
    expect((await get('/api/userSchedukeForStudent', {})).statusCode).toBe(401);
  });
});

describe('two instances and deleted children', () => {
  it('generates each lesson once and reserves it once when two runs race', async () => {
    t.clock.set(NOW);
    const f = await createSignedInParent(t.ctx);
    const child = await createChild(t.ctx, f.parent.id);
    await grantCredits(t.ctx, f.parent.id, { paid: 5 });
    const course = await createCourse(t.ctx, {
      slots: [
        [1, '09:00'],
        [3, '09:00'],
      ],
    });
    // Enrolled with no lessons yet (zero weeks ahead), then two generator runs at once.
    const enrollment = await createEnrollment(t.ctx, {
      parentId: f.parent.id,
      studentId: child.id,
      courseId: course.id,
      weeks: 0,
    });
    await Promise.all([
      generateLessons(t.ctx, t.clock.now(), 4, [enrollment.id]),
      generateLessons(t.ctx, t.clock.now(), 4, [enrollment.id]),
    ]);
    expect((await upcoming({ headers: f.headers, child })).total).toBe(5);
    expect(await account(f.headers)).toMatchObject({ balance: 5, balance_valid: 0 });
  });

  it("cancels a deleted child's coming lessons and gives the credits back", async () => {
    const f = await family(10);
    expect(await account(f.headers)).toMatchObject({ balance_valid: 2 });
    // The confirmation first says what the deletion will cancel (issue #19).
    const impactUrl = `/api/students/deletion-impact?student_sn=${f.child.student_sn}`;
    const impact = await get(impactUrl, f.headers);
    expect(impact.json()).toMatchObject({
      code: 200,
      data: { student_sn: f.child.student_sn, nickname: 'Mia', lessons: 8, credits: 8 },
    });
    const stranger = await createSignedInParent(t.ctx);
    const refused = await get(impactUrl, { ...stranger.headers, lang: 'en' });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ msg: 'This child was not found.', data: null });
    const res = await post('/api/students/studentid/delete', f.headers, {
      student_sn: f.child.student_sn,
    });
    expect(res.statusCode).toBe(200);
    expect(await account(f.headers)).toMatchObject({ balance: 10, balance_valid: 10 });
    await generateLessons(t.ctx, t.clock.now(), 4);
    expect(await account(f.headers)).toMatchObject({ balance_valid: 10 });
  });
});
