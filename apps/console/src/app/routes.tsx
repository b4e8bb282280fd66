/**
 * The console's signed-in screens: each opens in the frame (navigation, language, the member,
 * sign out) once the member's role has `permission`; otherwise the frame shows "not allowed" and
 * the screen's code is never loaded. The public pages (sign-in, set-up link) are in router.tsx.
 *
 * HOW A FEATURE PLUGS IN (one entry in each of three lists; prettier may wrap an entry):
 * 1. here — `{ path: paths.x, permission: 'x.read', screen: () => import('../features/x/components/x-page').then((m) => m.XPage) },`
 * 2. app/nav.ts — `{ to: paths.x, label: 'x:nav', permission: 'x.read' },` if it has a nav item
 *    (label = `<namespace>:<key>` of the feature's texts);
 * 3. lib/i18n.ts — `x: () => import('../features/x/texts'),` where `features/x/texts.ts` exports
 *    `texts = defineTexts({ en: {…}, zh_CN: {…} })` (lib/texts.ts); read with useTranslation('x').
 * Paths live in config/paths.ts (the planned features' are there already). In a screen: the
 * member is `useMe()` (`me`, `can(permission)`; lib/use-me.ts), calls go through `api` and
 * `OPS_API` (lib/api-client.ts) with the schemas of `@portal/shared/staff`, one `queryOptions`
 * factory per endpoint in `features/x/api.ts`, filters and pages in the URL. A feature imports
 * no other feature. Screens draw only their content (a `<Title order={1}>` first).
 */
import type { Permission } from '@portal/shared/staff';
import type { ComponentType } from 'react';
import { paths } from '../config/paths';

export interface ConsoleRoute {
  /** A path of config/paths.ts (relative to /ops). */
  path: string;
  /** What the member's role needs to open the screen. */
  permission: Permission;
  /** The screen, loaded when first opened. */
  screen: () => Promise<ComponentType>;
}

export const CONSOLE_ROUTES: ConsoleRoute[] = [
  {
    path: paths.dashboard,
    permission: 'dashboard.read',
    screen: () =>
      import('../features/dashboard/components/dashboard-page').then((m) => m.DashboardPage),
  },
  {
    path: paths.families,
    permission: 'families.read',
    screen: () =>
      import('../features/families/components/families-page').then((m) => m.FamiliesPage),
  },
  // A family's page shows the audit feature's entries about it and the timetable's "Enrol in a
  // course" on each child: composed here, as a feature imports no other.
  {
    path: paths.family,
    permission: 'families.read',
    screen: () =>
      Promise.all([
        import('../features/families/components/family-page'),
        import('../features/audit/components/family-audit'),
        import('../features/timetable/components/enrol-child-action'),
        import('../features/orders/components/family-plan'),
      ]).then(([family, audit, timetable, orders]) => () => (
        <family.FamilyPage
          auditSection={audit.FamilyAudit}
          childAction={timetable.EnrolChildAction}
          planSection={orders.FamilyPlan}
        />
      )),
  },
  {
    path: paths.audit,
    permission: 'audit.read',
    screen: () => import('../features/audit/components/audit-page').then((m) => m.AuditPage),
  },
  {
    path: paths.account,
    permission: 'self.manage',
    screen: () => import('../features/account/components/account-page').then((m) => m.AccountPage),
  },
  {
    path: paths.staff,
    permission: 'staff.manage',
    screen: () => import('../features/staff/components/staff-page').then((m) => m.StaffPage),
  },
  {
    path: paths.teaching,
    permission: 'lessons.own',
    screen: () =>
      import('../features/teaching/components/teaching-page').then((m) => m.TeachingPage),
  },
  {
    path: paths.teachers,
    permission: 'teachers.manage',
    screen: () =>
      import('../features/teachers/components/teachers-page').then((m) => m.TeachersPage),
  },
  {
    path: paths.teacher,
    permission: 'teachers.manage',
    screen: () => import('../features/teachers/components/teacher-page').then((m) => m.TeacherPage),
  },
  {
    path: paths.catalogue,
    permission: 'schedule.manage',
    screen: () =>
      import('../features/catalogue/components/catalogue-page').then((m) => m.CataloguePage),
  },
  {
    path: paths.timetable,
    permission: 'schedule.manage',
    screen: () =>
      import('../features/timetable/components/timetable-page').then((m) => m.TimetablePage),
  },
  {
    path: paths.timetableToday,
    permission: 'schedule.manage',
    screen: () => import('../features/timetable/components/today-page').then((m) => m.TodayPage),
  },
  {
    path: paths.timetableCourses,
    permission: 'schedule.manage',
    screen: () =>
      import('../features/timetable/components/courses-page').then((m) => m.CoursesPage),
  },
  {
    path: paths.timetableCourse,
    permission: 'schedule.manage',
    screen: () =>
      import('../features/timetable/components/course-enrolments-page').then(
        (m) => m.CourseEnrolmentsPage,
      ),
  },
  {
    path: paths.timetableClosures,
    permission: 'schedule.manage',
    screen: () =>
      import('../features/timetable/components/closures-page').then((m) => m.ClosuresPage),
  },
  {
    path: paths.timetableCover,
    permission: 'schedule.manage',
    screen: () => import('../features/timetable/components/cover-page').then((m) => m.CoverPage),
  },
  {
    path: paths.timetableLeave,
    permission: 'schedule.manage',
    screen: () =>
      import('../features/timetable/components/leave-requests-page').then(
        (m) => m.LeaveRequestsPage,
      ),
  },
  {
    path: paths.timetableFeedback,
    permission: 'schedule.manage',
    screen: () =>
      import('../features/timetable/components/feedback-page').then((m) => m.FeedbackPage),
  },
  {
    path: paths.orders,
    permission: 'orders.read',
    screen: () => import('../features/orders/components/orders-page').then((m) => m.OrdersPage),
  },
  {
    path: paths.paymentAttention,
    permission: 'orders.read',
    screen: () =>
      import('../features/orders/components/attention-page').then((m) => m.AttentionPage),
  },
  {
    path: paths.order,
    permission: 'orders.read',
    screen: () => import('../features/orders/components/order-page').then((m) => m.OrderPage),
  },
  {
    path: paths.prices,
    permission: 'money.manage',
    screen: () => import('../features/prices/components/prices-page').then((m) => m.PricesPage),
  },
  {
    path: paths.books,
    permission: 'money.manage',
    screen: () => import('../features/books/components/books-page').then((m) => m.BooksPage),
  },
];
