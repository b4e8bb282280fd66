import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@portal/shared/api';
import { type Language } from '@portal/shared/i18n';
import { translate } from '../../lib/catalogue';
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
import { parentViewpoint } from '../../modules/auth/viewpoint.service';
import {
  enterRoom,
  findCompletedLessons,
  findEnrolledCourses,
  findUpcomingLessons,
  getComment,
  judgeLesson,
  requestLeave,
  setComment,
  type LessonListQuery,
} from '../../modules/lessons/lessons.service';
import { ok, okSaying } from '../envelope';
import {
  completedGroupsWire,
  completedWire,
  enrolledCourseWire,
  groupByTitle,
  scheduledWire,
} from './lessons.wire';

/** The list queries' legacy names (spec §7) as the service takes them. */
const listQuery = (query: {
  student_sn?: string | undefined;
  pagesize: number;
  page: number;
}): LessonListQuery => ({
  studentSn: query.student_sn,
  pageSize: query.pagesize,
  page: query.page,
});

const lessonRef = (body: { lesson_sn: string; student_sn: string }) => ({
  lessonSn: body.lesson_sn,
  studentSn: body.student_sn,
});

/** Spec §7 "Lessons": the legacy names stay as spelled at this edge (STYLE.md → Naming). */
export const lessonsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', app.requireParent);
  const tags = ['lessons'];

  /** Upcoming lessons on the wire, with `now_status` 1 when one is on air. */
  async function upcomingPage(
    parentId: number,
    query: z.infer<typeof ScheduleQuerySchema>,
    language: Language,
  ) {
    const page = await findUpcomingLessons(ctx, parentId, listQuery(query));
    const seen = await parentViewpoint(ctx, parentId, query.time_diff);
    return {
      data: page.lessons.map((lesson) => scheduledWire(lesson, seen, language)),
      total: page.total,
      now_status: page.onAir ? 1 : 0,
    };
  }

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
    async (request) => {
      const { data, ...page } = await upcomingPage(
        parentIdOf(request),
        request.query,
        request.lang,
      );
      return { ...ok(data), ...page };
    },
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
    async (request) => {
      const { data, ...page } = await upcomingPage(
        parentIdOf(request),
        request.query,
        request.lang,
      );
      return { ...ok(groupByTitle(data, (lesson) => lesson.title)), ...page };
    },
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
    async (request) => {
      const parentId = parentIdOf(request);
      const courses = await findEnrolledCourses(ctx, parentId, {
        studentSn: request.query.student_sn,
      });
      const seen = await parentViewpoint(ctx, parentId, request.query.time_diff);
      return ok(courses.map((course) => enrolledCourseWire(course, seen, request.lang)));
    },
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
    async (request) => {
      const parentId = parentIdOf(request);
      const page = await findCompletedLessons(ctx, parentId, listQuery(request.query));
      const seen = await parentViewpoint(ctx, parentId, request.query.time_diff);
      return ok(page.lessons.map((lesson) => completedWire(lesson, seen, request.lang)));
    },
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
      const parentId = parentIdOf(request);
      const page = await findCompletedLessons(ctx, parentId, listQuery(request.query));
      const seen = await parentViewpoint(ctx, parentId, request.query.time_diff);
      return {
        ...ok(completedGroupsWire(page.lessons, seen, request.lang)),
        total: page.total,
      };
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
    async (request) => {
      const comment = await getComment(ctx, parentIdOf(request), request.query.comment_id);
      return ok({
        comment_id: comment.commentSn,
        rating: comment.rating,
        comment: comment.comment,
      });
    },
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
      const { rating, comment } = request.body;
      await setComment(ctx, parentIdOf(request), { ...lessonRef(request.body), rating, comment });
      return okSaying(request, 'sentSuccessfully', null);
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
    async (request) => {
      const judged = await judgeLesson(ctx, parentIdOf(request), lessonRef(request.body));
      return ok({ is_class: judged.canEnter, message: translate(request.lang, judged.reason) });
    },
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
      async (request) =>
        ok({ url: await enterRoom(ctx, parentIdOf(request), lessonRef(request.body)) }),
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
    async (request) => {
      await requestLeave(ctx, parentIdOf(request), lessonRef(request.body));
      // `status`: the lesson's attends_status after the request, 1 = on leave.
      const { lesson_sn, student_sn } = request.body;
      return okSaying(request, 'leaveRequested', { lesson_sn, student_sn, status: 1 });
    },
  );
};
