import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@portal/shared/api';
import {
  AvatarSchema,
  ChildDeletionImpactQuerySchema,
  ChildDeletionImpactSchema,
  ChildFieldsSchema,
  ChildSchema,
  DeleteChildBodySchema,
  EditChildBodySchema,
  SetLastStudentBodySchema,
} from '@portal/shared/children';
import type { AppContext } from '../../app-context';
import { parentIdOf } from '../../plugins/auth';
import {
  addChild,
  deleteChild,
  editChild,
  findChildren,
  getDeletionImpact,
  listAvatars,
  selectChild,
} from '../../modules/children/children.service';
import { ok, okSaying } from '../envelope';
import { childInput, childWire } from './children.wire';

/** Spec §7 "Children": the parent's own children only; another parent's `student_sn` is 404. */
export const childrenRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', app.requireParent);

  app.get(
    '/students',
    {
      schema: {
        tags: ['children'],
        summary: "The parent's children",
        response: { 200: envelope(z.array(ChildSchema)) },
      },
    },
    async (request) => ok((await findChildren(ctx, parentIdOf(request))).map(childWire)),
  );

  app.post(
    '/students',
    {
      schema: {
        tags: ['children'],
        summary: 'Add a child (under the limit)',
        body: ChildFieldsSchema,
        response: { 200: envelope(z.object({ student_sn: z.string() })) },
      },
    },
    async (request) => {
      const studentSn = await addChild(ctx, parentIdOf(request), childInput(request.body));
      return okSaying(request, 'childSaved', { student_sn: studentSn });
    },
  );

  app.post(
    '/students/edit',
    {
      schema: {
        tags: ['children'],
        summary: 'Edit a child',
        body: EditChildBodySchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      const { student_sn, ...fields } = request.body;
      await editChild(ctx, parentIdOf(request), student_sn, childInput(fields));
      return okSaying(request, 'childSaved', null);
    },
  );

  app.get(
    '/students/deletion-impact',
    {
      schema: {
        tags: ['children'],
        summary: 'What deleting a child would cancel (lessons not yet started, their credits)',
        querystring: ChildDeletionImpactQuerySchema,
        response: { 200: envelope(ChildDeletionImpactSchema) },
      },
    },
    async (request) => {
      const impact = await getDeletionImpact(ctx, parentIdOf(request), request.query.student_sn);
      return ok({
        student_sn: impact.studentSn,
        nickname: impact.nickname,
        lessons: impact.lessons,
        credits: impact.credits,
      });
    },
  );

  app.post(
    '/students/studentid/delete',
    {
      schema: {
        tags: ['children'],
        summary: 'Delete a child',
        body: DeleteChildBodySchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await deleteChild(ctx, parentIdOf(request), request.body.student_sn);
      return okSaying(request, 'deletedSuccessfully', null);
    },
  );

  app.post(
    '/setLastStudent',
    {
      schema: {
        tags: ['children'],
        summary: 'Make a child the current one',
        body: SetLastStudentBodySchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await selectChild(ctx, parentIdOf(request), request.body.last_student_sn);
      return ok(null);
    },
  );

  app.get(
    '/getGeadimg',
    {
      schema: {
        tags: ['children'],
        summary: 'Avatar options',
        response: { 200: envelope(z.object({ data: z.array(AvatarSchema) })) },
      },
    },
    async () => ok({ data: await listAvatars(ctx) }),
  );
};
