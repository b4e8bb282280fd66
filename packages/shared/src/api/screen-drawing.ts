import type { Language } from '../i18n/language';

/** The visitor's zone, by name and by its offset from UTC in minutes east at an instant. */
export interface DrawnZone {
  name: string;
  offsetAt(at: Date): number;
}

/**
 * What the parents' web build offers the server for drawing a returning parent's screen
 * (decision 056): its server module (`apps/web/dist/server/render.js`) exports this as `drawing`,
 * the server's `screenDrawer` loads it.
 */
export interface ScreenDrawing {
  /** The pre-rendered pages; those with `prefetch` are the signed-in screens it can draw. */
  SHELL_PAGES: readonly { path: string; prefetch?: unknown }[];
  /**
   * Draws `page` for one visitor: its first queries answered by `answer` (the server's API for
   * the visitor's session), in their language and zone. Undefined when any answer was refused.
   * (`url` is a `URL`, an answer a fetch `Response`: this package is built without their types.)
   */
  drawScreen(
    language: Language,
    page: { path: string },
    url: { pathname: string; search: string },
    zone: DrawnZone,
    answer: (url: string) => Promise<{ status: number; json(): Promise<unknown> }>,
  ): Promise<{ markup: string; state: unknown; timeDiff: number } | undefined>;
}

/**
 * Where the web build keeps a pre-rendered page (`dist/shell/<language>/<path, "/" as "_">.html`):
 * written by its pre-render (apps/web scripts/prerender.mjs), sent by the server (plugins/web.ts).
 */
export const shellFile = (language: Language, urlPath: string) =>
  `shell/${language}/${urlPath.replaceAll('/', '_')}.html`;
