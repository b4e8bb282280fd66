import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@portal/shared/api';
import {
  ClassListQuerySchema,
  ClassListSchema,
  ClosureListSchema,
  CourseEnrollmentListSchema,
  CourseParamsSchema,
  FeedbackQuerySchema,
  FeedbackSummarySchema,
  LeaveRequestListSchema,
  LeaveRequestQuerySchema,
  TodaySchema,
} from '@portal/shared/staff';
import type { AppContext } from '../../app-context';
import {
  courseEnrollments,
  feedbackSummary,
  leaveRequests,
  listClasses,
  listClosures,
  todayClasses,
} from '../../modules/timetable/timetable.service';
import { ok } from '../envelope';
import {
  classWire,
  closureWire,
  feedbackWire,
  leaveRequestWire,
  todayClassWire,
} from './timetable.wire';

const iso = (date: Date) => date.toISOString();

/**
 * Enrolments, lesson changes, closures, cover, leave and feedback (issue #22, decision 047;
 * docs/product.md → Staff → Timetable). Everything needs `schedule.manage`. Ids are public
 * (`lesson_sn`, `enrollment_sn`, `teacher_sn`, `user_sn`, `student_sn`; courses by id): an
 * unknown one, or another family's child, is 404. Changes go through the scheduling engine,
 * which audits them in their transaction and tells the families after it commits.
 */
export const timetableRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const config = { permission: 'schedule.manage' } as const;
  const tags = ['ops: timetable'];

  app.get(
    '/timetable/classes',
    {
      config,
      schema: {
        tags,
        summary: 'Classes by day range (school calendar), course or teacher',
        querystring: ClassListQuerySchema,
        response: { 200: envelope(ClassListSchema) },
      },
    },
    async (request) => {
      const classes = await listClasses(ctx, request.query);
      return ok({ classes: classes.map((lesson) => classWire(request.lang, lesson)) });
    },
  );

  app.get(
    '/today',
    {
      config,
      schema: {
        tags,
        summary: "Today's classes (school calendar), late starts flagged",
        response: { 200: envelope(TodaySchema) },
      },
    },
    async (request) => {
      const today = await todayClasses(ctx);
      return ok({
        ...today,
        classes: today.classes.map((lesson) => todayClassWire(request.lang, lesson)),
      });
    },
  );

  app.get(
    '/courses/:courseId/enrollments',
    {
      config,
      schema: {
        tags,
        summary: "A course's enrolments, its capacity and places taken",
        params: CourseParamsSchema,
        response: { 200: envelope(CourseEnrollmentListSchema) },
      },
    },
    async (request) => {
      const found = await courseEnrollments(ctx, request.params.courseId);
      return ok({
        ...found,
        enrollments: found.enrollments.map((item) => ({
          ...item,
          startsAt: iso(item.startsAt),
          endedAt: item.endedAt ? iso(item.endedAt) : null,
        })),
      });
    },
  );

  app.get(
    '/leave-requests',
    {
      config,
      schema: {
        tags,
        summary: "Parents' leave requests, newest first, with the credits returned",
        querystring: LeaveRequestQuerySchema,
        response: { 200: envelope(LeaveRequestListSchema) },
      },
    },
    async (request) => {
      const { items, total } = await leaveRequests(ctx, request.query);
      return ok({ items: items.map((item) => leaveRequestWire(request.lang, item)), total });
    },
  );

  app.get(
    '/feedback',
    {
      config,
      schema: {
        tags,
        summary: 'Parents’ ratings by teacher or course, with averages overall and by month',
        querystring: FeedbackQuerySchema,
        response: { 200: envelope(FeedbackSummarySchema) },
      },
    },
    async (request) => ok(feedbackWire(request.lang, await feedbackSummary(ctx, request.query))),
  );

  app.get(
    '/closures',
    {
      config,
      schema: {
        tags,
        summary: 'Closures (school calendar date ranges), latest first',
        response: { 200: envelope(ClosureListSchema) },
      },
    },
    async (request) => {
      const closures = await listClosures(ctx);
      return ok({ closures: closures.map((closure) => closureWire(request.lang, closure)) });
    },
  );
};
