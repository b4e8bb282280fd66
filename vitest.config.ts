import { defineConfig } from 'vitest/config';

// One runner for every workspace; each project keeps its own environment.
export default defineConfig({
  test: {
    projects: ['packages/shared', 'packages/web-kit', 'apps/server', 'apps/web', 'apps/console'],
    // Two cores here; each server test file holds an in-memory PGlite.
    maxWorkers: 2,
  },
});
