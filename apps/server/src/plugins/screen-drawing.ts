import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { canonicalTimeZone, ZONE_COOKIE, type ScreenDrawing } from '@portal/shared/api';
import { zoneOffsetMinutes } from '../lib/time';
import { sessionCookie } from './auth';

/** JSON that is safe inside `<script>`: no `</script>` or `<!--` can be formed. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

const SCREEN = /<!--screen-->[\s\S]*<!--\/screen-->/;

/**
 * Draws the signed-in screens parents open most with the visitor's data, into their
 * pre-rendered page (decision 056): for a document request that carries the parent's session
 * cookie and remembered zone, the screen's own first queries are answered by this server's API
 * for that session (`inject`, with the session as its bearer, so every rule of the API applies),
 * and the web build's server module draws the screen with them. Undefined — send the frame as
 * built — when the build has no such module, the page is not one of those screens, the cookie or
 * zone is missing, or any answer was refused (an ended session).
 */
export function screenDrawer(app: FastifyInstance, distDir: string) {
  const file = path.join(distDir, 'server', 'render.js');
  let loaded: Promise<ScreenDrawing | undefined> | undefined;
  const load = () =>
    (loaded ??= existsSync(file)
      ? (import(pathToFileURL(file).href) as Promise<{ drawing: ScreenDrawing }>).then(
          ({ drawing }) => drawing,
          (error: unknown) => {
            app.log.error({ err: error }, 'web build: its server module does not load');
            return undefined;
          },
        )
      : Promise.resolve(undefined));

  return async (request: FastifyRequest, urlPath: string, html: string) => {
    const token = sessionCookie(request);
    const zone = canonicalTimeZone(request.cookies[ZONE_COOKIE] ?? '');
    if (!token || !zone || !SCREEN.test(html)) return undefined;
    const drawing = await load();
    const page = drawing?.SHELL_PAGES.find((one) => one.path === urlPath && one.prefetch);
    if (!drawing || !page) return undefined;
    const answer = async (url: string) => {
      if (!url.startsWith('/api/')) throw new Error(`not an API call: ${url}`);
      const reply = await app.inject({
        method: 'GET',
        url,
        headers: {
          authorization: `Bearer ${token}`,
          lang: request.lang,
          accept: 'application/json',
        },
      });
      return new Response(reply.rawPayload, {
        status: reply.statusCode,
        headers: { 'content-type': String(reply.headers['content-type'] ?? 'application/json') },
      });
    };
    const url = new URL(request.url, 'http://portal.invalid');
    // In the visitor's zone, with this server's offsets for it (lib/time.ts).
    const inZone = { name: zone, offsetAt: (at: Date) => zoneOffsetMinutes(at, zone) };
    const drawn = await drawing.drawScreen(request.lang, page, url, inZone, answer);
    if (!drawn) return undefined;
    // The answers go inside #root, after the screen: the app reads them before it draws there.
    const state = `<script type="application/json" id="drawn-state">${scriptJson(drawn.state)}</script>`;
    return html
      .replace(SCREEN, () => `${drawn.markup}${state}`)
      .replace(
        '<div id="root" ',
        () => `<div id="root" data-drawn data-time-diff="${drawn.timeDiff}" `,
      );
  };
}
