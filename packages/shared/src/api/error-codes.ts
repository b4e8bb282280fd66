/**
 * The closed set of error codes the API answers in the envelope's `code`.
 * Each has the HTTP status it travels with and the message key the server translates into `msg`.
 */
export const ERROR_CODES = {
  /** A field failed its rule; `msg` is that field's message (spec §8: the first field's message). */
  VALIDATION: { code: 400, httpStatus: 400, messageKey: 'invalidRequest' },
  /** A business rule refused the request (the message key says which). */
  BAD_REQUEST: { code: 400, httpStatus: 400, messageKey: 'invalidRequest' },
  /** Missing, invalid, expired or revoked bearer token (spec §8: the client clears its session). */
  UNAUTHENTICATED: { code: 10001, httpStatus: 401, messageKey: 'sessionExpired' },
  /** Signed in, but the thing belongs to someone else or the action is not allowed. */
  FORBIDDEN: { code: 403, httpStatus: 403, messageKey: 'forbidden' },
  /** Nothing by that id, or not yours (ids of other parents answer the same). */
  NOT_FOUND: { code: 404, httpStatus: 404, messageKey: 'notFound' },
  /** The request conflicts with the current state (already done, already exists). */
  CONFLICT: { code: 409, httpStatus: 409, messageKey: 'conflict' },
  /** The client took too long to send its request (Node's request timeout). */
  REQUEST_TIMEOUT: { code: 408, httpStatus: 408, messageKey: 'requestTimeout' },
  /** Request body over the size limit. */
  PAYLOAD_TOO_LARGE: { code: 413, httpStatus: 413, messageKey: 'payloadTooLarge' },
  /** Request headers over Node's limit (16 KB): answered before any route runs. */
  HEADERS_TOO_LARGE: { code: 431, httpStatus: 431, messageKey: 'headersTooLarge' },
  /** Too many requests from this client or for this phone; try later. */
  RATE_LIMITED: { code: 429, httpStatus: 429, messageKey: 'tooManyRequests' },
  /** Anything unexpected; details only in the log, under the request id. */
  INTERNAL: { code: 500, httpStatus: 500, messageKey: 'serverError' },
  /** The database or an outside service is unreachable right now. */
  UNAVAILABLE: { code: 503, httpStatus: 503, messageKey: 'serviceUnavailable' },
} as const;

export type ErrorCodeName = keyof typeof ERROR_CODES;

/** Body code of an expired or revoked session (spec §8). */
export const SESSION_EXPIRED_CODE = ERROR_CODES.UNAUTHENTICATED.code;
