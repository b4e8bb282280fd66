import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@portal/shared/api';
import {
  AttendanceAnswerSchema,
  AttendanceBodySchema,
  CancelClassBodySchema,
  CancelledAnswerSchema,
  ClassListQuerySchema,
  ClassListSchema,
  ClosureBodySchema,
  ClosureCreatedSchema,
  ClosureListSchema,
  ClosurePreviewSchema,
  CourseEnrollmentListSchema,
  CourseParamsSchema,
  CoverBodySchema,
  CoveredAnswerSchema,
  CoverListSchema,
  CoverQuerySchema,
  EndEnrollmentPreviewSchema,
  EnrollmentBodySchema,
  EnrollmentCreatedSchema,
  EnrollmentParamsSchema,
  EnrollmentPreviewSchema,
  FeedbackQuerySchema,
  FeedbackSummarySchema,
  LeaveRequestListSchema,
  LeaveRequestQuerySchema,
  LessonParamsSchema,
  MoveClassBodySchema,
  MovedAnswerSchema,
  MoveFollowingBodySchema,
  SubstituteBodySchema,
  TodaySchema,
} from '@portal/shared/staff';
import type { AppContext } from '../../app-context';
import type { StaffActor } from '../../modules/scheduling/scheduling.service';
import {
  cancelClassOf,
  coverListOf,
  coverOf,
  declareClosureOf,
  endEnrollmentOf,
  enrollFromConsole,
  markAttendanceOf,
  moveClassOf,
  moveFollowingOf,
  previewClosureOf,
  previewEndOf,
  previewEnrollmentOf,
  substituteOf,
  type ChangeCtx,
} from '../../modules/timetable/timetable-changes.service';
import {
  courseEnrollments,
  feedbackSummary,
  leaveRequests,
  listClasses,
  listClosures,
  todayClasses,
} from '../../modules/timetable/timetable.service';
import { ok } from '../envelope';
import { staffOf } from './index';
import {
  classWire,
  closureWire,
  coverClassWire,
  enrollmentPreviewWire,
  feedbackWire,
  leaveRequestWire,
  todayClassWire,
} from './timetable.wire';

const iso = (date: Date) => date.toISOString();

/** Who acts, for the audit entry the engine writes: the member and their address. */
const actorOf = (request: FastifyRequest): StaffActor => ({
  staffId: staffOf(request).staffId,
  ip: request.ip,
});

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
  /** The app's context with the request's logger, so a failed notice is logged with its id. */
  const changeCtx = (request: FastifyRequest): ChangeCtx => ({ ...ctx, log: request.log });

  app.post(
    '/enrollments/preview',
    {
      config,
      schema: {
        tags,
        summary: 'The lessons an enrolment would create, their credits and what stands in the way',
        body: EnrollmentBodySchema,
        response: { 200: envelope(EnrollmentPreviewSchema) },
      },
    },
    async (request) =>
      ok(enrollmentPreviewWire(request.lang, await previewEnrollmentOf(ctx, request.body))),
  );

  app.post(
    '/enrollments',
    {
      config,
      schema: {
        tags,
        summary: 'Enrol a child of the family in a course (audited; the family is told)',
        body: EnrollmentBodySchema,
        response: { 200: envelope(EnrollmentCreatedSchema) },
      },
    },
    async (request) =>
      ok(await enrollFromConsole(changeCtx(request), request.body, actorOf(request))),
  );

  app.get(
    '/enrollments/:enrollmentSn/end-preview',
    {
      config,
      schema: {
        tags,
        summary: 'The lessons ending the enrolment would cancel and the credits released',
        params: EnrollmentParamsSchema,
        response: { 200: envelope(EndEnrollmentPreviewSchema) },
      },
    },
    async (request) => {
      const preview = await previewEndOf(ctx, request.params.enrollmentSn);
      return ok({
        lessons: preview.lessons.map((lesson) => ({ ...lesson, startsAt: iso(lesson.startsAt) })),
        credits: preview.credits,
      });
    },
  );

  app.post(
    '/enrollments/:enrollmentSn/end',
    {
      config,
      schema: {
        tags,
        summary: 'End an enrolment: its coming lessons cancelled, their credits released',
        params: EnrollmentParamsSchema,
        response: { 200: envelope(CancelledAnswerSchema) },
      },
    },
    async (request) =>
      ok(await endEnrollmentOf(changeCtx(request), request.params.enrollmentSn, actorOf(request))),
  );

  app.post(
    '/lessons/:lessonSn/cancel',
    {
      config,
      schema: {
        tags,
        summary: "Cancel the lesson's class with a reason (credits released at once)",
        params: LessonParamsSchema,
        body: CancelClassBodySchema,
        response: { 200: envelope(CancelledAnswerSchema) },
      },
    },
    async (request) =>
      ok(
        await cancelClassOf(
          changeCtx(request),
          request.params.lessonSn,
          request.body.reason,
          actorOf(request),
        ),
      ),
  );

  app.post(
    '/lessons/:lessonSn/move',
    {
      config,
      schema: {
        tags,
        summary: "Move the lesson's class to a new start (and teacher)",
        params: LessonParamsSchema,
        body: MoveClassBodySchema,
        response: { 200: envelope(MovedAnswerSchema) },
      },
    },
    async (request) =>
      ok(
        await moveClassOf(
          changeCtx(request),
          request.params.lessonSn,
          request.body,
          actorOf(request),
        ),
      ),
  );

  app.post(
    '/lessons/:lessonSn/move-following',
    {
      config,
      schema: {
        tags,
        summary: "Move this and all following lessons of the lesson's enrolment to a new slot",
        params: LessonParamsSchema,
        body: MoveFollowingBodySchema,
        response: { 200: envelope(MovedAnswerSchema) },
      },
    },
    async (request) =>
      ok(
        await moveFollowingOf(
          changeCtx(request),
          request.params.lessonSn,
          request.body,
          actorOf(request),
        ),
      ),
  );

  app.post(
    '/lessons/:lessonSn/substitute',
    {
      config,
      schema: {
        tags,
        summary: "A substitute teaches the lesson's class",
        params: LessonParamsSchema,
        body: SubstituteBodySchema,
        response: { 200: envelope(CoveredAnswerSchema) },
      },
    },
    async (request) =>
      ok(
        await substituteOf(
          changeCtx(request),
          request.params.lessonSn,
          request.body.teacherSn,
          actorOf(request),
        ),
      ),
  );

  app.post(
    '/lessons/:lessonSn/attendance',
    {
      config,
      schema: {
        tags,
        summary: "An admin's attendance mark (and note) on one child's lesson, until settled",
        params: LessonParamsSchema,
        body: AttendanceBodySchema,
        response: { 200: envelope(AttendanceAnswerSchema) },
      },
    },
    async (request) =>
      ok(
        await markAttendanceOf(
          changeCtx(request),
          request.params.lessonSn,
          request.body,
          actorOf(request),
        ),
      ),
  );

  app.get(
    '/cover',
    {
      config,
      schema: {
        tags,
        summary: "Classes in a teacher's time off without a substitute, with who could cover",
        querystring: CoverQuerySchema,
        response: { 200: envelope(CoverListSchema) },
      },
    },
    async (request) => {
      const classes = await coverListOf(ctx, request.query.teacherSn);
      return ok({ classes: classes.map((lesson) => coverClassWire(request.lang, lesson)) });
    },
  );

  app.post(
    '/cover',
    {
      config,
      schema: {
        tags,
        summary: "A substitute for the classes named, or all of the teacher's time off",
        body: CoverBodySchema,
        response: { 200: envelope(CoveredAnswerSchema) },
      },
    },
    async (request) => ok(await coverOf(changeCtx(request), request.body, actorOf(request))),
  );

  app.post(
    '/closures/preview',
    {
      config,
      schema: {
        tags,
        summary: 'What a closure would cancel: lessons, families and credits',
        body: ClosureBodySchema,
        response: { 200: envelope(ClosurePreviewSchema) },
      },
    },
    async (request) => ok(await previewClosureOf(ctx, request.body)),
  );

  app.post(
    '/closures',
    {
      config,
      schema: {
        tags,
        summary: 'Declare a closure: its lessons cancelled, credits released, families told once',
        body: ClosureBodySchema,
        response: { 200: envelope(ClosureCreatedSchema) },
      },
    },
    async (request) =>
      ok(await declareClosureOf(changeCtx(request), request.body, actorOf(request))),
  );
};
