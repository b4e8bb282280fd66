import react from '@vitejs/plugin-react';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { installableApp } from './pwa.config';
import { SIGN_IN_SCREEN } from './src/app/shell/sign-in-screen';

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

/**
 * The build's import graph, read as the bundler parses each module, so a chunk group can ask
 * which modules the sign-in screen imports (statically, directly or not) once all are parsed.
 */
function importGraph() {
  const imports = new Map<string, readonly string[]>();
  let signIn: Set<string> | undefined;
  const plugin: Plugin = {
    name: 'portal:import-graph',
    apply: 'build',
    buildStart() {
      imports.clear();
      signIn = undefined;
    },
    moduleParsed(info) {
      imports.set(info.id, info.importedIds);
    },
  };
  function signInImports(id: string): boolean {
    if (!signIn) {
      const screen = [...imports.keys()].find((key) =>
        key.replaceAll('\\', '/').endsWith(SIGN_IN_SCREEN),
      );
      if (!screen) throw new Error(`the build has no ${SIGN_IN_SCREEN}`);
      const seen = new Set<string>();
      const visit = (key: string) => {
        if (seen.has(key)) return;
        seen.add(key);
        for (const next of imports.get(key) ?? []) visit(next);
      };
      visit(screen);
      signIn = seen;
    }
    return signIn.has(id);
  }
  return { plugin, signInImports };
}

const graph = importGraph();

export default defineConfig(({ command }) => ({
  plugins: [react(), graph.plugin, installableApp()],
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
  build: {
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
        // code eight or more screens share another, split by whether the sign-in page uses it
        // (Mantine's inputs, the form library) or not (the account layout, the billing and
        // credit schemas), so the landing page does not load and run the signed-in screens'
        // shared code. Left to itself the bundler made ~50 files of a few hundred bytes per
        // signed-in screen.
        codeSplitting: {
          groups: [
            { name: 'initial', tags: ['$initial'], priority: 3 },
            {
              name: 'common',
              test: graph.signInImports,
              minShareCount: 8,
              minSize: 20_000,
              priority: 2,
            },
            { name: 'account', minShareCount: 8, priority: 1 },
          ],
        },
      },
    },
  },
}));
