import { readFileSync } from 'node:fs';
import type { PluginOption } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { manifestPath } from './src/app/pwa/manifest-path.ts';

/**
 * The installable app (decision 051): a web app manifest per language and a Workbox service
 * worker that precaches the built app, so it opens offline and a new build is offered, not mixed
 * in. Added to vite.config.ts's plugins; the worker is registered by the app itself
 * (src/app/pwa), after it has started.
 */

/** The screen the installed app opens on: the upcoming lessons (config/paths.ts). */
export const START_URL = '/home/children/AttendClassNow';
/** index.html's theme-color and global.css's page background. */
const THEME_COLOR = '#c2410c';
const BACKGROUND_COLOR = '#fffaf5';

/** The app's languages (packages/shared i18n `LANGUAGES`) with their BCP 47 tags. */
const MANIFEST_LANGUAGES = { en: 'en', zh_CN: 'zh-CN' } as const;

/** The app's name and description, as the screens say them (`common` texts). */
function texts(language: string): { appName: string; appDescription: string } {
  const url = new URL(`./src/locales/${language}/common.json`, import.meta.url);
  return JSON.parse(readFileSync(url, 'utf8')) as { appName: string; appDescription: string };
}

function manifest(language: keyof typeof MANIFEST_LANGUAGES) {
  const { appName, appDescription } = texts(language);
  return {
    // One id for both languages: switching language does not make a second installed app.
    id: '/',
    name: appName,
    short_name: appName,
    description: appDescription,
    lang: MANIFEST_LANGUAGES[language],
    dir: 'ltr',
    start_url: START_URL,
    scope: '/',
    display: 'standalone',
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    // Made from public/favicon.svg by @vite-pwa/assets-generator (decision 051).
    icons: [
      { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png' },
      { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png' },
      {
        src: '/maskable-icon-512x512.png',
        sizes: '512x512',
        type: 'image/png',
        purpose: 'maskable',
      },
    ],
  };
}

/** Writes one manifest per language into the build. */
function languageManifests(): PluginOption {
  return {
    name: 'portal:language-manifests',
    apply: 'build',
    generateBundle() {
      for (const language of Object.keys(MANIFEST_LANGUAGES) as (keyof typeof MANIFEST_LANGUAGES)[])
        this.emitFile({
          type: 'asset',
          fileName: manifestPath(language).slice(1),
          source: `${JSON.stringify(manifest(language), null, 2)}\n`,
        });
    },
  };
}

export function installableApp(): PluginOption {
  return [
    languageManifests(),
    VitePWA({
      // Our worker (src/app/pwa/sw.ts), with the build's file list injected.
      strategies: 'injectManifest',
      srcDir: 'src/app/pwa',
      filename: 'sw.ts',
      // A new build waits until the parent accepts it (src/app/pwa/update-prompt.tsx).
      registerType: 'prompt',
      injectRegister: false,
      // Ours, one per language (above).
      manifest: false,
      injectManifest: {
        // The built app: code, styles, fonts, images and the manifests. Not the .br/.gz copies,
        // the pre-rendered pages nor the server's module: they are written after this (apps/web
        // build script), and globIgnores keeps a stale dist from slipping them in.
        globPatterns: ['**/*.{js,css,html,svg,png,woff2,webmanifest}'],
        globIgnores: ['shell/**', 'server/**', '**/*.br', '**/*.gz', '.vite/**'],
      },
    }),
  ];
}
