import { defineProject } from 'vitest/config';

// JSX is compiled with the automatic runtime that tsconfig.json names (react-jsx).
export default defineProject({
  test: {
    name: 'web-kit',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
  },
});
