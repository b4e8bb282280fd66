import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can, STAFF_ROLES, type Permission } from '@portal/shared/staff';
import type { TestApp } from '../../../test/helpers/app';
import { buildOpsTestApp, staffHeaders } from '../../../test/helpers/ops';
import { routeCatalogue, type RouteEntry } from '../../../test/security/route-catalogue';
import { createSignedInParent } from '../../../test/factories/parents';

/**
 * The permission each `/api/ops` route needs, written down once more here on purpose: a new ops
 * route fails this test until it is listed, and every role is then tried against it. `public`
 * routes (sign-in, set-up link) need no session.
 */
const EXPECTED: Record<string, Permission | 'public'> = {
  'POST /api/ops/auth/sign-in': 'public',
  'POST /api/ops/auth/verify': 'public',
  'POST /api/ops/auth/sign-out': 'self.manage',
  'GET /api/ops/setup/{token}': 'public',
  'POST /api/ops/setup': 'public',
  'GET /api/ops/me': 'self.manage',
  'GET /api/ops/me/sessions': 'self.manage',
  'POST /api/ops/me/sessions/{id}/revoke': 'self.manage',
  'GET /api/ops/staff': 'staff.manage',
  'POST /api/ops/staff': 'staff.manage',
  'GET /api/ops/staff/{id}': 'staff.manage',
  'POST /api/ops/staff/{id}': 'staff.manage',
  'POST /api/ops/staff/{id}/disable': 'staff.manage',
  'POST /api/ops/staff/{id}/enable': 'staff.manage',
  'POST /api/ops/staff/{id}/reset-second-factor': 'staff.manage',
  'GET /api/ops/dashboard': 'dashboard.read',
  'GET /api/ops/advisers': 'families.read',
  'GET /api/ops/avatars': 'families.read',
  'GET /api/ops/families': 'families.read',
  'GET /api/ops/families/{userSn}': 'families.read',
  'GET /api/ops/families/{userSn}/ledger': 'families.read',
  'GET /api/ops/families/{userSn}/audit': 'audit.read',
  'POST /api/ops/families/{userSn}/reveal-phone': 'families.read',
  'POST /api/ops/families/{userSn}': 'families.write',
  'POST /api/ops/families/{userSn}/children/{studentSn}': 'families.write',
  'POST /api/ops/families/{userSn}/sign-out-everywhere': 'families.write',
  'POST /api/ops/families/{userSn}/credits': 'credits.correct',
  // #22 catalogue (catalogue.routes.ts)
  'GET /api/ops/catalogue': 'schedule.manage',
  'GET /api/ops/catalogue/teachers': 'schedule.manage',
  'POST /api/ops/catalogue/subjects': 'schedule.manage',
  'POST /api/ops/catalogue/subjects/{subjectId}': 'schedule.manage',
  'POST /api/ops/catalogue/level-groups': 'schedule.manage',
  'POST /api/ops/catalogue/level-groups/{levelGroupId}': 'schedule.manage',
  'POST /api/ops/catalogue/levels': 'schedule.manage',
  'POST /api/ops/catalogue/levels/{levelId}': 'schedule.manage',
  'GET /api/ops/catalogue/levels/{levelId}/topics': 'schedule.manage',
  'POST /api/ops/catalogue/levels/{levelId}/topics': 'schedule.manage',
  'POST /api/ops/catalogue/levels/{levelId}/topics/order': 'schedule.manage',
  'POST /api/ops/catalogue/topics/{topicId}': 'schedule.manage',
  'GET /api/ops/catalogue/courses': 'schedule.manage',
  'GET /api/ops/catalogue/courses/{courseId}': 'schedule.manage',
  'POST /api/ops/catalogue/courses': 'schedule.manage',
  'POST /api/ops/catalogue/courses/{courseId}': 'schedule.manage',
  'POST /api/ops/catalogue/courses/{courseId}/retire': 'schedule.manage',
  'GET /api/ops/catalogue/agreements': 'schedule.manage',
  'POST /api/ops/catalogue/agreements/{kind}': 'schedule.manage',
  // #22 teachers (teachers.routes.ts)
  'GET /api/ops/teachers': 'teachers.manage',
  'GET /api/ops/teacher-presets': 'teachers.manage',
  'POST /api/ops/teachers': 'teachers.manage',
  'GET /api/ops/teachers/{teacherSn}': 'teachers.manage',
  'POST /api/ops/teachers/{teacherSn}': 'teachers.manage',
  'POST /api/ops/teachers/{teacherSn}/photo': 'teachers.manage',
  'POST /api/ops/teachers/{teacherSn}/time-off': 'teachers.manage',
  'POST /api/ops/teachers/{teacherSn}/time-off/{id}/delete': 'teachers.manage',
  'GET /api/ops/teachers/{teacherSn}/figures': 'teachers.manage',
  // #22 teaching (teaching.routes.ts)
  'GET /api/ops/teaching/week': 'lessons.own',
  'POST /api/ops/teaching/lessons/{lessonSn}/enter': 'lessons.own',
  'POST /api/ops/teaching/lessons/{lessonSn}/attendance': 'lessons.own',
  // #22 timetable (timetable.routes.ts)
  'GET /api/ops/timetable/classes': 'schedule.manage',
  'GET /api/ops/today': 'schedule.manage',
  'GET /api/ops/courses/{courseId}/enrollments': 'schedule.manage',
  'GET /api/ops/leave-requests': 'schedule.manage',
  'GET /api/ops/feedback': 'schedule.manage',
  'GET /api/ops/closures': 'schedule.manage',
  'POST /api/ops/enrollments/preview': 'schedule.manage',
  'POST /api/ops/enrollments': 'schedule.manage',
  'GET /api/ops/enrollments/{enrollmentSn}/end-preview': 'schedule.manage',
  'POST /api/ops/enrollments/{enrollmentSn}/end': 'schedule.manage',
  'POST /api/ops/lessons/{lessonSn}/cancel': 'schedule.manage',
  'POST /api/ops/lessons/{lessonSn}/move': 'schedule.manage',
  'POST /api/ops/lessons/{lessonSn}/move-following': 'schedule.manage',
  'POST /api/ops/lessons/{lessonSn}/substitute': 'schedule.manage',
  'POST /api/ops/lessons/{lessonSn}/attendance': 'schedule.manage',
  'GET /api/ops/cover': 'schedule.manage',
  'POST /api/ops/cover': 'schedule.manage',
  'POST /api/ops/closures/preview': 'schedule.manage',
  'POST /api/ops/closures': 'schedule.manage',
  'GET /api/ops/audit': 'audit.read',
  'GET /api/ops/staff-options': 'audit.read',
  // #23 orders (orders.routes.ts)
  'GET /api/ops/orders': 'orders.read',
  'GET /api/ops/orders/{orderNo}': 'orders.read',
  'GET /api/ops/payment-attention': 'orders.read',
  // #23 money (money.routes.ts)
  'GET /api/ops/orders/{orderNo}/refund-preview': 'money.manage',
  'POST /api/ops/orders/{orderNo}/refunds': 'money.manage',
  'POST /api/ops/payment-events/{id}/fulfil': 'money.manage',
  'POST /api/ops/payment-events/{id}/refund': 'money.manage',
  'GET /api/ops/families/{userSn}/membership': 'orders.read',
  'GET /api/ops/families/{userSn}/membership/cancel-preview': 'money.manage',
  'POST /api/ops/families/{userSn}/membership/cancel': 'money.manage',
  // #23 prices (prices.routes.ts)
  'GET /api/ops/prices': 'money.manage',
  'POST /api/ops/prices/packages': 'money.manage',
  'POST /api/ops/prices/packages/{id}': 'money.manage',
  'POST /api/ops/prices/packages/{id}/retire': 'money.manage',
  'POST /api/ops/prices/plans': 'money.manage',
  'POST /api/ops/prices/plans/{id}': 'money.manage',
  'POST /api/ops/prices/plans/{id}/retire': 'money.manage',
  'POST /api/ops/prices/goods': 'money.manage',
  'POST /api/ops/prices/goods/{id}': 'money.manage',
  'POST /api/ops/prices/goods/{id}/retire': 'money.manage',
  // #23 books (books.routes.ts)
  'GET /api/ops/books': 'money.manage',
  'GET /api/ops/books.csv': 'money.manage',
  'GET /api/ops/books.pdf': 'money.manage',
};

let t: TestApp;
let opsRoutes: RouteEntry[];
beforeAll(async () => {
  t = await buildOpsTestApp();
  opsRoutes = (await routeCatalogue(t.app)).filter((route) => route.path.startsWith('/api/ops/'));
});
afterAll(() => t.close());

/** The route's URL with made-up ids (the permission is checked before the ids are read). */
const urlOf = (route: RouteEntry) => route.path.replace(/\{[^}]+\}/g, '1');

function request(route: RouteEntry, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: route.method,
    url: urlOf(route),
    headers,
    ...(route.method === 'GET' ? {} : { payload: {} }),
  });
}

describe('the staff permission matrix on every /api/ops route', () => {
  it('lists every ops route the app registers, and nothing it does not', () => {
    expect(opsRoutes.map((route) => route.key).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it('refuses every non-public route without a staff session, and with a parent’s', async () => {
    const { headers: parentHeaders } = await createSignedInParent(t.ctx);
    for (const route of opsRoutes) {
      if (EXPECTED[route.key] === 'public') continue;
      expect((await request(route)).statusCode, route.key).toBe(401);
      expect((await request(route, parentHeaders)).statusCode, route.key).toBe(401);
    }
  });

  it.each(STAFF_ROLES)(
    'answers 403 exactly where the %s role lacks the permission',
    async (role) => {
      for (const route of opsRoutes) {
        const permission = EXPECTED[route.key];
        if (permission === undefined || permission === 'public') continue;
        const response = await request(route, staffHeaders(role));
        if (can(role, permission)) expect(response.statusCode, route.key).not.toBe(403);
        else {
          expect(response.statusCode, route.key).toBe(403);
          expect(response.json()).toMatchObject({ code: 403 });
        }
      }
    },
  );
});
