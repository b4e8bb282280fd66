import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendRouteNotFound } from './errors';
import { helmetHeaders, withCspDirectives } from './security';
import { builtAppStatic } from './static-build';

/**
 * The console's own headers (decision 046). Its CSP is the app's without `blob:` images or
 * `data:` fonts and with `base-uri 'none'`: the console needs none of them, and it shows personal
 * data. `no-referrer` keeps a set-up link's token (`/ops/setup/<token>`) out of any Referer;
 * robots are told to stay out.
 */
export const CONSOLE_HEADERS: Record<string, string> = {
  ...helmetHeaders({
    ...withCspDirectives({
      // The enrolment's QR code is an SVG shown as a data: image.
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'"],
      baseUri: ["'none'"],
    }),
    referrerPolicy: { policy: 'no-referrer' },
  }),
  'x-robots-tag': 'noindex, nofollow',
};

/** index.html of the build, read again when the file changes (a build under a running server). */
function indexReader(file: string): () => Buffer | undefined {
  let cached: { mtimeMs: number; body: Buffer } | undefined;
  return () => {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(file).mtimeMs;
    } catch {
      return undefined;
    }
    if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, body: readFileSync(file) };
    return cached.body;
  };
}

/**
 * Serves the built staff console (apps/console/dist) under the prefix it is registered with
 * (`/ops`): its assets, and index.html for every client route (`/ops`, `/ops/staff`,
 * `/ops/setup/<token>`…). Registered before the parents' app, encapsulated, so its headers and
 * its fallback apply to `/ops` only; `/api/ops` is the staff API, not this.
 */
export async function consolePlugin(
  app: FastifyInstance,
  options: { distDir: string | undefined },
): Promise<void> {
  const distDir = options.distDir ? path.resolve(options.distDir) : undefined;
  const readIndex = distDir ? indexReader(path.join(distDir, 'index.html')) : () => undefined;

  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(CONSOLE_HEADERS);
    done();
  });

  const sendIndex = (request: FastifyRequest, reply: FastifyReply) => {
    const body = readIndex();
    if (!body) return sendRouteNotFound(request, reply);
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(body);
  };

  if (distDir && readIndex()) {
    await app.register(fastifyStatic, {
      ...builtAppStatic(distDir),
      prefix: '/',
      // The parents' app decorates the reply with sendFile; this instance only serves files.
      decorateReply: false,
      allowedPath: (pathName) => pathName !== '/index.html',
    });
  } else {
    app.log.warn({ distDir }, 'console not built: /ops answers 404');
  }

  // The static wildcard answers "/ops/" as a directory; the console's start lives there.
  app.get('/', { schema: { hide: true } }, sendIndex);

  app.setNotFoundHandler((request, reply) => {
    const urlPath = request.url.split('?')[0] ?? '/';
    // A missing asset or file is a real 404; a client route gets the app.
    if (
      (request.method !== 'GET' && request.method !== 'HEAD') ||
      urlPath.startsWith('/ops/assets/') ||
      path.extname(urlPath) !== ''
    )
      return sendRouteNotFound(request, reply);
    return sendIndex(request, reply);
  });
}
