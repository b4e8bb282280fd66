import react from '@vitejs/plugin-react';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/**
 * React Router 7 points every import at its development build (remix-run/react-router#12532);
 * the production build beside it differs only by its warnings. Same as apps/web.
 */
function reactRouterProductionBuild(): string {
  const development = fileURLToPath(import.meta.resolve('react-router'));
  const production = development.replace(/([\\/]dist[\\/])development([\\/])/, '$1production$2');
  if (production === development || !existsSync(production))
    throw new Error(`react-router has no production build beside ${development}`);
  return production;
}

/**
 * The school's console (decision 046): a plain Vite build served by the API server under /ops.
 * No pre-render and no chunk groups: every screen is a lazy route and the bundler splits the rest.
 */
export default defineConfig(({ command }) => ({
  base: '/ops/',
  plugins: [react()],
  resolve: {
    alias:
      command === 'build'
        ? [{ find: /^react-router$/, replacement: reactRouterProductionBuild() }]
        : [],
  },
  server: {
    port: 5174,
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // The console is not budgeted like the parents' app (decision 046): staff use it on desktop
    // connections, and the charts and the data table are large libraries.
    chunkSizeWarningLimit: 1000,
  },
}));
