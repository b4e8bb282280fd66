import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@portal/shared/api';
import {
  AttendanceAnswerSchema,
  AttendanceBodySchema,
  TeachingEnterAnswerSchema,
  TeachingLessonParamsSchema,
  TeachingWeekQuerySchema,
  TeachingWeekSchema,
} from '@portal/shared/staff';
import type { AppContext } from '../../app-context';
import type { StaffActor } from '../../modules/teachers/teachers.service';
import {
  enterClassroom,
  getTeachingWeek,
  markOwnAttendance,
  type TeachingWeek,
} from '../../modules/teachers/teaching.service';
import { ok } from '../envelope';
import { staffOf } from './index';

const actorOf = (request: FastifyRequest): StaffActor => ({
  staffId: staffOf(request).staffId,
  ip: request.ip,
});

/** The week as the wire carries it: ISO instants, the course title in the request's language. */
const weekWire = (week: TeachingWeek, language: string) => ({
  ...week,
  classes: week.classes.map((held) => ({
    ...held,
    courseTitle: language === 'zh_CN' ? held.courseTitle.zh : held.courseTitle.en,
    startsAt: held.startsAt.toISOString(),
    endsAt: held.endsAt.toISOString(),
    teacherEnteredAt: held.teacherEnteredAt?.toISOString() ?? null,
  })),
});

/**
 * A teacher's own week (issue #22; `lessons.own`, the teacher role): their classes, the classroom
 * and attendance. Only lessons they teach are found here; any other is 404.
 */
export const teachingRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const config = { permission: 'lessons.own' } as const;
  const tags = ['ops: teaching'];

  app.get(
    '/teaching/week',
    {
      config,
      schema: {
        tags,
        summary: 'My classes in a Monday-start week of my zone, with children’s nickname and age',
        querystring: TeachingWeekQuerySchema,
        response: { 200: envelope(TeachingWeekSchema) },
      },
    },
    async (request) =>
      ok(
        weekWire(
          await getTeachingWeek(ctx, staffOf(request).staffId, request.query.from),
          request.lang,
        ),
      ),
  );

  app.post(
    '/teaching/lessons/:lessonSn/enter',
    {
      config,
      schema: {
        tags,
        summary: 'Enter my class’s room (as moderator where supported); records my entry',
        params: TeachingLessonParamsSchema,
        response: { 200: envelope(TeachingEnterAnswerSchema) },
      },
    },
    async (request) =>
      ok({
        url: await enterClassroom(ctx, actorOf(request), request.params.lessonSn, request.lang),
      }),
  );

  app.post(
    '/teaching/lessons/:lessonSn/attendance',
    {
      config,
      schema: {
        tags,
        summary: 'Mark one child attended or absent, with an optional note for the parent',
        params: TeachingLessonParamsSchema,
        body: AttendanceBodySchema,
        response: { 200: envelope(AttendanceAnswerSchema) },
      },
    },
    async (request) =>
      ok(await markOwnAttendance(ctx, actorOf(request), request.params.lessonSn, request.body)),
  );
};
