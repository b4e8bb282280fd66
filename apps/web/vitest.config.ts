import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
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
