import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client';
import { createPackage } from '../factories/billing';
import { createChild, createCourse, createEnrollment, grantCredits } from '../factories/lessons';
import { createSignedInParent } from '../factories/parents';
import { buildTestApp, type TestApp } from '../helpers/app';
import { routeCatalogue, type RouteEntry } from './route-catalogue';

/**
 * Issue #8 access control: every route that takes an id of something a parent owns refuses
 * another parent's id. The list of such routes comes from the route schemas, so a new route
 * with one of these fields fails this suite until it has a case below.
 */
const OWNED_ID_FIELDS = [
  'student_sn',
  'last_student_sn',
  'lesson_sn',
  'order_no',
  'comment_id',
  'session',
] as const;

interface Owned {
  studentSn: string;
  lessonSn: string;
  pastLessonSn: string;
  commentId: string;
  orderNo: string;
  session: string;
}

/** A request by the other parent that names the owner's ids. */
type Case = (owned: Owned) => Omit<InjectOptions, 'headers'>;

const ref = (o: Owned) => ({ lesson_sn: o.lessonSn, student_sn: o.studentSn });
const CASES: Record<string, Case> = {
  'GET /api/userSchedukeForStudent': (o) => ({
    url: `/api/userSchedukeForStudent?student_sn=${o.studentSn}`,
  }),
  'GET /api/userSchedukeForStudentSeven': (o) => ({
    url: `/api/userSchedukeForStudentSeven?student_sn=${o.studentSn}`,
  }),
  'POST /api/myCourse': (o) => ({ url: `/api/myCourse?student_sn=${o.studentSn}`, payload: {} }),
  'GET /api/getCompletedLessonPC': (o) => ({
    url: `/api/getCompletedLessonPC?student_sn=${o.studentSn}`,
  }),
  'GET /api/getCompletedLessonPCSeven': (o) => ({
    url: `/api/getCompletedLessonPCSeven?student_sn=${o.studentSn}`,
  }),
  'GET /api/getComment': (o) => ({ url: `/api/getComment?comment_id=${o.commentId}` }),
  'POST /api/setComment': (o) => ({
    url: '/api/setComment',
    payload: { lesson_sn: o.pastLessonSn, student_sn: o.studentSn, comment: 'x', rating: 1 },
  }),
  'POST /api/judeLessonStatus': (o) => ({ url: '/api/judeLessonStatus', payload: ref(o) }),
  'POST /api/enterRoom': (o) => ({ url: '/api/enterRoom', payload: ref(o) }),
  'POST /api/enterRoom/': (o) => ({ url: '/api/enterRoom/', payload: ref(o) }),
  'POST /api/edu/lesson-attends': (o) => ({ url: '/api/edu/lesson-attends', payload: ref(o) }),
  'POST /api/students/edit': (o) => ({
    url: '/api/students/edit',
    payload: { student_sn: o.studentSn, avatar: 1, birth_date: '1/1/2019', nickname: 'Hacked' },
  }),
  'POST /api/students/studentid/delete': (o) => ({
    url: '/api/students/studentid/delete',
    payload: { student_sn: o.studentSn },
  }),
  'GET /api/students/deletion-impact': (o) => ({
    url: `/api/students/deletion-impact?student_sn=${o.studentSn}`,
  }),
  'POST /api/setLastStudent': (o) => ({
    url: '/api/setLastStudent',
    payload: { last_student_sn: o.studentSn },
  }),
  'GET /api/getStudentLessonLog': (o) => ({
    url: `/api/getStudentLessonLog?student_sn=${o.studentSn}`,
  }),
  'GET /api/order': (o) => ({ url: `/api/order?order_no=${o.orderNo}` }),
  'POST /api/cancelOrder': (o) => ({
    url: '/api/cancelOrder',
    payload: { order_no: o.orderNo },
  }),
  'POST /api/stripePayment': (o) => ({
    url: '/api/stripePayment',
    payload: { order_no: o.orderNo },
  }),
  'POST /api/confirmOrder': (o) => ({
    url: '/api/confirmOrder',
    payload: {
      order_no: o.orderNo,
      username: 'X',
      mobile: '13800138000',
      email: 'x@example.com',
      pay_method: 1,
    },
  }),
  'GET /api/local-checkout/session': (o) => ({
    url: `/api/local-checkout/session?session=${o.session}`,
  }),
  'POST /api/local-checkout/pay': (o) => ({
    url: '/api/local-checkout/pay',
    payload: { session: o.session },
  }),
  'POST /api/local-checkout/cancel': (o) => ({
    url: '/api/local-checkout/cancel',
    payload: { session: o.session },
  }),
};

let t: TestApp;
let routes: RouteEntry[];
beforeAll(async () => {
  t = await buildTestApp();
  routes = await routeCatalogue(t.app);
});
afterAll(() => t.close());

describe('access control (issue #8)', () => {
  it('has a refusal case for every route that takes an owned id', () => {
    const needing = routes
      .filter((route) =>
        route.fields.some((field) => (OWNED_ID_FIELDS as readonly string[]).includes(field)),
      )
      .map((route) => route.key);
    expect(needing.length).toBeGreaterThan(15);
    expect(needing.filter((key) => !(key in CASES))).toEqual([]);
    // And no stale case for a route that no longer exists.
    expect(Object.keys(CASES).filter((key) => !needing.includes(key))).toEqual([]);
  });

  it("refuses another parent's ids on every such route and changes nothing", async () => {
    t.clock.set('2026-11-20T08:00:00.000Z');
    const owner = await createSignedInParent(t.ctx);
    const child = await createChild(t.ctx, owner.parent.id, 'Mia');
    await grantCredits(t.ctx, owner.parent.id, { paid: 10 });
    const course = await createCourse(t.ctx, {
      slots: [
        [5, '08:10'],
        [6, '10:00'],
      ],
    });
    await createEnrollment(t.ctx, {
      parentId: owner.parent.id,
      studentId: child.id,
      courseId: course.id,
    });
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: owner.headers });
    const lessons = (await get('/api/userSchedukeForStudent?pagesize=30')).json().data as {
      lesson_sn: string;
    }[];
    // The child joins the first lesson (feedback is only for lessons the child attended).
    t.clock.set('2026-11-20T08:08:00.000Z');
    const entered = await t.app.inject({
      method: 'POST',
      url: '/api/enterRoom',
      headers: owner.headers,
      payload: { lesson_sn: lessons[0]!.lesson_sn, student_sn: child.student_sn },
    });
    expect(entered.json().code).toBe(200);
    t.clock.set('2026-11-20T09:00:00.000Z');
    await t.app.inject({
      method: 'POST',
      url: '/api/setComment',
      headers: owner.headers,
      payload: {
        lesson_sn: lessons[0]!.lesson_sn,
        student_sn: child.student_sn,
        comment: 'ok',
        rating: 5,
      },
    });
    const [done] = (await get('/api/getCompletedLessonPC')).json().data as {
      comments_id: string;
    }[];
    expect(done!.comments_id).toBeTruthy();
    const pkg = await createPackage(t.ctx);
    const checkout = await t.app.inject({
      method: 'POST',
      url: '/api/testStripe',
      headers: owner.headers,
      payload: { lessons_goods_id: pkg.id },
    });
    const session = checkout.json().data.sessionId as string;
    const order = (await get(`/api/local-checkout/session?session=${session}`)).json().data.order;
    const owned: Owned = {
      studentSn: child.student_sn,
      lessonSn: lessons[1]!.lesson_sn,
      pastLessonSn: lessons[0]!.lesson_sn,
      commentId: done!.comments_id,
      orderNo: order.order_no,
      session,
    };
    const before = await snapshot(owner.parent.id);

    const other = await createSignedInParent(t.ctx);
    await createChild(t.ctx, other.parent.id, 'Other');
    for (const [key, build] of Object.entries(CASES)) {
      const request = build(owned);
      const [method] = key.split(' ');
      const res = await t.app.inject({
        ...request,
        method: method as 'GET' | 'POST',
        headers: other.headers,
      });
      expect({ key, status: res.statusCode }).toEqual({ key, status: 404 });
      expect(res.json().data).toBeNull();
    }
    expect(await snapshot(owner.parent.id)).toEqual(before);
  });
});

/** What another parent could have changed: children, lessons, comments, orders, ledger. */
async function snapshot(parentId: number) {
  const rows = await t.ctx.db.execute(sql`
    select
      (select json_agg(json_build_object('sn', student_sn, 'name', nickname, 'deleted', deleted_at) order by id) from students where parent_id = ${parentId}) as students,
      (select json_agg(json_build_object('sn', lesson_sn, 'leave', leave_at, 'entered', entered_at) order by id) from lessons where parent_id = ${parentId}) as lessons,
      (select count(*)::int from lesson_comments where parent_id = ${parentId}) as comments,
      (select json_agg(json_build_object('no', order_no, 'status', status, 'name', username) order by id) from orders where parent_id = ${parentId}) as orders,
      (select count(*)::int from credit_ledger where parent_id = ${parentId}) as ledger,
      (select last_student_sn from parents where id = ${parentId}) as last_student
  `);
  return rowsOf<Record<string, unknown>>(rows)[0];
}
