import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { ERROR_CODES, type ErrorCodeName } from '@portal/shared/api';
import { LANGUAGE_HEADER, pickLanguage, type MessageKey } from '@portal/shared/i18n';
import { isMessageKey, translate } from '../lib/catalogue';
import { AppError } from '../lib/app-error';
import { pathOnly } from '../lib/logger';

function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  name: ErrorCodeName,
  key: MessageKey,
  params: Record<string, string | number> = {},
  data: unknown = null,
) {
  const { code, httpStatus } = ERROR_CODES[name];
  return reply.code(httpStatus).send({ code, msg: translate(request.lang, key, params), data });
}

const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
]);

/**
 * PostgreSQL's "this input cannot be stored" errors (a NUL character, an encoding the database
 * refuses, a number beyond the column): the request's fault, answered 400 like any bad input.
 */
const CLIENT_TEXT_ERROR_CODES = new Set(['22021', '22P05', '22003']);

function isClientTextError(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && CLIENT_TEXT_ERROR_CODES.has(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** True when the error (or its cause) says the database is unreachable: answer 503, not 500. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (
      typeof candidate.code === 'string' &&
      (CONNECTION_ERROR_CODES.has(candidate.code) || candidate.code.startsWith('08'))
    ) {
      return true;
    }
    if (
      typeof candidate.message === 'string' &&
      /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
        candidate.message,
      )
    ) {
      return true;
    }
    current = candidate.cause;
  }
  return false;
}

/**
 * The single error handler (fastify/demo style): every failure becomes the `{code, msg, data}`
 * envelope in the request's language. Unexpected errors are logged with the request id and
 * answered with a generic message, never a stack.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  // No field of ours holds a NUL character, and PostgreSQL cannot store one: refuse it up front.
  app.addHook('preValidation', async (request) => {
    if (containsNul(request.query) || containsNul(request.body))
      throw new AppError('BAD_REQUEST', 'invalidRequest');
  });
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      if (error.httpStatus >= 500)
        request.log.error({ err: error.cause ?? error }, 'service failure');
      return sendError(request, reply, error.errorCode, error.messageKey, error.params, error.data);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // Spec §8: the first failing field's message is what the parent sees.
      const first = error.validation[0];
      const message = first?.message ?? '';
      if (isMessageKey(message)) return sendError(request, reply, 'VALIDATION', message);
      const field =
        first?.instancePath.replace(/^\//, '').replace(/\//g, '.') ||
        (error as FastifyError).validationContext ||
        'request';
      return sendError(request, reply, 'VALIDATION', 'invalidField', { field });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response failed its schema');
      return sendError(request, reply, 'INTERNAL', 'serverError');
    }
    const fastifyError = error as FastifyError;
    if (fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return sendError(request, reply, 'PAYLOAD_TOO_LARGE', 'payloadTooLarge');
    }
    if (fastifyError.statusCode === 429)
      return sendError(request, reply, 'RATE_LIMITED', 'tooManyRequests');
    if (isClientTextError(error)) return sendError(request, reply, 'BAD_REQUEST', 'invalidRequest');
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ path: pathOnly(request.url) }, 'database unavailable');
      return sendError(request, reply, 'UNAVAILABLE', 'serviceUnavailable');
    }
    if (
      fastifyError.statusCode &&
      fastifyError.statusCode >= 400 &&
      fastifyError.statusCode < 500
    ) {
      // Malformed JSON, wrong content type and the like: the client's fault, no stack logged.
      return sendError(request, reply, 'BAD_REQUEST', 'invalidRequest');
    }
    request.log.error({ err: error }, 'unexpected error');
    return sendError(request, reply, 'INTERNAL', 'serverError');
  });
});

/**
 * Errors Fastify meets before any hook runs (a URL that does not decode, a parameter too long):
 * the envelope too, in the language the headers ask for (issue #18 item 9).
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  request.lang = pickLanguage(
    firstHeader(request.headers[LANGUAGE_HEADER]),
    firstHeader(request.headers['accept-language']),
  );
  request.log.info({ code: error.code }, 'request refused by the router');
  return sendError(request, reply, 'BAD_REQUEST', 'invalidRequest');
}

const firstHeader = (value: string | string[] | undefined) =>
  Array.isArray(value) ? value[0] : value;

/**
 * Errors of Node's HTTP parser (headers over 16 KB, a request that never finishes, bytes that are
 * no HTTP): there is no request object yet, so the envelope is written to the socket by hand, in
 * English (the headers were not read). Mirrors Fastify's default handler otherwise.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Duplex) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const name: ErrorCodeName =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? 'HEADERS_TOO_LARGE'
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? 'REQUEST_TIMEOUT'
        : 'BAD_REQUEST';
  const { code, httpStatus, messageKey } = ERROR_CODES[name];
  const body = JSON.stringify({ code, msg: translate('en', messageKey), data: null });
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${httpStatus} ${STATUS_CODES[httpStatus]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  socket.destroy(error);
}

/** 404 for unknown API paths in the envelope; other paths are left to the web plugin. */
export function sendRouteNotFound(request: FastifyRequest, reply: FastifyReply) {
  return sendError(request, reply, 'NOT_FOUND', 'routeNotFound');
}

function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => containsNul(item, depth + 1));
  return Object.entries(value).some(
    ([key, item]) => key.includes('\u0000') || containsNul(item, depth + 1),
  );
}
