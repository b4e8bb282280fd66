import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sendRouteNotFound } from './errors';

/**
 * Serves the built web app and answers client routes with index.html (spec: unknown paths reach
 * the app's fallback page). API paths never fall back: an unknown API path is a 404 envelope.
 */
export const webPlugin = fp(
  async (app: FastifyInstance, options: { distDir: string | undefined }) => {
    const distDir = options.distDir ? path.resolve(options.distDir) : undefined;
    const hasWeb = distDir !== undefined && existsSync(path.join(distDir, 'index.html'));
    if (hasWeb) {
      await app.register(fastifyStatic, {
        root: distDir,
        wildcard: true,
        index: false,
        // The build writes .br and .gz next to each text asset (apps/web/scripts/precompress.mjs).
        preCompressed: true,
        // Our own policy below; the plugin's default (max-age=0) would override it.
        cacheControl: false,
        setHeaders(res, filePath) {
          // Vite fingerprints assets; everything else must be revalidated.
          res.setHeader(
            'cache-control',
            filePath.includes(`${path.sep}assets${path.sep}`)
              ? 'public, max-age=31536000, immutable'
              : 'no-cache',
          );
        },
      });
      // The static wildcard answers "/" as a directory (400); the app's sign-in page lives there.
      app.get('/', { schema: { hide: true } }, (_request, reply) =>
        reply.header('cache-control', 'no-cache').sendFile('index.html'),
      );
    } else {
      app.log.warn({ distDir }, 'web app not built: serving the API only');
    }

    app.setNotFoundHandler((request, reply) => {
      const urlPath = request.url.split('?')[0] ?? '/';
      if (
        urlPath === '/api' ||
        urlPath.startsWith('/api/') ||
        !hasWeb ||
        (request.method !== 'GET' && request.method !== 'HEAD')
      ) {
        return sendRouteNotFound(request, reply);
      }
      // A missing asset is a real 404; a client route gets the app.
      if (urlPath.startsWith('/assets/') || path.extname(urlPath) !== '')
        return sendRouteNotFound(request, reply);
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    });
  },
);
