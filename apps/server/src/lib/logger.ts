import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config';

/**
 * pino paths that may carry secrets or personal data. Request bodies are never logged, but these
 * guard against a future `log.info({ body })` (no password, code, token or full phone number in a
 * log: docs/product.md → Sign-in).
 */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["stripe-signature"]',
  'req.headers["x-dev-outbox-token"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.old_pwd',
  '*.new_pwd',
  '*.code',
  '*.verification',
  '*.token',
  '*.mobile',
  '*.phone',
  '*.email',
];

/** Strips the query string: query values (e-mail for postemail, tokens in links) stay out of logs. */
export function pathOnly(url: string): string {
  const index = url.indexOf('?');
  const path = index === -1 ? url : url.slice(0, index);
  // A staff set-up link carries its token in the path (/ops/setup/<token>, /api/ops/setup/<token>),
  // and so does a family's calendar feed (/api/calendar/<token>.ics, issue #24).
  return path
    .replace(/(\/setup\/)[^/]+/, '$1[redacted]')
    .replace(/(\/api\/calendar\/)[^/]+/, '$1[redacted]');
}

export function loggerOptions(config: Pick<Config, 'logLevel'>): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
      req(request: { method: string; url: string; id: string; ip?: string }) {
        return { method: request.method, url: pathOnly(request.url), id: request.id };
      },
      res(reply: { statusCode: number }) {
        return { statusCode: reply.statusCode };
      },
    },
  };
}
