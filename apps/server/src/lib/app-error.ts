import { ERROR_CODES, type ErrorCodeName } from '@portal/shared/api';
import type { MessageKey } from '@portal/shared/i18n';

/**
 * The one error type services throw (Documenso's AppError): a code from the closed set, the
 * message key the answer's `msg` is translated from, and optional data for the client.
 */
export class AppError extends Error {
  override readonly name = 'AppError';
  constructor(
    readonly errorCode: ErrorCodeName,
    readonly messageKey: MessageKey = ERROR_CODES[errorCode].messageKey,
    readonly params: Record<string, string | number> = {},
    readonly data: unknown = null,
    options?: ErrorOptions,
  ) {
    super(`${errorCode}: ${messageKey}`, options);
  }

  get httpStatus(): number {
    return ERROR_CODES[this.errorCode].httpStatus;
  }

  get code(): number {
    return ERROR_CODES[this.errorCode].code;
  }
}

export const badRequest = (key: MessageKey, params?: Record<string, string | number>) =>
  new AppError('BAD_REQUEST', key, params);
export const notFound = (key: MessageKey = 'notFound') => new AppError('NOT_FOUND', key);
export const conflict = (key: MessageKey = 'conflict') => new AppError('CONFLICT', key);
export const unauthenticated = () => new AppError('UNAUTHENTICATED');
export const rateLimited = (key: MessageKey = 'tooManyRequests') =>
  new AppError('RATE_LIMITED', key);
