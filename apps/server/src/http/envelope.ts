import type { FastifyRequest } from 'fastify';
import { SUCCESS_CODE } from '@portal/shared/api';
import { type MessageKey } from '@portal/shared/i18n';
import { translate } from '../lib/catalogue';

/**
 * A successful answer in the `{code, msg, data}` envelope (spec §7). Both audiences answer it;
 * services never build it: they return domain objects, and the edge wraps them here.
 */
export function ok<T>(data: T, msg = 'ok'): { code: typeof SUCCESS_CODE; msg: string; data: T } {
  return { code: SUCCESS_CODE, msg, data };
}

/** `ok` with a translated message in the request's language ("Saved", "已保存"…). */
export function okSaying<T>(request: FastifyRequest, key: MessageKey, data: T) {
  return ok(data, translate(request.lang, key));
}
