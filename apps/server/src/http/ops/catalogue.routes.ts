import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@portal/shared/api';
import {
  CatalogueAgreementBodySchema,
  CatalogueAgreementListSchema,
  CatalogueAgreementParamsSchema,
  CatalogueAgreementSchema,
  CatalogueCourseBodySchema,
  CatalogueCourseListQuerySchema,
  CatalogueCourseListSchema,
  CatalogueCourseParamsSchema,
  CatalogueCourseSchema,
  CatalogueLevelBodySchema,
  CatalogueLevelCreateBodySchema,
  CatalogueLevelGroupBodySchema,
  CatalogueLevelGroupCreateBodySchema,
  CatalogueLevelGroupParamsSchema,
  CatalogueLevelParamsSchema,
  CatalogueSubjectBodySchema,
  CatalogueSubjectParamsSchema,
  CatalogueTeacherListSchema,
  CatalogueTopicBodySchema,
  CatalogueTopicListSchema,
  CatalogueTopicOrderBodySchema,
  CatalogueTopicParamsSchema,
  CatalogueTopicSchema,
  CatalogueTreeSchema,
  type CatalogueAgreement,
  type CatalogueCourse,
} from '@portal/shared/staff';
import type { AppContext } from '../../app-context';
import {
  listAgreementDocuments,
  updateAgreementDocument,
  type AgreementDocument,
} from '../../modules/agreements/agreements.service';
import {
  createLevel,
  createLevelGroup,
  createSubject,
  createTopic,
  getCatalogueTree,
  listLevelTopics,
  listTeacherOptions,
  reorderTopics,
  updateLevelById,
  updateLevelGroupById,
  updateSubjectById,
  updateTopicById,
  type CatalogueActor,
} from '../../modules/catalogue/catalogue-admin.service';
import {
  createCourse,
  getCourse,
  listCourses,
  retireCourse,
  updateCourseById,
  type AdminCourse,
} from '../../modules/catalogue/course-admin.service';
import { ok } from '../envelope';
import { staffOf } from './index';

/** Agreements are whole documents in two languages: more than the 64 KB every other body gets. */
const AGREEMENT_BODY_LIMIT_BYTES = 512 * 1024;

const IdAnswerSchema = z.object({ id: z.number().int() });

function actorOf(request: FastifyRequest): CatalogueActor {
  return { staffId: staffOf(request).staffId, ip: request.ip };
}

const courseWire = (course: AdminCourse): CatalogueCourse => ({
  ...course,
  retiredAt: course.retiredAt?.toISOString() ?? null,
  createdAt: course.createdAt.toISOString(),
});

const agreementWire = (document: AgreementDocument): CatalogueAgreement => ({
  ...document,
  updatedAt: document.updatedAt?.toISOString() ?? null,
});

/**
 * The catalogue as the school edits it (issue #22; docs/product.md → Staff → Catalogue), all
 * `schedule.manage`: subjects, level groups, levels, topics (ordered per level), courses with
 * their weekly slots (retired, never deleted) and the agreement documents. Edits replace the
 * whole record (the forms send every field); each write is audited in its transaction. Unknown
 * ids are 404; a body that fails its schema is 400 and changes nothing.
 */
export const catalogueRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const config = { permission: 'schedule.manage' } as const;
  const tags = ['ops: catalogue'];
  const saved = { 200: envelope(IdAnswerSchema) };

  app.get(
    '/catalogue',
    {
      config,
      schema: {
        tags,
        summary: 'Subjects, level groups and levels in display order, and the subject pictures',
        response: { 200: envelope(CatalogueTreeSchema) },
      },
    },
    async () => ok(await getCatalogueTree(ctx)),
  );

  app.get(
    '/catalogue/teachers',
    {
      config,
      schema: {
        tags,
        summary: 'The teachers a course may have',
        response: { 200: envelope(CatalogueTeacherListSchema) },
      },
    },
    async () => ok({ items: await listTeacherOptions(ctx) }),
  );

  // Subjects ------------------------------------------------------------------------------------

  app.post(
    '/catalogue/subjects',
    {
      config,
      schema: { tags, summary: 'Add a subject', body: CatalogueSubjectBodySchema, response: saved },
    },
    async (request) => ok(await createSubject(ctx, request.body, actorOf(request))),
  );

  app.post(
    '/catalogue/subjects/:subjectId',
    {
      config,
      schema: {
        tags,
        summary: 'Change a subject',
        params: CatalogueSubjectParamsSchema,
        body: CatalogueSubjectBodySchema,
        response: saved,
      },
    },
    async (request) => {
      const id = request.params.subjectId;
      await updateSubjectById(ctx, id, request.body, actorOf(request));
      return ok({ id });
    },
  );

  // Level groups --------------------------------------------------------------------------------

  app.post(
    '/catalogue/level-groups',
    {
      config,
      schema: {
        tags,
        summary: 'Add a level group to a subject',
        body: CatalogueLevelGroupCreateBodySchema,
        response: saved,
      },
    },
    async (request) => ok(await createLevelGroup(ctx, request.body, actorOf(request))),
  );

  app.post(
    '/catalogue/level-groups/:levelGroupId',
    {
      config,
      schema: {
        tags,
        summary: 'Change a level group',
        params: CatalogueLevelGroupParamsSchema,
        body: CatalogueLevelGroupBodySchema,
        response: saved,
      },
    },
    async (request) => {
      const id = request.params.levelGroupId;
      await updateLevelGroupById(ctx, id, request.body, actorOf(request));
      return ok({ id });
    },
  );

  // Levels and their topics ---------------------------------------------------------------------

  app.post(
    '/catalogue/levels',
    {
      config,
      schema: {
        tags,
        summary: 'Add a level to a subject',
        body: CatalogueLevelCreateBodySchema,
        response: saved,
      },
    },
    async (request) => ok(await createLevel(ctx, request.body, actorOf(request))),
  );

  app.post(
    '/catalogue/levels/:levelId',
    {
      config,
      schema: {
        tags,
        summary: 'Change a level',
        params: CatalogueLevelParamsSchema,
        body: CatalogueLevelBodySchema,
        response: saved,
      },
    },
    async (request) => {
      const id = request.params.levelId;
      await updateLevelById(ctx, id, request.body, actorOf(request));
      return ok({ id });
    },
  );

  app.get(
    '/catalogue/levels/:levelId/topics',
    {
      config,
      schema: {
        tags,
        summary: "A level's topics in order",
        params: CatalogueLevelParamsSchema,
        response: { 200: envelope(CatalogueTopicListSchema) },
      },
    },
    async (request) => ok({ items: await listLevelTopics(ctx, request.params.levelId) }),
  );

  app.post(
    '/catalogue/levels/:levelId/topics',
    {
      config,
      schema: {
        tags,
        summary: 'Add a topic at the end of a level',
        params: CatalogueLevelParamsSchema,
        body: CatalogueTopicBodySchema,
        response: { 200: envelope(CatalogueTopicSchema) },
      },
    },
    async (request) =>
      ok(await createTopic(ctx, request.params.levelId, request.body, actorOf(request))),
  );

  app.post(
    '/catalogue/levels/:levelId/topics/order',
    {
      config,
      schema: {
        tags,
        summary: "Put a level's topics in a new order (every topic, once)",
        params: CatalogueLevelParamsSchema,
        body: CatalogueTopicOrderBodySchema,
        response: { 200: envelope(CatalogueTopicListSchema) },
      },
    },
    async (request) =>
      ok({
        items: await reorderTopics(
          ctx,
          request.params.levelId,
          request.body.topicIds,
          actorOf(request),
        ),
      }),
  );

  app.post(
    '/catalogue/topics/:topicId',
    {
      config,
      schema: {
        tags,
        summary: "Change a topic's titles",
        params: CatalogueTopicParamsSchema,
        body: CatalogueTopicBodySchema,
        response: { 200: envelope(CatalogueTopicSchema) },
      },
    },
    async (request) =>
      ok(await updateTopicById(ctx, request.params.topicId, request.body, actorOf(request))),
  );

  // Courses -------------------------------------------------------------------------------------

  app.get(
    '/catalogue/courses',
    {
      config,
      schema: {
        tags,
        summary: 'Courses matching the filters (active ones by default)',
        querystring: CatalogueCourseListQuerySchema,
        response: { 200: envelope(CatalogueCourseListSchema) },
      },
    },
    async (request) => ok({ items: (await listCourses(ctx, request.query)).map(courseWire) }),
  );

  app.get(
    '/catalogue/courses/:courseId',
    {
      config,
      schema: {
        tags,
        summary: 'One course with its weekly slots',
        params: CatalogueCourseParamsSchema,
        response: { 200: envelope(CatalogueCourseSchema) },
      },
    },
    async (request) => ok(courseWire(await getCourse(ctx, request.params.courseId))),
  );

  app.post(
    '/catalogue/courses',
    {
      config,
      schema: {
        tags,
        summary: 'Add a course with its weekly slots',
        body: CatalogueCourseBodySchema,
        response: { 200: envelope(CatalogueCourseSchema) },
      },
    },
    async (request) => ok(courseWire(await createCourse(ctx, request.body, actorOf(request)))),
  );

  app.post(
    '/catalogue/courses/:courseId',
    {
      config,
      schema: {
        tags,
        summary: 'Change a course (its schedule stays while children are enrolled)',
        params: CatalogueCourseParamsSchema,
        body: CatalogueCourseBodySchema,
        response: { 200: envelope(CatalogueCourseSchema) },
      },
    },
    async (request) =>
      ok(
        courseWire(
          await updateCourseById(ctx, request.params.courseId, request.body, actorOf(request)),
        ),
      ),
  );

  app.post(
    '/catalogue/courses/:courseId/retire',
    {
      config,
      schema: {
        tags,
        summary: 'Retire a course: off the public schedule, no new enrolments',
        params: CatalogueCourseParamsSchema,
        response: { 200: envelope(CatalogueCourseSchema) },
      },
    },
    async (request) =>
      ok(courseWire(await retireCourse(ctx, request.params.courseId, actorOf(request)))),
  );

  // Agreements ----------------------------------------------------------------------------------

  app.get(
    '/catalogue/agreements',
    {
      config,
      schema: {
        tags,
        summary: 'The service, privacy and contract documents in both languages',
        response: { 200: envelope(CatalogueAgreementListSchema) },
      },
    },
    async () => ok({ items: (await listAgreementDocuments(ctx)).map(agreementWire) }),
  );

  app.post(
    '/catalogue/agreements/:kind',
    {
      config,
      bodyLimit: AGREEMENT_BODY_LIMIT_BYTES,
      schema: {
        tags,
        summary: 'Replace a document in both languages (HTML sanitised as the parents read it)',
        params: CatalogueAgreementParamsSchema,
        body: CatalogueAgreementBodySchema,
        response: { 200: envelope(CatalogueAgreementSchema) },
      },
    },
    async (request) =>
      ok(
        agreementWire(
          await updateAgreementDocument(ctx, request.params.kind, request.body, actorOf(request)),
        ),
      ),
  );
};
