import path from 'node:path';
import type { FastifyStaticOptions } from '@fastify/static';

/**
 * @fastify/static's options for a Vite build (the web app, the console): its files under `root`,
 * no directory index (each plugin answers its own start page), the Brotli and gzip copies the
 * build writes next to each text asset (scripts/precompress.mjs), and our cache policy.
 */
export function builtAppStatic(root: string) {
  return {
    root,
    wildcard: true,
    index: false,
    preCompressed: true,
    // Our own policy below; the plugin's default (max-age=0) would override it.
    cacheControl: false,
    setHeaders(res, filePath) {
      // Vite fingerprints assets; everything else (index pages, favicon) must be revalidated.
      res.setHeader(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`)
          ? 'public, max-age=31536000, immutable'
          : 'no-cache',
      );
    },
  } satisfies FastifyStaticOptions;
}
