import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Language } from '@portal/shared/i18n';
import { sendRouteNotFound } from './errors';
import { cspAllowingInlineScripts } from './security';
import { builtAppStatic } from './static-build';

interface Shell {
  file: string;
  csp: string;
  mtimeMs: number;
}

/**
 * The pre-rendered sign-in pages the web build writes (`shell/<language>.html`, decision 026),
 * each with the CSP that allows its own inline script. Read again when the file changes, so a
 * build written under a running server never meets a stale hash (its script would be refused
 * and the app would not start).
 */
function shellReader(distDir: string): (language: Language) => Shell | undefined {
  const cache = new Map<Language, Shell>();
  return (language) => {
    const file = `shell/${language}.html`;
    const full = path.join(distDir, file);
    let mtimeMs: number;
    try {
      mtimeMs = statSync(full).mtimeMs;
    } catch {
      return undefined;
    }
    const cached = cache.get(language);
    if (cached?.mtimeMs === mtimeMs) return cached;
    const scripts = [...readFileSync(full, 'utf8').matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
      (match) => match[1] ?? '',
    );
    const shell = { file, csp: cspAllowingInlineScripts(scripts), mtimeMs };
    cache.set(language, shell);
    return shell;
  };
}

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
        ...builtAppStatic(distDir),
        // The pre-rendered pages are answers of "/" only, with their own CSP (below).
        allowedPath: (pathName) => !pathName.startsWith('/shell/'),
      });
      // The static wildcard answers "/" as a directory (400); the app's sign-in page lives there,
      // pre-rendered in the visitor's language when the build made it.
      const shellFor = shellReader(distDir);
      app.get('/', { schema: { hide: true } }, (request, reply) => {
        const shell = shellFor(request.lang);
        reply.header('cache-control', 'no-cache');
        if (!shell) return reply.sendFile('index.html');
        return reply
          .header('vary', 'lang, accept-language')
          .header('content-security-policy', shell.csp)
          .sendFile(shell.file);
      });
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
