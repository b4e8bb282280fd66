// Pre-renders the sign-in page `/` into dist/shell/<language>.html after `vite build`
// (decision 026): the built index.html with the screen's markup in #root, its stylesheets written
// into the head, and in place of its script tags the inline script that keeps or removes the
// shell and starts the app (src/app/shell/keep-shell.ts). The server sends the shell of the
// visitor's language for `/` (apps/server/src/plugins/web.ts).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';
import { readManifest } from './manifest.mjs';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(webDir, 'dist');
const LANGUAGE_CHUNK = (language) => `src/locales/${language}/index.ts`;

const { chunks: manifest, entryKey, closure } = readManifest(dist);
const template = readFileSync(path.join(dist, 'index.html'), 'utf8');

/** The screen's own chunks beyond the ones the entry (already in index.html) brings. */
function screenChunks(screen) {
  const entry = closure(entryKey);
  return [...closure(screen)].filter((key) => !entry.has(key));
}

const STYLESHEET = /\s*<link rel="stylesheet"[^>]*href="\/([^"]+)"[^>]*>/g;
const PRELOAD = /\s*<link rel="modulepreload"[^>]*href="([^"]+)"[^>]*>/g;

/**
 * A stylesheet of the build as a `<style>` element, after a disabled `<link>` to its file. The
 * browser does not fetch a disabled stylesheet, but Vite's preload helper counts the link as
 * loaded: without it, the router's import of the screen appended the screen's stylesheets as
 * files, fetched them again and waited for them before hydrating (one more round trip).
 */
function inlineStyle(file) {
  const css = readFileSync(path.join(dist, file), 'utf8');
  if (css.includes('</style')) throw new Error(`prerender: ${file} cannot be inlined`);
  return `<link rel="stylesheet" href="/${file}" disabled /><style data-from="/${file}">${css}</style>`;
}

/**
 * The page's stylesheets, the screen's own with them, are written into the head, and its scripts
 * are left to the inline start (keep-shell.ts): the shell paints with the document alone. As
 * files, stylesheets and scripts shared HTTP/1.1's six connections and the first paint waited
 * for them (Lighthouse request list of `/`).
 */
function withAssets(html, language, screen) {
  const chunks = screenChunks(screen);
  const css = [
    ...[...html.matchAll(STYLESHEET)].map((match) => match[1]),
    ...chunks.flatMap((key) => manifest[key].css ?? []),
  ];
  const entry = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html);
  if (!entry) throw new Error('prerender: index.html has no module script');
  const preload = [
    ...[...html.matchAll(PRELOAD)].map((match) => match[1]),
    ...[LANGUAGE_CHUNK(language), ...chunks].map((key) => `/${manifest[key].file}`),
  ];
  const head = html.replace(STYLESHEET, '').replace(PRELOAD, '').replace(entry[0], '');
  return {
    html: head.replace(
      '</head>',
      () => `${css.map((file) => `  ${inlineStyle(file)}\n`).join('')}  </head>`,
    ),
    scripts: { entry: entry[1], preload },
  };
}

const escapeHtml = (text) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Replaces `from` in `text`, failing the build when the template no longer has it. */
function swap(text, from, to) {
  if (!text.includes(from)) throw new Error(`prerender: index.html has no ${from}`);
  return text.replace(from, () => to);
}

const vite = await createServer({
  root: webDir,
  configFile: path.join(webDir, 'vite.config.ts'),
  logLevel: 'warn',
  appType: 'custom',
  server: { middlewareMode: true, hmr: false, ws: false },
});
try {
  const { renderSignInShell } = await vite.ssrLoadModule('/src/app/shell/render.tsx');
  const { SIGN_IN_SCREEN } = await vite.ssrLoadModule('/src/app/shell/sign-in-screen.ts');
  const { LANGUAGES } = await vite.ssrLoadModule('@portal/shared/i18n');
  mkdirSync(path.join(dist, 'shell'), { recursive: true });
  for (const language of LANGUAGES) {
    const page = withAssets(template, language, SIGN_IN_SCREEN);
    const shell = await renderSignInShell(language, page.scripts);
    let html = swap(
      page.html,
      '<html lang="en">',
      `<html lang="${shell.htmlLang}" data-mantine-color-scheme="light">`,
    );
    html = swap(
      html,
      /<title>.*<\/title>/.exec(html)?.[0] ?? '<title>',
      `<title>${escapeHtml(shell.title)}</title>`,
    );
    html = swap(
      html,
      '<div id="root"></div>',
      `<div id="root" data-shell="${language}" aria-disabled="true">${shell.markup}</div>\n    <script>${shell.script}</script>`,
    );
    writeFileSync(path.join(dist, 'shell', `${language}.html`), html);
  }
  console.log(
    `pre-rendered the sign-in page: ${LANGUAGES.map((l) => `shell/${l}.html`).join(', ')}`,
  );
} finally {
  await vite.close();
}
