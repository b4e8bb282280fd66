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
} from '../../modules/catalogue/catalogue.service';
import { ok } from '../envelope';
import { pickAsStored } from '../localize';
import {
  coursesScheduleWire,
  levelWire,
  scheduleFilters,
  subjectWire,
  topicListWire,
} from './catalogue.wire';

/**
 * Public and the same for every visitor of a language, but `no-cache`: browsers and proxies ask
 * again each time, so a change made in the console (issue #22) shows at once. Nothing is kept in
 * a server process either; every instance reads the database (these answers are small).
 */
function publicCache(reply: FastifyReply) {
  reply.header('cache-control', 'public, no-cache').header('vary', 'lang, accept-language');
}

const PER_IP = { rateLimit: { max: 120, timeWindow: 60_000 } };

/** The public catalogue and timetable (spec §7), in the request's language. */
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
        publicCache(reply);
        return ok((await listSubjects(ctx)).map((subject) => subjectWire(subject, request.lang)));
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
      publicCache(reply);
      const levels = await listLevels(ctx, request.params.id);
      return ok(levels.map((level) => levelWire(level, request.lang)));
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
      publicCache(reply);
      const groups = await listLevelGroups(ctx, request.query.subject_id);
      return ok(
        groups.map((group) => ({ id: group.id, title: pickAsStored(request.lang, group.title) })),
      );
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
      publicCache(reply);
      const topics = await listTopics(ctx, request.query.subject_id, request.query.level_id);
      return ok(topicListWire(topics, request.lang));
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
    async (request) =>
      ok(
        coursesScheduleWire(
          await getCoursesSchedule(ctx, scheduleFilters(request.body)),
          request.lang,
        ),
      ),
  );
};
