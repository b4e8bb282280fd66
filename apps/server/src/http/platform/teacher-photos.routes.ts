import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TeacherPhotoParamsSchema } from '@portal/shared/staff';
import type { AppContext } from '../../app-context';
import { getTeacherPhoto } from '../../modules/teachers/teachers.service';

/** A year: an uploaded photo never changes (a new upload gets a new id, so a new address). */
const PHOTO_MAX_AGE_SECONDS = 365 * 24 * 3600;

/**
 * GET /api/teacher-photos/:id (public, issue #22): an uploaded teacher photo, shown to parents on
 * lesson cards and to staff. Served from the database by our own id, never from a path a user
 * chose, with the content type decided from its bytes at upload and nosniff, so a browser never
 * reads it as anything else.
 */
export const teacherPhotosRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  app.get(
    '/api/teacher-photos/:id',
    {
      schema: {
        tags: ['teachers'],
        summary: 'An uploaded teacher photo (PNG, JPEG or WebP)',
        params: TeacherPhotoParamsSchema,
      },
    },
    async (request, reply) => {
      const photo = await getTeacherPhoto(ctx, request.params.id);
      return reply
        .header('content-type', photo.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', `public, max-age=${PHOTO_MAX_AGE_SECONDS}, immutable`)
        .send(photo.bytes);
    },
  );
};
