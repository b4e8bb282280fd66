// Pre-renders the sign-in page and the signed-in screens parents open most (app/shell/render.tsx,
// as `vite build --ssr` built it for the server) after the build, into
// dist/shell/<language>/<path with "_" for "/">.html (decisions 026, 052 and 056): the built
// index.html with the page's markup in #root, its stylesheets written into the head (it paints
// from the document alone) and its scripts listed for index.html's inline script, which requests
// them once the page has painted. The server sends the page of the visitor's language for those
// paths (apps/server/src/plugins/web.ts); index.html's inline script drops it when the visitor's
// stored language or session says otherwise.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { readManifest } from './manifest.mjs';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(webDir, 'dist');
const { chunks: manifest, entryKey, closure } = readManifest(dist);
const template = readFileSync(path.join(dist, 'index.html'), 'utf8');

/**
 * A stylesheet of the build as a `<style>` element, after a disabled `<link>` to its file. The
 * browser does not fetch a disabled stylesheet, but Vite's preload helper counts the link as
 * loaded: without it, the router's import of the screen appended the screen's stylesheets as
 * files, fetched them again and waited for them before rendering (one more round trip).
 */
function inlineStyle(file) {
  const css = readFileSync(path.join(dist, file), 'utf8');
  if (css.includes('</style')) throw new Error(`prerender: ${file} cannot be inlined`);
  return `<link rel="stylesheet" href="/${file}" disabled /><style data-from="/${file}">${css}</style>`;
}

const STYLESHEET = /\s*<link rel="stylesheet"[^>]*href="\/([^"]+)"[^>]*>/g;

const ENTRY = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const PRELOAD = /\s*<link rel="modulepreload"[^>]*href="([^"]+)"[^>]*>/g;

/**
 * The template with the page's stylesheets inline, and its scripts (the entry, its preloads, the
 * language and the screen's chunks) listed for index.html's inline script, which requests them
 * once the page has painted.
 */
function withAssets(html, language, sources) {
  const entry = closure(entryKey);
  const own = [...new Set(sources.flatMap((source) => [...closure(source)]))].filter(
    (key) => !entry.has(key),
  );
  // Once each: several chunks of a screen name the same stylesheet (Image's, three times).
  const css = new Set([
    ...[...html.matchAll(STYLESHEET)].map((match) => match[1]),
    ...own.flatMap((key) => manifest[key].css ?? []),
  ]);
  const script = ENTRY.exec(html);
  if (!script) throw new Error('prerender: index.html has no module script');
  const scripts = [
    script[1],
    ...[...html.matchAll(PRELOAD)].map((match) => match[1]),
    ...[`src/locales/${language}/index.ts`, ...own].map((key) => `/${manifest[key].file}`),
  ];
  const page = html
    .replace(STYLESHEET, '')
    .replace(PRELOAD, '')
    .replace(script[0], '')
    .replace(
      '</head>',
      () => `${[...css].map((file) => `    ${inlineStyle(file)}\n`).join('')}  </head>`,
    );
  return { html: page, scripts: scripts.join(' ') };
}

const escapeHtml = (text) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Replaces `from` in `text`, failing the build when the template no longer has it. */
function swap(text, from, to) {
  if (!text.includes(from)) throw new Error(`prerender: index.html has no ${from}`);
  return text.replace(from, () => to);
}

// The server's build of app/shell/render.tsx (`vite build --ssr`, decision 056): the pages are
// drawn by the code that draws them with a parent's data.
const { renderShell, SHELL_PAGES, shellSources, shellFile, LANGUAGES } = await import(
  pathToFileURL(path.join(dist, 'server', 'render.js')).href
);
const written = [];
for (const language of LANGUAGES) {
  mkdirSync(path.join(dist, 'shell', language), { recursive: true });
  for (const page of SHELL_PAGES) {
    const shell = await renderShell(language, page);
    const assets = withAssets(template, language, shellSources(page));
    let html = assets.html;
    html = swap(
      html,
      '<html lang="en">',
      `<html lang="${shell.htmlLang}" data-mantine-color-scheme="light">`,
    );
    html = swap(html, '/manifest.en.webmanifest', `/manifest.${language}.webmanifest`);
    html = swap(
      html,
      /<title>.*<\/title>/.exec(html)?.[0] ?? '<title>',
      `<title>${escapeHtml(shell.title)}</title>`,
    );
    const session = page.signedIn ? ' data-session' : '';
    // Where the server draws the screen with the parent's data (plugins/screen-drawing.ts).
    const markup = page.signedIn ? `<!--screen-->${shell.markup}<!--/screen-->` : shell.markup;
    html = swap(
      html,
      '<div id="root"></div>',
      `<div id="root" data-shell="${language}"${session} data-scripts="${assets.scripts}" aria-disabled="true">${markup}</div>`,
    );
    const file = shellFile(language, page.path);
    writeFileSync(path.join(dist, file), html);
    written.push(file);
  }
}
console.log(`pre-rendered: ${written.join(', ')}`);
