/**
 * Every path of the console, relative to its base `/ops` (the router's basename; vite's `base`).
 * Build links only through these. Paths of features still to come are listed here already.
 */
export const paths = {
  home: '/',
  signIn: '/sign-in',
  setup: '/setup/:token',
  account: '/account',
  staff: '/staff',
  dashboard: '/dashboard',
  families: '/families',
  family: '/families/:userSn',
  familyOf: (userSn: string) => `/families/${encodeURIComponent(userSn)}`,
  audit: '/audit',
  teaching: '/teaching',
  teachers: '/teachers',
  teacher: '/teachers/:teacherSn',
  teacherOf: (teacherSn: string) => `/teachers/${encodeURIComponent(teacherSn)}`,
  timetable: '/timetable',
  timetableToday: '/timetable/today',
  timetableCourses: '/timetable/courses',
  timetableCourse: '/timetable/courses/:courseId',
  timetableCourseOf: (courseId: number) => `/timetable/courses/${courseId}`,
  timetableClosures: '/timetable/closures',
  timetableCover: '/timetable/cover',
  timetableLeave: '/timetable/leave-requests',
  timetableFeedback: '/timetable/feedback',
  catalogue: '/catalogue',
  orders: '/orders',
  order: '/orders/:orderNo',
  orderOf: (orderNo: string) => `/orders/${encodeURIComponent(orderNo)}`,
  paymentAttention: '/orders/attention',
  prices: '/prices',
  books: '/books',
} as const;

/** Where the console is served (apps/server/src/plugins/console.ts). */
export const CONSOLE_BASE = '/ops';

/** The sign-in page, coming back to `next` (a console path) once signed in. */
export function signInPath(next?: string): string {
  return next && next !== paths.home && next !== paths.signIn
    ? `${paths.signIn}?next=${encodeURIComponent(next)}`
    : paths.signIn;
}

/** A `next` parameter that is a console path of this app (never another site). */
export function safeNext(next: string | null): string {
  return next && next.startsWith('/') && !next.startsWith('//') ? next : paths.home;
}
