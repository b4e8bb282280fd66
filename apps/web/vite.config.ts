import react from '@vitejs/plugin-react';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { installableApp } from './pwa.config.ts';

/**
 * React Router 7 points every import at its development build, whose warnings stay switched on
 * (remix-run/react-router#12532, #14102); the production build next to it differs only by that
 * switch. The production bundle takes it.
 */
function reactRouterProductionBuild(): string {
  const development = fileURLToPath(import.meta.resolve('react-router'));
  const production = development.replace(/([\\/]dist[\\/])development([\\/])/, '$1production$2');
  if (production === development || !existsSync(production))
    throw new Error(`react-router has no production build beside ${development}`);
  return production;
}

export default defineConfig(({ command, isSsrBuild }) => ({
  // The server's drawing of signed-in screens (`vite build --ssr`, decision 056) is not the app.
  plugins: isSsrBuild ? [react()] : [react(), installableApp()],
  // The server's module carries its libraries, built for production: the server runs it as it
  // is, whatever its own NODE_ENV, with no React of its own beside it.
  ssr: isSsrBuild ? { noExternal: true } : undefined,
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : undefined,
  resolve: {
    alias:
      command === 'build'
        ? [{ find: /^react-router$/, replacement: reactRouterProductionBuild() }]
        : [],
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: isSsrBuild
    ? {
        // The server's module (apps/server/src/plugins/web.ts): beside the build it draws with,
        // never served (its own folder; the server serves none of dist/server).
        outDir: 'dist/server',
        emptyOutDir: false,
        copyPublicDir: false,
        ssrEmitAssets: false,
      }
    : {
        outDir: 'dist',
        sourcemap: false,
        // The bundle budget check (scripts/bundle-budget.mjs) reads the import graph from here.
        manifest: true,
        // The start chunk is ~600 KB before compression; its budget is enforced in gzip bytes by
        // scripts/bundle-budget.mjs, so the bundler's generic warning at 500 KB is raised.
        chunkSizeWarningLimit: 700,
        rolldownOptions: {
          output: {
            // Fewer, larger files (decision 027): what every page runs at start is one chunk, the
            // code eight or more screens share another. Left to itself the bundler made ~50 files of
            // a few hundred bytes per signed-in screen.
            codeSplitting: {
              groups: [
                { name: 'initial', tags: ['$initial'], priority: 2 },
                { name: 'common', minShareCount: 8, priority: 1 },
              ],
            },
          },
        },
      },
}));
