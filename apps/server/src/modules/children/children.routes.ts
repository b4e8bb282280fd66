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
import { translate } from '@portal/shared/i18n';
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
} from './children.service';

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
    async (request) => ({
      code: 200 as const,
      msg: 'ok',
      data: await findChildren(ctx, parentIdOf(request)),
    }),
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
    async (request) => ({
      code: 200 as const,
      msg: translate(request.lang, 'childSaved'),
      data: { student_sn: await addChild(ctx, parentIdOf(request), request.body) },
    }),
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
      await editChild(ctx, parentIdOf(request), student_sn, fields);
      return { code: 200 as const, msg: translate(request.lang, 'childSaved'), data: null };
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
    async (request) => ({
      code: 200 as const,
      msg: 'ok',
      data: await getDeletionImpact(ctx, parentIdOf(request), request.query.student_sn),
    }),
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
      return {
        code: 200 as const,
        msg: translate(request.lang, 'deletedSuccessfully'),
        data: null,
      };
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
      return { code: 200 as const, msg: 'ok', data: null };
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
    async () => ({ code: 200 as const, msg: 'ok', data: { data: await listAvatars(ctx) } }),
  );
};
