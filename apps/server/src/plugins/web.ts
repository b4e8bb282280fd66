import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { shellFile } from '@portal/shared/api';
import { sendRouteNotFound } from './errors';
import { screenDrawer } from './screen-drawing';
import { cspAllowingInlineScripts } from './security';
import { builtAppStatic } from './static-build';

interface Page {
  file: string;
  html: string;
  csp: string;
  mtimeMs: number;
}

/**
 * The web build's HTML pages (index.html, and the pre-rendered `shell/<language>/<path>.html`
 * of decisions 026 and 052), each with the CSP that allows its own inline script by hash. Read
 * again when the file changes, so a build written under a running server never meets a stale
 * hash (its script would be refused). Undefined when the build has no such file.
 */
function pageReader(distDir: string): (file: string) => Page | undefined {
  const cache = new Map<string, Page>();
  return (file) => {
    const full = path.join(distDir, file);
    let mtimeMs: number;
    try {
      mtimeMs = statSync(full).mtimeMs;
    } catch {
      return undefined;
    }
    const cached = cache.get(file);
    if (cached?.mtimeMs === mtimeMs) return cached;
    const html = readFileSync(full, 'utf8');
    const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
      (match) => match[1] ?? '',
    );
    const page = { file, html, csp: cspAllowingInlineScripts(scripts), mtimeMs };
    cache.set(file, page);
    return page;
  };
}

/** Pre-rendered pages exist for a few paths only; nothing else is looked up on disk. */
const SHELL_PATH = /^\/[A-Za-z/]{0,40}$/;

/**
 * Serves the built web app and answers client routes with index.html (spec: unknown paths reach
 * the app's fallback page). API paths never fall back: an unknown API path is a 404 envelope.
 */
export const webPlugin = fp(
  async (app: FastifyInstance, options: { distDir: string | undefined }) => {
    const distDir = options.distDir ? path.resolve(options.distDir) : undefined;
    const hasWeb = distDir !== undefined && existsSync(path.join(distDir, 'index.html'));
    let webPage:
      ((request: FastifyRequest, reply: FastifyReply, urlPath: string) => unknown) | undefined;
    if (hasWeb) {
      // Built files are sent compressed as the build wrote them; a drawn page is compressed as
      // it is sent (reply.compress), nothing else. Before the routes that use it.
      // Brotli quality 5: as fast as the default 4 here (~3 ms for a drawn page), ~10 % smaller.
      await app.register(fastifyCompress, {
        global: false,
        brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } },
      });
      await app.register(fastifyStatic, {
        ...builtAppStatic(distDir),
        // Pages are answered below, each with the CSP of its inline script (the routes below
        // win over the wildcard); the pre-rendered ones only for their paths. The build's
        // server module (dist/server, decision 056) is this server's code, never sent.
        allowedPath: (pathName) =>
          !pathName.startsWith('/shell/') && !pathName.startsWith('/server/'),
      });
      const pageOf = pageReader(distDir);
      const draw = screenDrawer(app, distDir);
      /**
       * The app's document for a client route: the page pre-rendered for it in the visitor's
       * language when the build made one (`lang` header, then Accept-Language), else index.html.
       * A signed-in screen is drawn with the parent's data when the request carries their
       * session (decision 056): that answer is theirs alone and is never stored.
       */
      const sendPage = async (request: FastifyRequest, reply: FastifyReply, urlPath: string) => {
        const shell = SHELL_PATH.test(urlPath)
          ? pageOf(shellFile(request.lang, urlPath))
          : undefined;
        const page = shell ?? pageOf('index.html');
        reply.header('cache-control', 'no-cache');
        if (!page) return sendRouteNotFound(request, reply);
        reply.header('content-security-policy', page.csp);
        if (shell) reply.header('vary', 'lang, accept-language, cookie');
        const drawn =
          shell && request.method === 'GET' ? await draw(request, urlPath, shell.html) : undefined;
        if (drawn === undefined) return reply.sendFile(page.file);
        return reply
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .compress(drawn);
      };
      // The static wildcard answers "/" as a directory (400); the sign-in page lives there.
      app.get('/', { schema: { hide: true } }, (request, reply) => sendPage(request, reply, '/'));
      app.get('/index.html', { schema: { hide: true } }, (request, reply) =>
        sendPage(request, reply, '/index.html'),
      );
      webPage = sendPage;
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
      return webPage?.(request, reply, urlPath);
    });
  },
);
