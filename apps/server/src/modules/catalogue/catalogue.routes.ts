import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { envelope } from '@portal/shared/api';
import {
  CoursesScheduleBodySchema,
  CoursesScheduleDataSchema,
  LevelGroupSchema,
  LevelSchema,
  SubjectIdParamsSchema,
  SubjectQuerySchema,
  SubjectSchema,
  TopicListSchema,
  TopicsQuerySchema,
} from '@portal/shared/catalogue';
import type { AppContext } from '../../app-context';
import {
  getCoursesSchedule,
  listLevelGroups,
  listLevels,
  listSubjects,
  listTopics,
} from './catalogue.service';

/** Public and the same for every visitor of a language: browsers and proxies may keep it. */
function publicCache(reply: FastifyReply, seconds: number) {
  reply
    .header('cache-control', `public, max-age=${seconds}`)
    .header('vary', 'lang, accept-language');
}

const PER_IP = { rateLimit: { max: 120, timeWindow: 60_000 } };
const ok = <T>(data: T) => ({ code: 200 as const, msg: 'ok', data });

export const catalogueRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  plain,
  { ctx },
) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();

  // Spec §7 lists both paths for the same subject list (the schedule and the curriculum use one each).
  for (const url of ['/edu/subjects', '/getSubject']) {
    app.get(
      url,
      {
        schema: { tags: ['catalogue'], response: { 200: envelope(z.array(SubjectSchema)) } },
        config: PER_IP,
      },
      async (request, reply) => {
        publicCache(reply, 300);
        return ok(await listSubjects(ctx, request.lang));
      },
    );
  }

  app.get(
    '/edu/subjects-:id/levels',
    {
      schema: {
        tags: ['catalogue'],
        params: SubjectIdParamsSchema,
        response: { 200: envelope(z.array(LevelSchema)) },
      },
      config: PER_IP,
    },
    async (request, reply) => {
      publicCache(reply, 300);
      return ok(await listLevels(ctx, request.params.id, request.lang));
    },
  );

  app.get(
    '/getSubjectLevelsGroup',
    {
      schema: {
        tags: ['catalogue'],
        querystring: SubjectQuerySchema,
        response: { 200: envelope(z.array(LevelGroupSchema)) },
      },
      config: PER_IP,
    },
    async (request, reply) => {
      publicCache(reply, 300);
      return ok(await listLevelGroups(ctx, request.query.subject_id, request.lang));
    },
  );

  app.get(
    '/getLessonTopicForSubject',
    {
      schema: {
        tags: ['catalogue'],
        querystring: TopicsQuerySchema,
        response: { 200: envelope(TopicListSchema) },
      },
      config: PER_IP,
    },
    async (request, reply) => {
      publicCache(reply, 300);
      return ok(
        await listTopics(ctx, request.query.subject_id, request.query.level_id, request.lang),
      );
    },
  );

  app.post(
    '/getCoursesSchedule',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Public course timetable in the visitor offset, filtered and paged',
        body: CoursesScheduleBodySchema,
        response: { 200: envelope(CoursesScheduleDataSchema) },
      },
      config: PER_IP,
    },
    // A POST (spec §7), so HTTP caches do not keep it; the answer is cheap to compute.
    async (request) => ok(await getCoursesSchedule(ctx, request.body, request.lang)),
  );
};
