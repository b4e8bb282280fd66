import type { FastifyError, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@portal/shared/api';
import {
  CreateTeacherBodySchema,
  TEACHER_PHOTO_MAX_BYTES,
  TEACHER_PHOTO_TYPES,
  TeacherDetailSchema,
  TeacherFiguresQuerySchema,
  TeacherFiguresSchema,
  TeacherListSchema,
  TeacherParamsSchema,
  TeacherPhotoAnswerSchema,
  TeacherPresetsSchema,
  TeacherSummarySchema,
  TimeOffAnswerSchema,
  TimeOffBodySchema,
  TimeOffParamsSchema,
  TimeOffRemovedSchema,
  UpdateTeacherBodySchema,
} from '@portal/shared/staff';
import type { AppContext } from '../../app-context';
import { badRequest } from '../../lib/app-error';
import {
  addTimeOff,
  createTeacher,
  getTeacher,
  getTeacherFigures,
  listPhotoPresets,
  listTeachers,
  removeTimeOff,
  updateTeacher,
  uploadTeacherPhoto,
  type StaffActor,
  type Teacher,
  type TeacherDetail,
} from '../../modules/teachers/teachers.service';
import { ok } from '../envelope';
import { staffOf } from './index';

const actorOf = (request: FastifyRequest): StaffActor => ({
  staffId: staffOf(request).staffId,
  ip: request.ip,
});

const summaryWire = ({ id: _id, ...teacher }: Teacher) => teacher;
const detailWire = ({ id: _id, ...teacher }: TeacherDetail) => teacher;

/**
 * An uploaded body's bytes, behind a private field: the errors plugin's NUL check walks a body's
 * own properties, and a megabyte of them would be walked byte by byte.
 */
class UploadBody {
  readonly #bytes: Buffer;
  constructor(bytes: Buffer) {
    this.#bytes = bytes;
  }
  get bytes(): Buffer {
    return this.#bytes;
  }
}

const CRLF = Buffer.from('\r\n');

/** Room for the multipart framing (boundaries, part headers) around a 1 MB picture. */
const MULTIPART_OVERHEAD_BYTES = 16 * 1024;

/**
 * The bytes of the first file part of a `multipart/form-data` body (what a browser's FormData
 * sends); undefined when there is none. Only the part's bytes are used: its declared content
 * type and file name are not trusted (the service sniffs the bytes).
 */
export function firstFilePart(body: Buffer, contentType: string): Buffer | undefined {
  const match = /boundary=(?:"([^"]{1,70})"|([^;\s]{1,70}))/i.exec(contentType);
  const boundary = match?.[1] ?? match?.[2];
  if (!boundary) return undefined;
  // Every delimiter follows a line break; one put before the body finds the first one too.
  const data = Buffer.concat([CRLF, body]);
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  let at = data.indexOf(delimiter);
  while (at !== -1) {
    const after = at + delimiter.length;
    // "--" after the boundary closes the body.
    if (!data.subarray(after, after + 2).equals(CRLF)) return undefined;
    const headersEnd = data.indexOf('\r\n\r\n', after);
    if (headersEnd === -1) return undefined;
    const next = data.indexOf(delimiter, headersEnd + 4);
    if (next === -1) return undefined;
    const headers = data.subarray(after + 2, headersEnd).toString('latin1');
    if (/content-disposition:[^\r\n]*\bfilename=/i.test(headers))
      return data.subarray(headersEnd + 4, next);
    at = next;
  }
  return undefined;
}

/**
 * Teachers' profiles, photos, time off and figures (issue #22; `teachers.manage`, admins). A
 * teacher is their `teacher_sn`; an unknown one is 404. Every write is audited.
 */
export const teachersRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const config = { permission: 'teachers.manage' } as const;
  const tags = ['ops: teachers'];

  // A photo arrives as the raw image (any of these types, or octet-stream) or as a form upload;
  // the bytes decide the type. These parsers belong to this plugin's routes only.
  app.addContentTypeParser(
    ['application/octet-stream', ...TEACHER_PHOTO_TYPES],
    { parseAs: 'buffer', bodyLimit: TEACHER_PHOTO_MAX_BYTES },
    (_request, body, done) => done(null, new UploadBody(body as Buffer)),
  );
  app.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'buffer', bodyLimit: TEACHER_PHOTO_MAX_BYTES + MULTIPART_OVERHEAD_BYTES },
    (request, body, done) => {
      const part = firstFilePart(body as Buffer, request.headers['content-type'] ?? '');
      done(null, new UploadBody(part ?? Buffer.alloc(0)));
    },
  );
  // A picture over the limit is refused with the photo's own message, not "request too large";
  // everything else goes on to the app's error handler.
  app.setErrorHandler((error: FastifyError, request) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' && request.routeOptions.url?.endsWith('/photo'))
      throw badRequest('teachersPhotoTooLarge');
    throw error;
  });

  app.get(
    '/teachers',
    {
      config,
      schema: {
        tags,
        summary: 'Every teacher profile, by English name',
        response: { 200: envelope(TeacherListSchema) },
      },
    },
    async () => ok({ teachers: (await listTeachers(ctx)).map(summaryWire) }),
  );

  app.get(
    '/teacher-presets',
    {
      config,
      schema: {
        tags,
        summary: 'The fixed set of teacher photos',
        response: { 200: envelope(TeacherPresetsSchema) },
      },
    },
    async () => ok({ photos: listPhotoPresets() }),
  );

  app.post(
    '/teachers',
    {
      config,
      schema: {
        tags,
        summary: 'A profile for a staff member with the teacher role who has none',
        body: CreateTeacherBodySchema,
        response: { 200: envelope(TeacherSummarySchema) },
      },
    },
    async (request) => ok(summaryWire(await createTeacher(ctx, request.body, actorOf(request)))),
  );

  app.get(
    '/teachers/:teacherSn',
    {
      config,
      schema: {
        tags,
        summary: 'A teacher’s profile, weekly availability and time off',
        params: TeacherParamsSchema,
        response: { 200: envelope(TeacherDetailSchema) },
      },
    },
    async (request) => ok(detailWire(await getTeacher(ctx, request.params.teacherSn))),
  );

  app.post(
    '/teachers/:teacherSn',
    {
      config,
      schema: {
        tags,
        summary: 'Change a teacher’s names, preset photo, subjects, time zone or availability',
        params: TeacherParamsSchema,
        body: UpdateTeacherBodySchema,
        response: { 200: envelope(TeacherDetailSchema) },
      },
    },
    async (request) =>
      ok(
        detailWire(
          await updateTeacher(ctx, request.params.teacherSn, request.body, actorOf(request)),
        ),
      ),
  );

  app.post(
    '/teachers/:teacherSn/photo',
    {
      config,
      schema: {
        tags,
        summary:
          'Upload a photo (≤ 1 MB, PNG/JPEG/WebP by its bytes): the raw image or a multipart form',
        params: TeacherParamsSchema,
        response: { 200: envelope(TeacherPhotoAnswerSchema) },
      },
    },
    async (request) => {
      const bytes = request.body instanceof UploadBody ? request.body.bytes : Buffer.alloc(0);
      return ok(await uploadTeacherPhoto(ctx, request.params.teacherSn, bytes, actorOf(request)));
    },
  );

  app.post(
    '/teachers/:teacherSn/time-off',
    {
      config,
      schema: {
        tags,
        summary: 'Add time off: one date range in the teacher’s zone, both ends included',
        params: TeacherParamsSchema,
        body: TimeOffBodySchema,
        response: { 200: envelope(TimeOffAnswerSchema) },
      },
    },
    async (request) =>
      ok(await addTimeOff(ctx, request.params.teacherSn, request.body, actorOf(request))),
  );

  app.post(
    '/teachers/:teacherSn/time-off/:id/delete',
    {
      config,
      schema: {
        tags,
        summary: 'Remove one time-off range',
        params: TimeOffParamsSchema,
        response: { 200: envelope(TimeOffRemovedSchema) },
      },
    },
    async (request) => {
      await removeTimeOff(ctx, request.params.teacherSn, request.params.id, actorOf(request));
      return ok({ removed: true as const });
    },
  );

  app.get(
    '/teachers/:teacherSn/figures',
    {
      config,
      schema: {
        tags,
        summary:
          'Classes taught, late starts, cancellations, cover given and ratings over school days',
        params: TeacherParamsSchema,
        querystring: TeacherFiguresQuerySchema,
        response: { 200: envelope(TeacherFiguresSchema) },
      },
    },
    async (request) => ok(await getTeacherFigures(ctx, request.params.teacherSn, request.query)),
  );
};
