import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@portal/shared/api';
import { translate } from '@portal/shared/i18n';
import {
  CommentQuerySchema,
  CommentSchema,
  CompletedGroupedPageSchema,
  CompletedLessonSchema,
  CompletedQuerySchema,
  CoursesQuerySchema,
  EnrolledCourseSchema,
  EnterRoomSchema,
  GroupedLessonPageSchema,
  JudgeLessonSchema,
  LeaveResultSchema,
  LessonPageSchema,
  LessonRefSchema,
  ScheduleQuerySchema,
  SetCommentBodySchema,
} from '@portal/shared/lessons';
import type { AppContext } from '../../app-context';
import { parentIdOf } from '../../plugins/auth';
import {
  enterRoom,
  findCompletedLessons,
  findEnrolledCourses,
  findUpcomingLessonGroups,
  findUpcomingLessons,
  getComment,
  judgeLesson,
  requestLeave,
  setComment,
} from './lessons.service';

/** Spec §7 "Lessons": the legacy names stay as spelled at this edge (STYLE.md → Naming). */
export const lessonsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', app.requireParent);
  const tags = ['lessons'];

  app.get(
    '/userSchedukeForStudent',
    {
      schema: {
        tags,
        summary: 'Upcoming lessons of one child or all children, paged',
        querystring: ScheduleQuerySchema,
        response: { 200: LessonPageSchema.extend({ code: z.literal(200), msg: z.string() }) },
      },
    },
    async (request) => ({
      code: 200 as const,
      msg: 'ok',
      ...(await findUpcomingLessons(ctx, parentIdOf(request), request.query, request.lang)),
    }),
  );

  app.get(
    '/userSchedukeForStudentSeven',
    {
      schema: {
        tags,
        summary: 'Upcoming lessons grouped under day headings',
        querystring: ScheduleQuerySchema,
        response: {
          200: GroupedLessonPageSchema.extend({ code: z.literal(200), msg: z.string() }),
        },
      },
    },
    async (request) => ({
      code: 200 as const,
      msg: 'ok',
      ...(await findUpcomingLessonGroups(ctx, parentIdOf(request), request.query, request.lang)),
    }),
  );

  app.post(
    '/myCourse',
    {
      schema: {
        tags,
        summary: 'Enrolled courses with the next lesson and weekly timetable',
        querystring: CoursesQuerySchema,
        response: { 200: envelope(z.array(EnrolledCourseSchema)) },
      },
    },
    async (request) => ({
      code: 200 as const,
      msg: 'ok',
      data: await findEnrolledCourses(ctx, parentIdOf(request), request.query, request.lang),
    }),
  );

  app.get(
    '/getCompletedLessonPC',
    {
      schema: {
        tags,
        summary: 'Completed lessons, latest first',
        querystring: CompletedQuerySchema,
        response: { 200: envelope(z.array(CompletedLessonSchema)) },
      },
    },
    async (request) => ({
      code: 200 as const,
      msg: 'ok',
      data: (await findCompletedLessons(ctx, parentIdOf(request), request.query, request.lang))
        .list,
    }),
  );

  app.get(
    '/getCompletedLessonPCSeven',
    {
      schema: {
        tags,
        summary: 'Completed lessons grouped under day headings, paged',
        querystring: CompletedQuerySchema,
        response: {
          200: CompletedGroupedPageSchema.extend({ code: z.literal(200), msg: z.string() }),
        },
      },
    },
    async (request) => {
      const page = await findCompletedLessons(
        ctx,
        parentIdOf(request),
        request.query,
        request.lang,
      );
      return { code: 200 as const, msg: 'ok', data: page.groups, total: page.total };
    },
  );

  app.get(
    '/getComment',
    {
      schema: {
        tags,
        summary: 'Feedback given on a lesson',
        querystring: CommentQuerySchema,
        response: { 200: envelope(CommentSchema) },
      },
    },
    async (request) => ({
      code: 200 as const,
      msg: 'ok',
      data: await getComment(ctx, parentIdOf(request), request.query.comment_id),
    }),
  );

  app.post(
    '/setComment',
    {
      schema: {
        tags,
        summary: 'Give feedback on a completed lesson (rating 1–5 in half steps)',
        body: SetCommentBodySchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await setComment(ctx, parentIdOf(request), request.body);
      return { code: 200 as const, msg: translate(request.lang, 'sentSuccessfully'), data: null };
    },
  );

  app.post(
    '/judeLessonStatus',
    {
      schema: {
        tags,
        summary: 'Whether the child may enter the classroom now',
        body: LessonRefSchema,
        response: { 200: envelope(JudgeLessonSchema) },
      },
    },
    async (request) => ({
      code: 200 as const,
      msg: 'ok',
      data: await judgeLesson(ctx, parentIdOf(request), request.body, request.lang),
    }),
  );

  // Spec §7: clients call it with and without the trailing slash.
  for (const url of ['/enterRoom', '/enterRoom/']) {
    app.post(
      url,
      {
        schema: {
          tags,
          summary: 'Join address of the lesson room (inside the entry window only)',
          body: LessonRefSchema,
          response: { 200: envelope(EnterRoomSchema) },
        },
      },
      async (request) => ({
        code: 200 as const,
        msg: 'ok',
        data: { url: await enterRoom(ctx, parentIdOf(request), request.body) },
      }),
    );
  }

  app.post(
    '/edu/lesson-attends',
    {
      schema: {
        tags,
        summary: 'Ask for leave (more than 3 hours before start); releases the credits',
        body: LessonRefSchema,
        response: { 200: envelope(LeaveResultSchema) },
      },
    },
    async (request) => ({
      code: 200 as const,
      msg: translate(request.lang, 'leaveRequested'),
      data: await requestLeave(ctx, parentIdOf(request), request.body),
    }),
  );
};
