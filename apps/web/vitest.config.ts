import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  resolve: {
    // The build's PWA plugin (pwa.config.ts) provides this module; tests get a stand-in.
    alias: {
      'virtual:pwa-register/react': fileURLToPath(
        new URL('./src/test/pwa-register.ts', import.meta.url),
      ),
    },
  },
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // A budget per test, not a speed check (that is `npm run bench`): dialog walks with many
    // typed keys took over 5 s at load average 20 on the shared 2-core machines.
    testTimeout: 20_000,
  },
});
