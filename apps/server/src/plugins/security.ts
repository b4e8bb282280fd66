import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Security headers on every answer (issue #2 §5): a CSP with no inline or eval scripts (the
 * pre-rendered sign-in page allows its own one by hash, `cspAllowingInlineScripts`), nosniff, a
 * referrer policy, no framing; HSTS only when the request arrived over HTTPS.
 */
export const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // Mantine writes CSS variables in a <style> element and style attributes.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  hsts: false,
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  crossOriginEmbedderPolicy: false,
};

/**
 * Helmet's headers for our configuration, computed once. The configuration has no per-request
 * part (no nonces), so every answer gets the same set; @fastify/helmet rebuilt the middleware and
 * re-parsed the CSP on every request (issue #8, decision 023).
 */
export function helmetHeaders(options: HelmetOptions = HELMET_OPTIONS): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error) => {
    if (error) throw error instanceof Error ? error : new Error(String(error));
  });
  return headers;
}

/** HELMET_OPTIONS with some CSP directives replaced (the others, and their order, kept). */
export function withCspDirectives(directives: Record<string, string[]>): HelmetOptions {
  const csp = HELMET_OPTIONS.contentSecurityPolicy;
  if (typeof csp !== 'object' || !csp.directives) throw new Error('no CSP directives configured');
  return {
    ...HELMET_OPTIONS,
    contentSecurityPolicy: { ...csp, directives: { ...csp.directives, ...directives } },
  };
}

/**
 * The CSP of a page that carries inline scripts of its own (the pre-rendered sign-in page,
 * decision 026): the same policy, with exactly those scripts allowed by their SHA-256.
 */
export function cspAllowingInlineScripts(scripts: string[]): string {
  const hashes = scripts.map(
    (script) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`,
  );
  const options = withCspDirectives({ scriptSrc: ["'self'", ...hashes] });
  const header = helmetHeaders(options)['content-security-policy'];
  if (!header) throw new Error('helmet wrote no CSP');
  return header;
}

/** Personal API answers are `no-store` unless a route chose a public cache policy itself. */
export const securityPlugin = fp(async (app: FastifyInstance) => {
  const headers = helmetHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
});
